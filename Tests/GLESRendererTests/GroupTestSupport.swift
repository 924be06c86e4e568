import CompositorCore
import CoreGraphics
import Foundation
import GLESRenderer
import XCTest

/// Helpers for tests of compositing groups: draw lists of commands, whole-image comparisons and
/// the Gaussian that shadows are expected to follow.
extension RenderTestSupport {
    static let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
    static let black = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)

    /// Renders `commands` on a `width` x `height` canvas and returns the read-back image and statistics.
    static func render(_ renderer: GLESRenderer, width: Int, height: Int, clear: PremultipliedColor = .clear,
                       commands: [DrawCommand], clips: [Clip] = []) throws -> (CGImage, RenderStatistics) {
        let list = DrawList(pixelWidth: width, pixelHeight: height, clearColor: clear, commands: commands, clips: clips)
        let statistics = try renderer.render(list)
        return (try renderer.readPixels(), statistics)
    }

    /// A group covering the whole canvas one to one (its pixel space is the canvas).
    static func canvasGroup(width: Int, height: Int, opacity: Float = 1, shadow: GroupShadow? = nil,
                            drawsContent: Bool = true, key: RasterizationKey? = nil) -> CompositingGroup {
        CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: width, height: height),
                         pixelWidth: width, pixelHeight: height, opacity: opacity, drawsContent: drawsContent,
                         shadow: shadow, rasterizationKey: key)
    }

    /// The largest difference of any channel of any pixel between two images of the same size.
    static func largestDifference(_ a: CGImage, _ b: CGImage) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        var largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                for (p, q) in zip(pixel(a, x, y), pixel(b, x, y)) { largest = max(largest, abs(p - q)) }
            }
        }
        return largest
    }

    /// The normal distribution's cumulative function.
    static func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.squareRoot())) }

    /// The coverage of the interval `lo...hi` blurred by a Gaussian of `sigma`, at `x`.
    static func blurredInterval(_ x: Double, _ lo: Double, _ hi: Double, sigma: Double) -> Double {
        phi((hi - x) / sigma) - phi((lo - x) / sigma)
    }
}
