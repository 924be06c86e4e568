import CompositorCore
import CoreGraphics
import Foundation

/// The canvas pass of a frame redrawn in several damage rectangles, laid out for a handful of
/// draw calls instead of a scissor, a clear and a few draws per rectangle.
///
/// Every instance is copied once per rectangle holding a pixel it can change (its canvas bounds),
/// followed by that rectangle in framebuffer pixels; the `.damage` shader variant discards
/// fragments outside it, a scissor per copy (an affine quad is drawn as its bounds clamped to the
/// rectangle when that is smaller). The first batch replaces every rectangle with the clear colour
/// (one solid quad per rectangle, blending off, so a transparent clear colour replaces too); then
/// each canvas batch is one draw of its copies, in list order. The rectangles are disjoint, so
/// every pixel still sees its quads in list order.
///
/// A copy is written once per corner (`verticesPerCopy`) and drawn as two indexed triangles, the
/// two its triangle strip makes, in the strip's order: llvmpipe runs an instanced draw through its
/// vertex pipeline one instance at a time, a plain draw in bulk, and the triangles are the same.
final class DamagedCanvasDraws {
    /// Floats per vertex: a `QuadInstance` followed by its damage rectangle.
    static let stride = QuadInstance.stride + 4
    /// Vertices per copy: the corners of its strip, each with all of the copy's attributes.
    static let verticesPerCopy = 4
    /// The attribute location of the damage rectangle (quad.vert.glsl's `a_damage`).
    static let damageLocation: UInt32 = 15
    /// Rows of canvas pixels per band of the rectangle index.
    private static let bandHeight = 32

    /// The batches drawing the copies (first instance and count in copies): the clearing batch
    /// first, then the canvas pass's.
    private(set) var batches: [QuadBatch] = []
    /// The number of copies laid out, clearing quads included.
    private(set) var instanceCount = 0
    /// For each band of canvas rows, the rectangles overlapping it.
    // Touched for every instance by the renderer's thread alone, so not checked at run time.
    @exclusivity(unchecked) private var bands: [[Int]] = []
    /// The copies after the clearing quads: (instance, rectangle) pairs in drawing order.
    @exclusivity(unchecked) private var copies: [SIMD2<Int32>] = []
    /// For each canvas batch, the end of its copies in `copies`.
    private var batchEnds: [Int] = []
    /// The rectangles laid out, in canvas pixels and in framebuffer pixels (minX, minY, maxX, maxY).
    private var canvasRects: [PixelRect] = []
    private var framebufferRects: [SIMD4<Float>] = []
    /// The clear colour of the frame laid out.
    private var clearColor = PremultipliedColor.clear

    /// The bytes `write(into:instances:)` writes.
    var byteCount: Int { instanceCount * Self.verticesPerCopy * Self.stride * MemoryLayout<Float>.size }

    /// Lays out `canvasBatches` (canvas pixel bounds of their instances in `bounds`) for the
    /// canvas rectangles `rects` of a target `height` pixels high.
    ///
    /// Returns false, laying out nothing, when two rectangles overlap: a translucent instance
    /// drawn once for each would blend twice into their overlap.
    /// - Parameter yFlipped: whether canvas row 0 is the framebuffer's top row (`gl_FragCoord` counts up).
    /// - Parameter canChange: whether instance `i`, whose bounds overlap the canvas rectangle
    ///   (minX, minY, maxX, maxY), can change a pixel of it (a turned quad's bounds overlap
    ///   rectangles beside its corners that it does not reach).
    func plan(canvasBatches: [QuadBatch], bounds: [SIMD4<Int32>], rects: [PixelRect],
              height: Int, yFlipped: Bool, clearColor: PremultipliedColor,
              canChange: (Int, SIMD4<Int32>) -> Bool = { _, _ in true }) -> Bool {
        batches.removeAll(keepingCapacity: true)
        copies.removeAll(keepingCapacity: true)
        batchEnds.removeAll(keepingCapacity: true)
        instanceCount = 0
        indexBands(rects, height: height)
        guard areDisjoint(rects) else { return false }
        for batch in canvasBatches {
            for instance in batch.firstInstance..<(batch.firstInstance + batch.instanceCount) {
                let box = instance < bounds.count ? bounds[instance] : SIMD4(Int32.min, Int32.min, Int32.max, Int32.max)
                forEachRect(touching: box, rects: rects) { index in
                    let r = rects[index]
                    let area = SIMD4(Int32(clamping: r.x), Int32(clamping: r.y), Int32(clamping: r.x + r.width),
                                     Int32(clamping: r.y + r.height))
                    if canChange(instance, area) { copies.append(SIMD2(Int32(instance), Int32(index))) }
                }
            }
            batchEnds.append(copies.count)
        }
        framebufferRects.removeAll(keepingCapacity: true)
        for r in rects {
            let y = yFlipped ? height - r.y - r.height : r.y
            framebufferRects.append(SIMD4(Float(r.x), Float(y), Float(r.x + r.width), Float(y + r.height)))
        }
        canvasRects = rects
        self.clearColor = clearColor
        instanceCount = rects.count + copies.count
        batches.append(QuadBatch(firstInstance: 0, instanceCount: rects.count, texture: 0, samplerKey: 0,
                                 blend: .replace, features: .solid))
        var start = 0
        for (batch, end) in zip(canvasBatches, batchEnds) where end > start {
            var copied = batch
            copied.firstInstance = rects.count + start
            copied.instanceCount = end - start
            copied.features.insert(.damage)
            batches.append(copied)
            start = end
        }
        return true
    }

    /// Writes the copies laid out (`byteCount` bytes) at `out`, from `instances` (`QuadInstance.stride`
    /// floats each, the ones `plan` was given the batches of).
    func write(into out: UnsafeMutablePointer<Float>, instances: UnsafeBufferPointer<Float>) {
        let floatsPerCopy = Self.verticesPerCopy * Self.stride
        let clip = ClipResolver.Resolution(analytic: nil, tableIndex: -1)
        for (index, rect) in canvasRects.enumerated() {
            let quad = Quad(transform: .identity, rect: CGRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height),
                            fillColor: clearColor, isOpaque: true, antialiasedEdges: 0)
            let at = out + index * floatsPerCopy
            QuadInstance.write(quad, texture: nil, clip: clip, margin: 0, into: at)
            Self.finish(at, damage: framebufferRects[index])
        }
        framebufferRects.withUnsafeBufferPointer { rects in
            for (position, copy) in copies.enumerated() {
                let at = out + (rects.count + position) * floatsPerCopy
                at.update(from: instances.baseAddress! + Int(copy.x) * QuadInstance.stride, count: QuadInstance.stride)
                Self.finish(at, damage: rects[Int(copy.y)])
            }
        }
    }

    /// Writes the damage rectangle after the `QuadInstance` of the copy at `copy`, then copies
    /// its first vertex to its other corners.
    @inline(__always)
    private static func finish(_ copy: UnsafeMutablePointer<Float>, damage: SIMD4<Float>) {
        let at = copy + QuadInstance.stride
        at[0] = damage.x; at[1] = damage.y; at[2] = damage.z; at[3] = damage.w
        for corner in 1..<verticesPerCopy { (copy + corner * stride).update(from: copy, count: stride) }
    }

    /// Whether no two of `rects` (filed in the bands) share a pixel.
    private func areDisjoint(_ rects: [PixelRect]) -> Bool {
        for (index, rect) in rects.enumerated() {
            let box = SIMD4(Int32(clamping: rect.x), Int32(clamping: rect.y),
                            Int32(clamping: rect.x + rect.width), Int32(clamping: rect.y + rect.height))
            var overlaps = false
            forEachRect(touching: box, rects: rects) { other in overlaps = overlaps || other != index }
            if overlaps { return false }
        }
        return true
    }

    /// Files each rectangle under the bands of rows it overlaps.
    private func indexBands(_ rects: [PixelRect], height: Int) {
        let count = max(1, (height + Self.bandHeight - 1) / Self.bandHeight)
        if bands.count != count { bands = Array(repeating: [], count: count) }
        for band in bands.indices { bands[band].removeAll(keepingCapacity: true) }
        for (index, rect) in rects.enumerated() {
            for band in band(of: rect.y)...band(of: rect.y + rect.height - 1) { bands[band].append(index) }
        }
    }

    private func band(of row: Int) -> Int { min(max(row / Self.bandHeight, 0), bands.count - 1) }

    /// Calls `body` with the index of every rectangle that `box` (minX, minY, maxX, maxY,
    /// exclusive) overlaps, each once (rectangles are disjoint, so their order is free).
    private func forEachRect(touching box: SIMD4<Int32>, rects: [PixelRect], _ body: (Int) -> Void) {
        guard box.x < box.z, box.y < box.w else { return }
        let top = Int(box.y), bottom = Int(box.w) - 1
        for band in band(of: top)...band(of: bottom) {
            for index in bands[band] {
                let r = rects[index]
                guard Int(box.x) < r.x + r.width, Int(box.z) > r.x, top < r.y + r.height, bottom >= r.y else { continue }
                // A rectangle filed under several bands counts in the first band both overlap.
                guard band == self.band(of: max(top, r.y)) else { continue }
                body(index)
            }
        }
    }
}
