import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// Pixel probes of what a quad paints on the CPU renderer: corners, borders, opacity, textures, filters.
final class CPUAppearanceTests: XCTestCase {
    typealias S = CPUTestSupport

    func testRoundedCornerIsCutAndAntialiasedOnTheArc() throws {
        let quad = Quad(transform: .translation(10, 10), rect: CGRect(x: 0, y: 0, width: 100, height: 100),
                        fillColor: S.red, cornerRadii: CornerRadii(uniform: 30))
        let (image, _) = try S.render(width: 128, height: 128, quads: [quad])
        XCTAssertEqual(S.pixel(image, 10, 10)[3], 0)
        XCTAssertPixel(S.pixel(image, 22, 22), [255, 0, 0, 255])
        // Pixel (11, 30)'s centre is 30.04 px from the arc's centre (40, 40): 0.04 outside the arc.
        let distance = ((40 - 11.5) * (40 - 11.5) + (40 - 30.5) * (40 - 30.5)).squareRoot()
        XCTAssertEqual(Double(S.pixel(image, 11, 30)[3]), (0.5 - (distance - 30)) * 255, accuracy: 2)
        XCTAssertPixel(S.pixel(image, 60, 60), [255, 0, 0, 255])
    }

    func testBorderIsInsideTheEdgeAndFillBeginsBeyondIt() throws {
        let quad = Quad(transform: .translation(10, 10), rect: CGRect(x: 0, y: 0, width: 100, height: 100),
                        fillColor: S.blue, borderWidth: 5, borderColor: S.red)
        let (image, _) = try S.render(width: 128, height: 128, quads: [quad])
        XCTAssertPixel(S.pixel(image, 10, 60), [255, 0, 0, 255])
        XCTAssertPixel(S.pixel(image, 14, 60), [255, 0, 0, 255])
        XCTAssertPixel(S.pixel(image, 16, 60), [0, 0, 255, 255])
        XCTAssertPixel(S.pixel(image, 60, 109), [255, 0, 0, 255])
        XCTAssertPixel(S.pixel(image, 60, 103), [0, 0, 255, 255])
        XCTAssertEqual(S.pixel(image, 9, 60)[3], 0)
        // The border's inner edge lies on pixel 15's left side: pixel 15 is half border, half fill.
        let quarter = Quad(transform: .translation(10, 10), rect: CGRect(x: 0, y: 0, width: 100, height: 100),
                           fillColor: S.blue, borderWidth: 5.5, borderColor: S.red)
        let (split, _) = try S.render(width: 128, height: 128, quads: [quarter])
        XCTAssertPixel(S.pixel(split, 15, 60), [128, 0, 128, 255], tolerance: 2)
    }

    func testHalfOpacityBlendsOverTheClearColor() throws {
        let quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 32, height: 32), fillColor: S.red, opacity: 0.5)
        let (image, _) = try S.render(width: 32, height: 32, clear: S.blue, quads: [quad])
        XCTAssertPixel(S.pixel(image, 16, 16), [128, 0, 128, 255])
    }

    func testOpaqueQuadReplacesWhatIsUnderIt() throws {
        let rect = CGRect(x: 0, y: 0, width: 16, height: 16)
        let quads = [
            Quad(transform: .identity, rect: rect, fillColor: S.red, opacity: 0.5),
            Quad(transform: .translation(8, 8), rect: rect, fillColor: S.blue, isOpaque: true),
            Quad(transform: .translation(16, 16), rect: rect, fillColor: S.green, opacity: 0.5),
        ]
        let (image, _) = try S.render(width: 32, height: 32, quads: quads)
        XCTAssertPixel(S.pixel(image, 12, 12), [0, 0, 255, 255])
        XCTAssertPixel(S.pixel(image, 4, 4), [128, 0, 0, 128])
        XCTAssertPixel(S.pixel(image, 20, 20), [0, 128, 128, 255])
    }

    private func checkerQuad(filter: TextureFilter) -> Quad {
        let checker = S.image(width: 2, height: 2) { x, y in (x + y) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
        return Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 100, height: 100),
                    texture: TextureSource(image: checker, minificationFilter: filter, magnificationFilter: filter))
    }

    func testNearestMagnificationKeepsTexelsSharp() throws {
        let (image, _) = try S.render(width: 100, height: 100, quads: [checkerQuad(filter: .nearest)])
        XCTAssertPixel(S.pixel(image, 49, 25), [255, 255, 255, 255])
        XCTAssertPixel(S.pixel(image, 50, 25), [0, 0, 0, 255])
        XCTAssertPixel(S.pixel(image, 25, 75), [0, 0, 0, 255])
    }

    func testLinearMagnificationInterpolatesBetweenTexels() throws {
        let (image, _) = try S.render(width: 100, height: 100, quads: [checkerQuad(filter: .linear)])
        // Pixel 37's centre is at u = 0.375, texel coordinate 0.75 - 0.5 = 0.25 past texel 0's
        // centre (0.75 white along the row); row 25 is at v = 0.255, 0.01 texel below row 0's
        // centre, where the checker is inverted: 0.99 x 0.75 + 0.01 x 0.25 white.
        XCTAssertEqual(Double(S.pixel(image, 37, 25)[0]), (0.99 * 0.75 + 0.01 * 0.25) * 255, accuracy: 1)
        XCTAssertEqual(Double(S.pixel(image, 50, 50)[0]), 127.5, accuracy: 1)
        XCTAssertPixel(S.pixel(image, 10, 10), [255, 255, 255, 255])
    }

    func testTrilinearMinificationAveragesAFineChecker() throws {
        let fine = S.image(width: 256, height: 256) { x, y in (x + y) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
        func quad(_ filter: TextureFilter) -> Quad {
            Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 16, height: 16),
                 texture: TextureSource(image: fine, minificationFilter: filter, magnificationFilter: .linear))
        }
        let (smooth, _) = try S.render(width: 32, height: 32, quads: [quad(.trilinear)])
        XCTAssertEqual(Double(S.pixel(smooth, 8, 8)[0]), 127.5, accuracy: 2)
        let (sharp, _) = try S.render(width: 32, height: 32, quads: [quad(.nearest)])
        let value = S.pixel(sharp, 8, 8)[0]
        XCTAssertTrue(value == 0 || value == 255, "nearest picks one texel, got \(value)")
    }

    func testTextureIsPaintedOverFillAndUnderBorder() throws {
        let halfGreen = S.image(width: 4, height: 4) { _, _ in [0, 128, 0, 128] }
        let quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 64, height: 64), fillColor: S.blue,
                        texture: TextureSource(image: halfGreen), borderWidth: 4, borderColor: S.red)
        let (image, _) = try S.render(width: 64, height: 64, quads: [quad])
        XCTAssertPixel(S.pixel(image, 32, 32), [0, 128, 127, 255])
        XCTAssertPixel(S.pixel(image, 1, 32), [255, 0, 0, 255])
    }

    func testUnitRectSelectsPartOfTheImage() throws {
        // Four columns red, green, blue, white; the quad shows the third only.
        let stripes = S.image(width: 4, height: 1) { x, _ in [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255]][x] }
        let source = TextureSource(image: stripes, unitRect: CGRect(x: 0.5, y: 0, width: 0.25, height: 1),
                                   minificationFilter: .nearest, magnificationFilter: .nearest)
        let (image, _) = try S.render(width: 16, height: 16, quads: [Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 16, height: 16), texture: source)])
        XCTAssertPixel(S.pixel(image, 1, 8), [0, 0, 255, 255])
        XCTAssertPixel(S.pixel(image, 14, 8), [0, 0, 255, 255])
    }

    /// A blurred rect's coverage is the product of two error-function differences: at the
    /// rect's edge midpoint it is one half, at the corner one quarter, at its centre nearly one.
    func testBlurredRectFollowsTheErrorFunctionProduct() throws {
        let sigma: Float = 4
        let quad = Quad(transform: .translation(20, 20), rect: CGRect(x: 0, y: 0, width: 60, height: 60),
                        fillColor: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1), blurSigma: sigma)
        let (image, _) = try S.render(width: 100, height: 100, quads: [quad])
        func expected(_ x: Double, _ y: Double) -> Double {
            let k = 1 / (Double(sigma) * 2.0.squareRoot())
            let across = 0.5 * (erf((x - 20) * k) - erf((x - 80) * k)), down = 0.5 * (erf((y - 20) * k) - erf((y - 80) * k))
            return across * down * 255
        }
        for (x, y) in [(50, 50), (20, 50), (19, 50), (15, 50), (20, 20), (12, 30), (85, 85)] {
            XCTAssertEqual(Double(S.pixel(image, x, y)[3]), expected(Double(x) + 0.5, Double(y) + 0.5), accuracy: 1, "(\(x), \(y))")
        }
        XCTAssertEqual(S.pixel(image, 5, 50)[3], 0, "beyond three sigma")
    }

    /// With rounded corners the blur is integrated numerically: along the middle of an edge it
    /// matches the straight-edge value; at the corner it is below the square corner's.
    func testBlurredRoundedRectMatchesStraightEdgesAndCutsCorners() throws {
        let fill = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)
        let rect = CGRect(x: 0, y: 0, width: 60, height: 60)
        let square = Quad(transform: .translation(20, 20), rect: rect, fillColor: fill, blurSigma: 3)
        let rounded = Quad(transform: .translation(20, 20), rect: rect, fillColor: fill, cornerRadii: CornerRadii(uniform: 12), blurSigma: 3)
        let (a, _) = try S.render(width: 100, height: 100, quads: [square])
        let (b, _) = try S.render(width: 100, height: 100, quads: [rounded])
        for x in [16, 19, 20, 23] { XCTAssertEqual(S.pixel(a, x, 50)[3], S.pixel(b, x, 50)[3], accuracy: 2, "edge x=\(x)") }
        XCTAssertLessThan(S.pixel(b, 22, 22)[3], S.pixel(a, 22, 22)[3] - 40)
        // Rounded corner of radius 12 centred at (32, 32): the blurred edge passes about where
        // the unblurred arc does, at half coverage.
        let onArc = 32 - 12 / 2.0.squareRoot()
        XCTAssertEqual(Double(S.pixel(b, Int(onArc), Int(onArc))[3]), 0.5 * 255, accuracy: 30)
    }
}
