import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
import XCTest

/// CAGradientLayer in the draw list: one quad whose gradient spans the layer's
/// bounds, with the stops, shape and points of the layer's presentation values.
final class GradientDrawListTests: XCTestCase {
    typealias P = DrawListProbe

    private func gradientLayer(_ frame: CGRect) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.frame = frame
        layer.colors = [P.red, P.blue]
        return layer
    }

    private func gradientQuads(_ list: DrawList) -> [Quad] { list.quads.filter { $0.gradient != nil } }

    /// Listing 6.6 of the book: red to blue from the top-left corner (0, 0) to the bottom-right
    /// (1, 1) of a 200 x 100 layer at (10, 20): the gradient's points are the bounds' corners.
    func testAxialGradientSpansTheBounds() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 300, height: 200), P.white)
        let layer = gradientLayer(CGRect(x: 10, y: 20, width: 200, height: 100))
        layer.startPoint = CGPoint(x: 0, y: 0)
        layer.endPoint = CGPoint(x: 1, y: 1)
        root.addSublayer(layer)
        let list = try P.list(root, width: 300, height: 200)
        let quad = try XCTUnwrap(gradientQuads(list).first)
        let g = try XCTUnwrap(quad.gradient)
        XCTAssertEqual(g.kind, .axial)
        XCTAssertEqual(g.startPoint, CGPoint(x: 0, y: 0))
        XCTAssertEqual(g.endPoint, CGPoint(x: 200, y: 100))
        XCTAssertEqual(quad.rect, CGRect(x: 0, y: 0, width: 200, height: 100))
        XCTAssertEqual(quad.transform.apply(0, 0), CGPoint(x: 10, y: 20))
        XCTAssertEqual(g.stops.map(\.location), [0, 1])
        XCTAssertEqual(g.stops.map(\.red), [1, 0])
        XCTAssertEqual(g.stops.map(\.blue), [0, 1])
        // Half-way along the diagonal: the straight mix (0.5, 0, 0.5).
        XCTAssertEqual(g.color(at: g.parameter(atX: 100, y: 50)).red, 0.5, accuracy: 1e-6)
    }

    /// Listing 6.7: three colours at 0, 0.25 and 0.5; a nil locations array spaces them evenly.
    func testLocationsAndEvenSpacing() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let spaced = gradientLayer(CGRect(x: 0, y: 0, width: 100, height: 50))
        spaced.colors = [P.red, P.white, P.blue]
        let placed = gradientLayer(CGRect(x: 0, y: 50, width: 100, height: 50))
        placed.colors = [P.red, P.white, P.blue]
        placed.locations = [0, 0.25, 0.5]
        root.addSublayer(spaced)
        root.addSublayer(placed)
        let quads = gradientQuads(try P.list(root, width: 100, height: 100))
        XCTAssertEqual(quads.count, 2)
        XCTAssertEqual(quads[0].gradient?.stops.map(\.location), [0, 0.5, 1])
        XCTAssertEqual(quads[1].gradient?.stops.map(\.location), [0, 0.25, 0.5])
    }

    /// A locations array of another length than the colours draws nothing (001:3276).
    func testMismatchedLocationsDrawNothing() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let layer = gradientLayer(root.bounds)
        layer.locations = [0, 0.5, 1]
        root.addSublayer(layer)
        XCTAssertTrue(gradientQuads(try P.list(root, width: 100, height: 100)).isEmpty)
    }

    /// Radial and conic gradients centre on startPoint; the radial radii are the distances to
    /// endPoint along each axis, in points.
    func testRadialAndConicPoints() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let radial = gradientLayer(CGRect(x: 0, y: 0, width: 80, height: 40))
        radial.type = .radial
        radial.startPoint = CGPoint(x: 0.5, y: 0.5)
        radial.endPoint = CGPoint(x: 1, y: 1)
        let conic = gradientLayer(CGRect(x: 0, y: 50, width: 80, height: 40))
        conic.type = .conic
        conic.startPoint = CGPoint(x: 0.5, y: 0.5)
        conic.endPoint = CGPoint(x: 0.5, y: 0)
        root.addSublayer(radial)
        root.addSublayer(conic)
        let quads = gradientQuads(try P.list(root, width: 100, height: 100))
        let r = try XCTUnwrap(quads.first?.gradient), c = try XCTUnwrap(quads.last?.gradient)
        XCTAssertEqual(r.kind, .radial)
        XCTAssertEqual(r.startPoint, CGPoint(x: 40, y: 20))
        // The corner (80, 40) is on the ellipse of radii 40 and 20: parameter 1.
        XCTAssertEqual(r.parameter(atX: 80, y: 40), sqrt(2), accuracy: 1e-9)
        XCTAssertEqual(r.parameter(atX: 80, y: 20), 1, accuracy: 1e-9)
        XCTAssertEqual(c.kind, .conic)
        XCTAssertEqual(c.startPoint, CGPoint(x: 40, y: 20))
        XCTAssertEqual(c.endPoint, CGPoint(x: 40, y: 0))
    }

    /// Twenty colours are resampled to 16 stops from the first location to the last, keeping
    /// the ends and the colour at each new location.
    func testManyStopsAreResampled() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let layer = gradientLayer(root.bounds)
        // Grey ramp: grey i/19 at location i/19, so the resampled grey equals its location.
        layer.colors = (0..<20).map { CGColor(red: CGFloat($0) / 19, green: 0, blue: 0, alpha: 1) }
        root.addSublayer(layer)
        let g = try XCTUnwrap(gradientQuads(try P.list(root, width: 100, height: 100)).first?.gradient)
        XCTAssertEqual(g.stops.count, GradientFill.maximumStops)
        XCTAssertEqual(g.stops.first?.location, 0)
        XCTAssertEqual(g.stops.last?.location, 1)
        for (i, stop) in g.stops.enumerated() {
            XCTAssertEqual(stop.location, Float(i) / 15, accuracy: 1e-6)
            XCTAssertEqual(stop.red, stop.location, accuracy: 1e-5)
        }
    }

    /// The background is drawn under the gradient; the border, radius and opacity are the
    /// gradient quad's as they would be the background's.
    func testBackgroundBorderCornerRadiusAndOpacity() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let layer = gradientLayer(CGRect(x: 10, y: 10, width: 60, height: 40))
        layer.backgroundColor = P.black
        layer.cornerRadius = 8
        layer.borderWidth = 3
        layer.borderColor = P.white
        layer.opacity = 0.5
        // The gradient overlaps the background: with group opacity the two would be composited
        // as one group; without it the opacity reaches each quad, as checked here.
        layer.allowsGroupOpacity = false
        root.addSublayer(layer)
        let quads = try P.list(root, width: 100, height: 100).quads
        XCTAssertEqual(quads.count, 2)
        XCTAssertNil(quads[0].gradient)
        XCTAssertEqual(quads[0].fillColor.alpha, 1)
        XCTAssertEqual(quads[0].borderWidth, 0)
        XCTAssertNotNil(quads[1].gradient)
        XCTAssertEqual(quads[1].borderWidth, 3)
        XCTAssertEqual(quads[1].cornerRadii, CornerRadii(uniform: 8))
        XCTAssertEqual(quads.map(\.opacity), [0.5, 0.5])
        XCTAssertFalse(quads[1].isOpaque)
    }

    /// Animated colours come from the presentation state: half-way through red → green on the
    /// first colour, the first stop is (0.5, 0.5, 0).
    func testAnimatedColorsFromThePresentationState() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let layer = gradientLayer(root.bounds)
        root.addSublayer(layer)
        CATransaction.flush()
        let t0 = CACurrentMediaTime() + 100
        let animation = CABasicAnimation(keyPath: "colors")
        animation.fromValue = [P.red, P.blue]
        animation.toValue = [CGColor(red: 0, green: 1, blue: 0, alpha: 1), P.blue]
        animation.beginTime = t0
        animation.duration = 2
        layer.add(animation, forKey: "colors")
        let g = try XCTUnwrap(gradientQuads(try P.list(root, width: 100, height: 100, time: t0 + 1)).first?.gradient)
        XCTAssertEqual(g.stops[0].red, 0.5, accuracy: 1e-5)
        XCTAssertEqual(g.stops[0].green, 0.5, accuracy: 1e-5)
    }
}
