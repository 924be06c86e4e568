import CompositorCore
import Foundation

/// The CPU execution of a `BlurPlan` for a group's shadow: the alpha of an image blurred by the
/// plan (`BlurPlan.blurredAlpha`, which path shadow masks use too) and tinted.
enum GaussianBlur {
    /// `color` (premultiplied) times the alpha of `source` blurred by `plan`: an image of
    /// `plan.width` x `plan.height` pixels covering `plan.coveredRect` of the source's pixel space.
    static func shadow(of source: PixelBuffer, plan: BlurPlan, color: SIMD4<Float>) -> PixelBuffer {
        var alpha = [Float](repeating: 0, count: source.width * source.height)
        for y in 0..<source.height {
            let row = source.row(y)
            for x in 0..<source.width { alpha[y * source.width + x] = Float(row[x] >> 24) }
        }
        let blurred = plan.blurredAlpha(alpha, width: source.width, height: source.height)
        let out = PixelBuffer(width: plan.width, height: plan.height)
        let tint = color.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)) / 255
        for y in 0..<plan.height {
            let row = out.row(y)
            for x in 0..<plan.width { row[x] = packPixel(tint * blurred[y * plan.width + x]) }
        }
        return out
    }
}
