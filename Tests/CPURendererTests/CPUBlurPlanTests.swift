import CompositorCore
@testable import CPURenderer
import Foundation
import XCTest

/// The CPU execution of a `BlurPlan`: a blurred opaque square, scaled back up bilinearly, is the
/// Gaussian's closed form (a product of two differences of error functions) at full resolution
/// and after halvings alike, so the box halvings show no blocks.
final class CPUBlurPlanTests: XCTestCase {
    private let side = 40

    /// The exact blur of the opaque square [0, side)² at a pixel centre, in 0...1.
    private func exact(_ x: Double, _ y: Double, sigma: Double) -> Double {
        let s = sigma * 2.squareRoot()
        func axis(_ p: Double) -> Double { 0.5 * (erf(p / s) - erf((p - Double(side)) / s)) }
        return axis(x) * axis(y)
    }

    /// The blurred image's alpha at content position (x, y), sampled bilinearly as the
    /// renderers draw it scaled back up.
    private func sample(_ image: PixelBuffer, plan: BlurPlan, _ x: Double, _ y: Double) -> Double {
        let d = Double(plan.downsample)
        let u = (x + Double(plan.padding)) / d - 0.5, v = (y + Double(plan.padding)) / d - 0.5
        let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
        let fx = u - Double(x0), fy = v - Double(y0)
        func alpha(_ i: Int, _ j: Int) -> Double {
            guard i >= 0, j >= 0, i < image.width, j < image.height else { return 0 }
            return Double(image.row(j)[i] >> 24) / 255
        }
        let top = alpha(x0, y0) * (1 - fx) + alpha(x0 + 1, y0) * fx
        let bottom = alpha(x0, y0 + 1) * (1 - fx) + alpha(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }

    private func largestError(sigma: Double) -> (error: Double, plan: BlurPlan) {
        let square = PixelBuffer(width: side, height: side)
        for y in 0..<side { for x in 0..<side { square.row(y)[x] = packPixel(SIMD4(1, 1, 1, 1)) } }
        let plan = BlurPlan(sigma: sigma, contentWidth: side, contentHeight: side)
        let image = GaussianBlur.shadow(of: square, plan: plan, color: SIMD4(0, 0, 0, 1), into: PixelBuffer(width: plan.width, height: plan.height))
        XCTAssertEqual([image.width, image.height], [plan.width, plan.height])
        var worst = 0.0
        for y in stride(from: -plan.padding, to: side + plan.padding, by: 1) {
            for x in stride(from: -plan.padding, to: side + plan.padding, by: 1) {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                worst = max(worst, abs(sample(image, plan: plan, cx, cy) - exact(cx, cy, sigma: sigma)))
            }
        }
        return (worst, plan)
    }

    func testAFullResolutionBlurIsTheClosedForm() {
        let (error, plan) = largestError(sigma: 3)
        XCTAssertEqual(plan.levels, 0)
        XCTAssertLessThan(error, 1.5 / 255)
    }

    func testAHalvedBlurScaledBackUpIsTheClosedForm() {
        for sigma in [6.0, 12, 20] {
            let (error, plan) = largestError(sigma: sigma)
            XCTAssertGreaterThan(plan.levels, 0)
            // Within the GLES shadow tests' tolerance for wide blurs (4/255 of the colour).
            XCTAssertLessThan(error, 4 / 255, "sigma \(sigma), \(plan.levels) halvings")
        }
    }

    func testATinyBlurIsTheTintedContent() {
        let square = PixelBuffer(width: 2, height: 1)
        square.row(0)[0] = packPixel(SIMD4(1, 1, 1, 1))
        let plan = BlurPlan(sigma: 0.1, contentWidth: 2, contentHeight: 1)
        let image = GaussianBlur.shadow(of: square, plan: plan, color: SIMD4(0, 0, 0.5, 0.5), into: PixelBuffer(width: plan.width, height: plan.height))
        XCTAssertEqual([image.width, image.height], [2, 1])
        XCTAssertEqual(image.row(0)[0] >> 24, 128)
        XCTAssertEqual(image.row(0)[1], 0)
    }
}
