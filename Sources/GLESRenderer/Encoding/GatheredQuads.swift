import CompositorCore
import Dispatch

/// The quads met since the last other drawable, in drawing order, gathered by their commands
/// alone and then told apart in chunks on several threads (`classify`): which are plain (a
/// `ChunkedQuadRun` takes them), which are not drawn, and which are encoded on their own.
///
/// The encoding thread reads no quad's fields while it gathers: at N = 100,000 a quad's storage
/// is a miss to memory where the storages do not lie in drawing order (S1-anim's, recycled by
/// the render server's moved drawings), and misses met one quad after the other on one thread
/// cost more than all the rest of its work. The chunks meet them on every core instead.
///
/// Its storage is kept from run to run and frame to frame.
struct GatheredQuads {
    /// What a gathered quad is.
    enum Kind: UInt8 {
        /// Not drawn (transparent or facing away): it joins a run as nothing.
        case hidden
        /// A plain quad without a texture.
        case plain
        /// A plain quad sampling an image (its `texture(at:)`).
        case textured
        /// Encoded on its own: a backdrop, blurred, gradient or video quad.
        case alone
    }

    /// The image a textured plain quad samples and how: quads alike bind the same texture.
    struct Texture: Equatable {
        var image: ObjectIdentifier
        /// The unit rect's origin and size, compared in a few instructions (`CGRect.==` is a
        /// call of some 55 into Foundation).
        var unitRect: SIMD4<Double>
        var minification: TextureFilter
        var magnification: TextureFilter
    }

    /// The commands of the quads gathered, in drawing order.
    private var commands: [Int32] = []
    /// What each is, written by the chunks of `classify`.
    private var kinds: [Kind] = []
    /// The texture of each textured quad (any value for the others).
    private var textures: [Texture] = []

    /// The quads gathered.
    var count: Int { commands.count }
    var isEmpty: Bool { commands.isEmpty }

    /// Gathers the quad of command `command`.
    @inline(__always)
    mutating func append(command: Int) {
        commands.append(Int32(truncatingIfNeeded: command))
    }

    /// Forgets the quads gathered, keeping the storage.
    mutating func removeAll() {
        commands.removeAll(keepingCapacity: true)
    }

    /// The command of gathered quad `k`.
    @inline(__always)
    func command(at k: Int) -> Int { Int(commands[k]) }

    /// What gathered quad `k` is, once classified.
    @inline(__always)
    func kind(at k: Int) -> Kind { kinds[k] }

    /// The end of the stretch of plain quads from gathered quad `k`: the first after it that
    /// is not plain, or `count`.
    func endOfPlainQuads(from k: Int) -> Int {
        kinds.withUnsafeBufferPointer { kinds in
            var end = k
            while end < commands.count, kinds[end] == .plain { end += 1 }
            return end
        }
    }

    /// The commands of gathered quads `range`.
    func commands(_ range: Range<Int>) -> ArraySlice<Int32> { commands[range] }

    /// The texture of gathered quad `k`, when it is textured.
    @inline(__always)
    func texture(at k: Int) -> Texture { textures[k] }

    /// Tells the gathered quads apart, reading their commands in `drawCommands`: in chunks of
    /// `ChunkedQuadRun.chunkSize` on several threads when there are two chunks or more.
    mutating func classify(_ drawCommands: UnsafeBufferPointer<DrawCommand>) {
        let count = commands.count
        if kinds.count < count {
            let capacity = max(count, 2 * kinds.count)
            kinds = [Kind](repeating: .hidden, count: capacity)
            textures = [Texture](repeating: Texture(image: ObjectIdentifier(GatheredQuads.self), unitRect: .zero,
                                                    minification: .linear, magnification: .linear), count: capacity)
        }
        commands.withUnsafeBufferPointer { commands in
            kinds.withUnsafeMutableBufferPointer { kinds in
                textures.withUnsafeMutableBufferPointer { textures in
                    let job = ClassifyJob(drawCommands: drawCommands, commands: commands.baseAddress!, count: count,
                                          kinds: kinds.baseAddress!, textures: textures.baseAddress!)
                    let chunks = (count + ChunkedQuadRun.chunkSize - 1) / ChunkedQuadRun.chunkSize
                    if chunks < 2 {
                        job.classify(chunk: 0)
                    } else {
                        DispatchQueue.concurrentPerform(iterations: chunks) { job.classify(chunk: $0) }
                    }
                }
            }
        }
    }

    /// What `quad` is, and its texture when it is textured.
    @inline(__always)
    static func kind(of quad: Quad) -> (Kind, Texture?) {
        guard quad.backdrop == nil, quad.blurSigma <= 0, quad.gradient == nil else { return (.alone, nil) }
        if quad.opacity <= 0 || (!quad.isDoubleSided && quad.transform.facesAway) { return (.hidden, nil) }
        // The texture read in place (no retain of an image many quads share); a video frame's
        // quad is encoded on its own.
        guard let sampling = quad.textureSampling else { return (.plain, nil) }
        guard let image = quad.textureImage?.image else { return (.alone, nil) }
        let rect = sampling.unitRect
        let unitRect = SIMD4(Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height))
        return (.textured, Texture(image: image, unitRect: unitRect, minification: sampling.minification,
                                   magnification: sampling.magnification))
    }
}

/// The chunks of one classification: each reads its quads and writes their kinds and textures at
/// their own positions, so no two chunks write the same memory.
private struct ClassifyJob: @unchecked Sendable {
    let drawCommands: UnsafeBufferPointer<DrawCommand>
    let commands: UnsafePointer<Int32>
    let count: Int
    let kinds: UnsafeMutablePointer<GatheredQuads.Kind>
    let textures: UnsafeMutablePointer<GatheredQuads.Texture>

    func classify(chunk: Int) {
        let start = chunk * ChunkedQuadRun.chunkSize, end = min(count, start + ChunkedQuadRun.chunkSize)
        for k in start..<end {
            guard case let .quad(quad) = drawCommands[Int(commands[k])] else {
                kinds[k] = .hidden
                continue
            }
            let (kind, texture) = GatheredQuads.kind(of: quad)
            kinds[k] = kind
            if let texture { textures[k] = texture }
        }
    }
}
