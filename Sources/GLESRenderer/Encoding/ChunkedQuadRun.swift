import CompositorCore
import Foundation
import Dispatch

/// A run of consecutive plain quads of a pass (no backdrop, blur, gradient or video), taken from
/// the quads gathered (`GatheredQuads`) with their textures resolved in drawing order, then
/// written as consecutive instances: in chunks of `chunkSize` quads on several threads when the
/// run holds two chunks or more, each chunk writing only its own instances, features and bounds;
/// then added to the pass's batches in order on the encoding thread. The instances, features
/// and batches are those of the quads encoded one by one (`InstanceWriter` is the code of both).
///
/// Its storage is kept from run to run and frame to frame: a frame allocates nothing per quad.
struct ChunkedQuadRun {
    /// Quads a chunk writes.
    static let chunkSize = 2048

    /// The commands of the run's quads, in drawing order.
    private var commands: [Int32] = []
    /// Their texture bindings (nil untextured).
    private var bindings: [InstanceWriter.Binding?] = []
    /// Their blend states, written by the chunks.
    private var blends: [BatchBlend] = []

    /// The texture of the last textured quad taken and its binding: a quad sampling the same
    /// image the same way binds it alike, without asking the texture cache again. Forgotten with
    /// the run, so the cache is asked again once anything else has been encoded.
    var lastTexture: (texture: GatheredQuads.Texture, binding: InstanceWriter.Binding)?

    /// The quads taken.
    var count: Int { commands.count }
    var isEmpty: Bool { commands.isEmpty }

    /// Adds the quad of command `command`, sampling through `binding`.
    mutating func append(command: Int, binding: InstanceWriter.Binding?) {
        commands.append(Int32(truncatingIfNeeded: command))
        bindings.append(binding)
    }

    /// Adds the untextured quads of commands `newCommands`, in order.
    mutating func appendUntextured(_ newCommands: ArraySlice<Int32>) {
        commands.append(contentsOf: newCommands)
        bindings.append(contentsOf: repeatElement(nil, count: newCommands.count))
    }

    /// Forgets the run, keeping its storage.
    mutating func removeAll() {
        commands.removeAll(keepingCapacity: true)
        bindings.removeAll(keepingCapacity: true)
        lastTexture = nil
    }

    /// Writes the first `count` quads' instances from instance `first` of `instances`
    /// (`QuadInstance.stride` floats each) and their features at `features`, and the masks of
    /// the whole blocks of instances a chunk writes into `blockMasks` (`InstanceBlockMasks`);
    /// with `bounds`, the canvas pixels each can change and how (`InstanceWriter.canvasBounds`)
    /// on a `width` x `height` canvas.
    mutating func write(_ count: Int, commands drawCommands: UnsafeBufferPointer<DrawCommand>, writer: InstanceWriter,
                        first: Int, of instances: UnsafeMutablePointer<Float>, blockMasks: UnsafeMutablePointer<UInt64>,
                        features: UnsafeMutablePointer<ShaderFeatures>,
                        bounds: (UnsafeMutablePointer<SIMD4<Int32>>, UnsafeMutablePointer<(blurred: Bool, replaces: Bool)>)?,
                        width: Int, height: Int) {
        if blends.count < count { blends = [BatchBlend](repeating: .sourceOver, count: max(count, 2 * blends.count)) }
        commands.withUnsafeBufferPointer { commands in
            bindings.withUnsafeBufferPointer { bindings in
                blends.withUnsafeMutableBufferPointer { blends in
                    let job = ChunkedQuadJob(writer: writer, drawCommands: drawCommands, commands: commands.baseAddress!,
                                             bindings: bindings.baseAddress!, count: count, first: first,
                                             instances: instances + first * QuadInstance.stride, blockMasks: blockMasks,
                                             features: features, blends: blends.baseAddress!, bounds: bounds,
                                             width: width, height: height)
                    let chunks = (count + Self.chunkSize - 1) / Self.chunkSize
                    if chunks < 2 {
                        job.write(chunk: 0)
                    } else {
                        DispatchQueue.concurrentPerform(iterations: chunks) { job.write(chunk: $0) }
                    }
                }
            }
        }
    }

    /// Adds the first `count` quads, written from instance `first` on, to `builder`'s batches in
    /// order (`PassBuilder.add`): a quad with the state of the one before joins its batch as it
    /// is, so only the first of each such stretch is weighed.
    func add(_ count: Int, first: Int, features: [ShaderFeatures], to builder: PassBuilder) {
        bindings.withUnsafeBufferPointer { bindings in
            blends.withUnsafeBufferPointer { blends in
                features.withUnsafeBufferPointer { features in
                    var k = 0
                    while k < count {
                        let texture = bindings[k]?.texture ?? 0, samplerKey = bindings[k]?.samplerKey ?? 0
                        let blend = blends[k], quadFeatures = features[first + k]
                        builder.add(instance: first + k, texture: texture, samplerKey: samplerKey, blend: blend, features: quadFeatures)
                        var next = k + 1
                        while next < count, blends[next] == blend, features[first + next] == quadFeatures,
                              (bindings[next]?.texture ?? 0) == texture, (bindings[next]?.samplerKey ?? 0) == samplerKey {
                            next += 1
                        }
                        if next > k + 1 { builder.extendLastBatch(by: next - k - 1) }
                        k = next
                    }
                }
            }
        }
    }
}

/// The chunks of one run being written: each reads the run's quads and writes their
/// instances, features, blends and bounds, all at the quad's own position, and the masks of the
/// blocks of instances it writes whole, so no two chunks write the same memory.
private struct ChunkedQuadJob: @unchecked Sendable {
    let writer: InstanceWriter
    let drawCommands: UnsafeBufferPointer<DrawCommand>
    let commands: UnsafePointer<Int32>
    let bindings: UnsafePointer<InstanceWriter.Binding?>
    let count: Int
    /// The index of the run's first instance among the frame's, where `instances` points.
    let first: Int
    let instances: UnsafeMutablePointer<Float>
    let blockMasks: UnsafeMutablePointer<UInt64>
    let features: UnsafeMutablePointer<ShaderFeatures>
    let blends: UnsafeMutablePointer<BatchBlend>
    let bounds: (UnsafeMutablePointer<SIMD4<Int32>>, UnsafeMutablePointer<(blurred: Bool, replaces: Bool)>)?
    let width: Int, height: Int

    func write(chunk: Int) {
        let start = chunk * ChunkedQuadRun.chunkSize, end = min(count, start + ChunkedQuadRun.chunkSize)
        let blockSize = InstanceBlockMasks.blockSize
        for k in start..<end {
            write(k)
            // A block this chunk wrote whole, its mask found while its instances are in cache.
            let blockEnd = first + k + 1
            if blockEnd % blockSize == 0 && blockEnd - blockSize >= first + start {
                let block = instances + (k + 1 - blockSize) * QuadInstance.stride
                blockMasks[blockEnd / blockSize - 1] = InstanceBlockMasks.mask(ofBlockAt: block)
            }
        }
    }

    /// Writes the instance, features, blend and bounds of the run's quad `k`.
    @inline(__always)
    private func write(_ k: Int) {
        guard case let .quad(quad) = drawCommands[Int(commands[k])] else { return }
        let state = writer.drawnState(of: quad)
        let out = instances + k * QuadInstance.stride
        features[k] = writer.write(quad, binding: bindings[k], alphaTint: false, gradient: false, video: false,
                                   clip: state.clip, margin: state.margin, into: out).features
        blends[k] = state.blend
        if let (pixels, reach) = bounds {
            pixels[k] = InstanceWriter.canvasBounds(of: quad, written: out, analyticClip: state.clip.analytic != nil,
                                                    replaces: state.blend == .replace, width: width, height: height)
            reach[k] = (false, state.blend == .replace)
        }
    }
}
