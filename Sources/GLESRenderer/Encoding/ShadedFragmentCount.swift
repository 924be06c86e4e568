import CompositorCore
import CoreGraphics
import Foundation

/// The fragments a frame's instances shade, counted as they are written when asked for
/// (`GLESRenderer.countsShadedFragments`): each instance's drawn rect (its rect outset by its
/// margin, or the part its clip can cover, `ClippedQuadGeometry`) mapped to its pass's canvas,
/// clipped to that canvas and, on a damage-limited canvas, to the damage rectangles.
/// Off, it costs one test per instance.
struct ShadedFragmentCount {
    /// Whether instances are counted.
    var isEnabled = false
    /// The pixels counted since the last `reset()`.
    private(set) var pixels = 0.0

    mutating func reset() { pixels = 0 }

    /// Counts an instance of `quad` drawn as `drawn` (minX, minY, maxX, maxY in local units), or
    /// as its rect outset by `margin`, on a `width` x `height` canvas, within `damage` when given.
    mutating func add(_ quad: Quad, drawn: SIMD4<Double>?, margin: Float, width: Int, height: Int, damage: [PixelRect]?) {
        let rect = drawn.map { CGRect(x: $0.x, y: $0.y, width: $0.z - $0.x, height: $0.w - $0.y) }
            ?? quad.rect.standardized.insetBy(dx: -CGFloat(margin), dy: -CGFloat(margin))
        let canvas = SIMD4<Double>(0, 0, Double(width), Double(height))
        guard let damage else {
            pixels += ShadedArea.pixels(of: rect, transform: quad.transform, within: canvas)
            return
        }
        for r in damage {
            let box = SIMD4<Double>(max(0, Double(r.x)), max(0, Double(r.y)),
                                    min(canvas.z, Double(r.x + r.width)), min(canvas.w, Double(r.y + r.height)))
            pixels += ShadedArea.pixels(of: rect, transform: quad.transform, within: box)
        }
    }
}
