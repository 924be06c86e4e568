import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// Gradients painted in place of the fill colour: axial, radial and conic, evaluated in the
/// quad's local space with straight-colour interpolation between stops.
final class CPUGradientTests: XCTestCase {
    typealias S = CPUTestSupport
    typealias Stop = GradientFill.Stop

    let redToBlue = [Stop(location: 0, red: 1, green: 0, blue: 0, alpha: 1), Stop(location: 1, red: 0, green: 0, blue: 1, alpha: 1)]

    private func render(_ gradient: GradientFill, rect: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100),
                        transform: Matrix4 = .identity, size: Int = 100) throws -> CGImage {
        let quad = Quad(transform: transform, rect: rect, fillColor: S.green, gradient: gradient)
        return try S.render(width: size, height: size, quads: [quad]).0
    }

    func testAxialQuarterWayIsThreeQuartersRedOneQuarterBlue() throws {
        // Pixel centres are at x + 0.5, so pixel 25 sits at 25% of the way from 0.5 to 100.5.
        let axial = GradientFill(kind: .axial, startPoint: CGPoint(x: 0.5, y: 0), endPoint: CGPoint(x: 100.5, y: 0), stops: redToBlue)
        let image = try render(axial, rect: CGRect(x: 0, y: 0, width: 100, height: 10))
        XCTAssertPixel(S.pixel(image, 25, 5), [191, 0, 64, 255], tolerance: 1)   // (0.75, 0, 0.25) x 255
        XCTAssertPixel(S.pixel(image, 75, 5), [64, 0, 191, 255], tolerance: 1)
        XCTAssertPixel(S.pixel(image, 0, 5), [255, 0, 0, 255], tolerance: 1, "before the start the first colour extends")
        // The fill colour (green) is replaced, not painted beneath.
        XCTAssertEqual(S.pixel(image, 50, 5)[1], 0)
    }

    func testAxialGradientFollowsTheQuadThroughItsTransform() throws {
        // Rotated by 90°: local x runs down the canvas, so the gradient changes along canvas y.
        let axial = GradientFill(kind: .axial, startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 80, y: 0), stops: redToBlue)
        let transform = S.rotationZ(Double.pi / 2).concatenating(.translation(60, 10))
        let image = try render(axial, rect: CGRect(x: 0, y: 0, width: 80, height: 20), transform: transform)
        // Canvas (50.5, 30.5) is local (20.5, 9.5): t = 20.5 / 80.
        let t = 20.5 / 80.0
        XCTAssertPixel(S.pixel(image, 50, 30), [Int(((1 - t) * 255).rounded()), 0, Int((t * 255).rounded()), 255], tolerance: 1)
        // Along canvas x (local y) the colour does not change.
        XCTAssertEqual(S.pixel(image, 45, 30), S.pixel(image, 50, 30))
    }

    func testRadialInterpolatesStraightColoursThenPremultiplies() throws {
        // Opaque red at the centre to transparent blue on the ellipse of radii 40 x 20.
        let stops = [Stop(location: 0, red: 1, green: 0, blue: 0, alpha: 1), Stop(location: 1, red: 0, green: 0, blue: 1, alpha: 0)]
        let radial = GradientFill(kind: .radial, startPoint: CGPoint(x: 50.5, y: 40.5), endPoint: CGPoint(x: 90.5, y: 60.5), stops: stops)
        let image = try render(radial)
        XCTAssertPixel(S.pixel(image, 50, 40), [255, 0, 0, 255], tolerance: 1)
        // Half way along either radius: straight (0.5, 0, 0.5, 0.5), premultiplied (0.25, 0, 0.25, 0.5);
        // premultiplied interpolation would give (0.5, 0, 0, 0.5) instead.
        XCTAssertPixel(S.pixel(image, 70, 40), [64, 0, 64, 128], tolerance: 1)
        XCTAssertPixel(S.pixel(image, 50, 50), [64, 0, 64, 128], tolerance: 1)
        XCTAssertEqual(S.pixel(image, 95, 40), [0, 0, 0, 0], "beyond the ellipse the last (transparent) colour extends")
    }

    func testConicTurnsClockwiseFromTheEndPoint() throws {
        let conic = GradientFill(kind: .conic, startPoint: CGPoint(x: 50.5, y: 50.5), endPoint: CGPoint(x: 100.5, y: 50.5), stops: redToBlue)
        let image = try render(conic)
        XCTAssertPixel(S.pixel(image, 50, 75), [191, 0, 64, 255], tolerance: 1, "a quarter turn: straight down")
        XCTAssertPixel(S.pixel(image, 25, 50), [128, 0, 128, 255], tolerance: 1, "half a turn: left")
        XCTAssertPixel(S.pixel(image, 50, 25), [64, 0, 191, 255], tolerance: 1, "three quarters: up")
    }

    func testGradientMatchesTheContractReferenceEverywhere() throws {
        let stops = [Stop(location: 0.2, red: 1, green: 1, blue: 0, alpha: 1), Stop(location: 0.5, red: 0, green: 1, blue: 1, alpha: 0.5),
                     Stop(location: 0.9, red: 1, green: 0, blue: 1, alpha: 1)]
        for kind in [GradientFill.Kind.axial, .radial, .conic] {
            let gradient = GradientFill(kind: kind, startPoint: CGPoint(x: 30, y: 40), endPoint: CGPoint(x: 80, y: 70), stops: stops)
            let image = try render(gradient)
            for (x, y) in [(10, 10), (33, 47), (60, 20), (85, 85), (5, 70), (50, 50)] {
                let c = gradient.color(at: gradient.parameter(atX: Double(x) + 0.5, y: Double(y) + 0.5))
                let expected = [c.red, c.green, c.blue, c.alpha].map { Int(($0 * 255).rounded()) }
                XCTAssertPixel(S.pixel(image, x, y), expected, tolerance: 1, "\(kind) at (\(x), \(y))")
            }
        }
    }
}
