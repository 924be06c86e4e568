import CompositorCore
import CoreGraphics
import XCTest

/// The shared backdrop plan: the pixels a backdrop reads, the damage it grows, and blurs whose
/// edges repeat the edge pixels instead of fading into transparency.
final class BackdropFilterTests: XCTestCase {
    private func backdropQuad(_ rect: CGRect, sigma: Float) -> Quad {
        var quad = Quad(transform: .identity, rect: rect)
        quad.backdrop = BackdropFilter(filters: [.blur(sigma: sigma)])
        return quad
    }

    /// A blur of sigma 5 reads 15 pixels around what it draws, within the target.
    func testTheSourcePixelsAreTheDrawnOnesGrownByTheReach() {
        let quad = backdropQuad(CGRect(x: 10, y: 50, width: 100, height: 20), sigma: 5)
        let backdrop = quad.backdrop!
        XCTAssertEqual(backdrop.reach, 15)
        XCTAssertEqual(backdrop.sourcePixels(of: quad, width: 200, height: 100), PixelRect(x: 0, y: 35, width: 125, height: 50))
        XCTAssertEqual(BackdropFilter.drawnPixels(of: quad, width: 200, height: 100), PixelRect(x: 10, y: 50, width: 100, height: 20))
    }

    /// Damage meeting what a canvas-level backdrop reads grows to all of it, merged with what it
    /// meets; damage elsewhere stays as it was, and a backdrop inside a group grows nothing.
    func testDamageUnderABackdropGrowsToAllItReads() {
        let quad = backdropQuad(CGRect(x: 40, y: 40, width: 40, height: 20), sigma: 2)
        let list = DrawList(pixelWidth: 200, pixelHeight: 200, commands: [.quad(quad)])
        let source = PixelRect(x: 34, y: 34, width: 52, height: 32)
        XCTAssertEqual(BackdropFilter.grow([PixelRect(x: 150, y: 150, width: 10, height: 10)], for: list),
                       [PixelRect(x: 150, y: 150, width: 10, height: 10)])
        XCTAssertEqual(BackdropFilter.grow([PixelRect(x: 30, y: 30, width: 6, height: 6)], for: list),
                       [PixelRect(x: 30, y: 30, width: 56, height: 36)])
        XCTAssertEqual(BackdropFilter.grow([PixelRect(x: 50, y: 50, width: 2, height: 2)], for: list), [source])
        let grouped = DrawList(pixelWidth: 200, pixelHeight: 200, commands: [
            .beginGroup(CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: 200, height: 200),
                                         pixelWidth: 200, pixelHeight: 200)),
            .quad(quad), .endGroup,
        ])
        XCTAssertEqual(BackdropFilter.grow([PixelRect(x: 50, y: 50, width: 2, height: 2)], for: grouped),
                       [PixelRect(x: 50, y: 50, width: 2, height: 2)])
    }

    /// A constant plane blurred with duplicated edges stays constant to its edges, at full
    /// resolution and after halvings; with transparent edges its border falls to about half.
    func testDuplicatedEdgesKeepAConstantPlaneConstant() {
        let (w, h) = (37, 23)
        let plane = [Float](repeating: 200, count: w * h)
        for sigma in [2.0, 9.0] {
            let plan = BlurPlan(sigma: sigma, contentWidth: w, contentHeight: h, edges: .duplicated)
            XCTAssertEqual(plan.padding, 0)
            XCTAssertEqual(plan.coveredRect.origin, .zero)
            let blurred = plan.blurredAlpha(plane, width: w, height: h)
            XCTAssertEqual(blurred.min() ?? 0, 200, accuracy: 0.01, "sigma \(sigma)")
            XCTAssertEqual(blurred.max() ?? 0, 200, accuracy: 0.01, "sigma \(sigma)")
        }
        let transparent = BlurPlan(sigma: 2, contentWidth: w, contentHeight: h)
        let faded = transparent.blurredAlpha(plane, width: w, height: h)
        // The content's corner pixel, `padding` in from the padded image's corner.
        let corner = faded[transparent.padding * transparent.width + transparent.padding]
        XCTAssertLessThan(corner, 100)
    }
}
