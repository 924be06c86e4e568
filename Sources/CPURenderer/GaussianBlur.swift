import CompositorCore
import Foundation

/// The CPU execution of a `BlurPlan` for a group's shadow: the alpha of an image blurred by the
/// plan (`BlurPlan.blurredAlpha`, which path shadow masks use too) and tinted.
enum GaussianBlur {
    /// `color` (premultiplied) times the alpha of `source` blurred by `plan`, written over every
    /// pixel of `out` (`plan.width` x `plan.height`), which then covers `plan.coveredRect` of the
    /// source's pixel space.
    static func shadow(of source: PixelBuffer, plan: BlurPlan, color: SIMD4<Float>, into out: PixelBuffer) -> PixelBuffer {
        precondition(out.width == plan.width && out.height == plan.height, "a shadow image of another size than its plan")
        var alpha = [Float](repeating: 0, count: source.width * source.height)
        for y in 0..<source.height {
            let row = source.row(y)
            for x in 0..<source.width { alpha[y * source.width + x] = Float(row[x] >> 24) }
        }
        let blurred = plan.blurredAlpha(alpha, width: source.width, height: source.height)
        let tint = color.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)) / 255
        for y in 0..<plan.height {
            let row = out.row(y)
            for x in 0..<plan.width { row[x] = packPixel(tint * blurred[y * plan.width + x]) }
        }
        return out
    }
}
