import XCTest
import CoreGraphics
@testable import CompositorCore

final class GradientFillTests: XCTestCase {
    private let redToBlue = [GradientFill.Stop(location: 0, red: 1, green: 0, blue: 0, alpha: 1),
                             GradientFill.Stop(location: 1, red: 0, green: 0, blue: 1, alpha: 1)]

    func testAxialParameterIsTheProjectionOntoStartToEnd() {
        let g = GradientFill(kind: .axial, startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 100, y: 0), stops: redToBlue)
        XCTAssertEqual(g.parameter(atX: 25, y: 40), 0.25, accuracy: 1e-12)
        XCTAssertEqual(g.parameter(atX: 150, y: -3), 1.5, accuracy: 1e-12)
        let c = g.color(at: 0.25)
        XCTAssertEqual(c.red, 0.75, accuracy: 1e-6); XCTAssertEqual(c.blue, 0.25, accuracy: 1e-6)
        XCTAssertEqual(g.color(at: 1.5), PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1), "the end colour extends")
    }

    func testRadialParameterIsTheEllipticalDistance() {
        let g = GradientFill(kind: .radial, startPoint: CGPoint(x: 50, y: 50), endPoint: CGPoint(x: 100, y: 75), stops: redToBlue)
        XCTAssertEqual(g.parameter(atX: 100, y: 50), 1, accuracy: 1e-12, "x radius 50")
        XCTAssertEqual(g.parameter(atX: 50, y: 62.5), 0.5, accuracy: 1e-12, "y radius 25")
    }

    func testConicParameterTurnsClockwiseFromTheEndPointDirection() {
        let g = GradientFill(kind: .conic, startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 10, y: 0), stops: redToBlue)
        XCTAssertEqual(g.parameter(atX: 0, y: 10), 0.25, accuracy: 1e-12, "y down: a quarter turn clockwise on screen")
        XCTAssertEqual(g.parameter(atX: -10, y: 0), 0.5, accuracy: 1e-12)
        XCTAssertEqual(g.parameter(atX: 0, y: -10), 0.75, accuracy: 1e-12)
    }

    func testColoursInterpolateUnpremultipliedThenPremultiply() {
        let stops = [GradientFill.Stop(location: 0, red: 1, green: 1, blue: 1, alpha: 0),
                     GradientFill.Stop(location: 1, red: 1, green: 1, blue: 1, alpha: 1)]
        let g = GradientFill(kind: .axial, startPoint: .zero, endPoint: CGPoint(x: 1, y: 0), stops: stops)
        let mid = g.color(at: 0.5)
        XCTAssertEqual(mid.alpha, 0.5, accuracy: 1e-6)
        XCTAssertEqual(mid.red, 0.5, accuracy: 1e-6, "white at half alpha, premultiplied")
    }
}
