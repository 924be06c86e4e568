import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
import GLESRenderer
import XCTest

/// Gradient fills evaluated per pixel: axial, elliptical radial and conic parameters from the
/// geometry, straight-colour interpolation then premultiplication, and their own batches.
final class GradientRenderTests: XCTestCase {
    private typealias S = RenderTestSupport

    private func stop(_ location: Float, _ r: Float, _ g: Float, _ b: Float, _ a: Float = 1) -> GradientFill.Stop {
        GradientFill.Stop(location: location, red: r, green: g, blue: b, alpha: a)
    }

    private func quad(_ rect: CGRect, _ gradient: GradientFill, opacity: Float = 1) -> Quad {
        Quad(transform: .identity, rect: rect, fillColor: S.green, opacity: opacity, gradient: gradient)
    }

    func testAxialRedToBlueAtAQuarterIsThreeQuartersRed() throws {
        let renderer = try S.makeRenderer(width: 101, height: 10)
        // Start and end on pixel centres, so pixel 25's centre lies at t = 0.25.
        let gradient = GradientFill(kind: .axial, startPoint: CGPoint(x: 0.5, y: 5), endPoint: CGPoint(x: 100.5, y: 5),
                                    stops: [stop(0, 1, 0, 0), stop(1, 0, 0, 1)])
        let (image, _) = try S.render(renderer, width: 101, height: 10,
                                      quads: [quad(CGRect(x: 0, y: 0, width: 101, height: 10), gradient)])
        XCTAssertPixel(S.pixel(image, 25, 5), [191, 0, 64, 255], tolerance: 1)   // 255 x (0.75, 0, 0.25)
        XCTAssertPixel(S.pixel(image, 50, 2), [128, 0, 128, 255], tolerance: 1)
        XCTAssertPixel(S.pixel(image, 0, 5), [255, 0, 0, 255], tolerance: 1)
        XCTAssertPixel(S.pixel(image, 100, 9), [0, 0, 255, 255], tolerance: 1)
    }

    func testAxialInterpolatesStraightColoursThenPremultiplies() throws {
        let renderer = try S.makeRenderer(width: 101, height: 4)
        // Opaque red to transparent blue: halfway the straight colour is (0.5, 0, 0.5) at alpha 0.5,
        // premultiplied (0.25, 0, 0.25, 0.5); interpolating premultiplied colours would give 0.5 red.
        let gradient = GradientFill(kind: .axial, startPoint: CGPoint(x: 0.5, y: 0), endPoint: CGPoint(x: 100.5, y: 0),
                                    stops: [stop(0, 1, 0, 0, 1), stop(1, 0, 0, 1, 0)])
        let (image, _) = try S.render(renderer, width: 101, height: 4,
                                      quads: [quad(CGRect(x: 0, y: 0, width: 101, height: 4), gradient)])
        XCTAssertPixel(S.pixel(image, 50, 1), [64, 0, 64, 128], tolerance: 1)
    }

    func testRadialIsEllipticalAboutTheStartPoint() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        // Radii 40 (x) and 20 (y); opaque red at the centre to half-transparent blue on the ellipse.
        let gradient = GradientFill(kind: .radial, startPoint: CGPoint(x: 50.5, y: 50.5), endPoint: CGPoint(x: 90.5, y: 70.5),
                                    stops: [stop(0, 1, 0, 0, 1), stop(1, 0, 0, 1, 0.5)])
        let (image, _) = try S.render(renderer, width: 100, height: 100,
                                      quads: [quad(CGRect(x: 0, y: 0, width: 100, height: 100), gradient)])
        // t = 0.5: straight (0.5, 0, 0.5, 0.75), premultiplied (0.375, 0, 0.375, 0.75).
        XCTAssertPixel(S.pixel(image, 70, 50), [96, 0, 96, 191], tolerance: 1, "20 of 40 along x")
        XCTAssertPixel(S.pixel(image, 50, 60), [96, 0, 96, 191], tolerance: 1, "10 of 20 along y")
        XCTAssertPixel(S.pixel(image, 50, 50), [255, 0, 0, 255], tolerance: 1, "centre")
        XCTAssertPixel(S.pixel(image, 50, 80), [0, 0, 128, 128], tolerance: 1, "beyond the ellipse the last colour extends")
        XCTAssertPixel(S.pixel(image, 95, 50), [0, 0, 128, 128], tolerance: 1)
    }

    func testConicTurnsClockwiseFromTheEndDirection() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let gradient = GradientFill(kind: .conic, startPoint: CGPoint(x: 50.5, y: 50.5), endPoint: CGPoint(x: 100, y: 50.5),
                                    stops: [stop(0, 0, 0, 0), stop(1, 1, 1, 1)])
        let (image, _) = try S.render(renderer, width: 100, height: 100,
                                      quads: [quad(CGRect(x: 0, y: 0, width: 100, height: 100), gradient)])
        XCTAssertPixel(S.pixel(image, 70, 70), [32, 32, 32, 255], tolerance: 1, "45 degrees below +x: 1/8 turn")
        XCTAssertPixel(S.pixel(image, 50, 80), [64, 64, 64, 255], tolerance: 1, "straight down: 1/4 turn")
        XCTAssertPixel(S.pixel(image, 20, 50), [128, 128, 128, 255], tolerance: 1, "left: 1/2 turn")
        XCTAssertPixel(S.pixel(image, 50, 20), [191, 191, 191, 255], tolerance: 1, "straight up: 3/4 turn")
    }

    func testMoreStopsThanTheShaderHoldsAreResampled() throws {
        let renderer = try S.makeRenderer(width: 101, height: 4)
        // 32 stops of a linear black-to-white ramp: resampled to 16, still the same ramp.
        let stops = (0..<32).map { i -> GradientFill.Stop in
            let v = Float(i) / 31
            return stop(v, v, v, v, 1)
        }
        let gradient = GradientFill(kind: .axial, startPoint: CGPoint(x: 0.5, y: 0), endPoint: CGPoint(x: 100.5, y: 0), stops: stops)
        let (image, _) = try S.render(renderer, width: 101, height: 4,
                                      quads: [quad(CGRect(x: 0, y: 0, width: 101, height: 4), gradient)])
        XCTAssertPixel(S.pixel(image, 25, 1), [64, 64, 64, 255], tolerance: 1)
        XCTAssertPixel(S.pixel(image, 90, 1), [230, 230, 230, 255], tolerance: 1)
    }

    func testGradientsTakeOpacityRoundedCornersAndTheirOwnBatches() throws {
        let renderer = try S.makeRenderer(width: 120, height: 40)
        let redToBlue = GradientFill(kind: .axial, startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 0, y: 40),
                                     stops: [stop(0, 1, 0, 0), stop(1, 0, 0, 1)])
        var rounded = quad(CGRect(x: 0, y: 0, width: 40, height: 40), redToBlue, opacity: 0.5)
        rounded.cornerRadii = CornerRadii(uniform: 15)
        // Its own local space: the same gradient on a quad moved right by a transform.
        let moved = Quad(transform: Matrix4.translation(40, 0), rect: CGRect(x: 0, y: 0, width: 40, height: 40), gradient: redToBlue)
        let plain = Quad(transform: .identity, rect: CGRect(x: 80, y: 0, width: 40, height: 40), fillColor: S.green)
        let (image, statistics) = try S.render(renderer, width: 120, height: 40, quads: [rounded, moved, plain])
        XCTAssertPixel(S.pixel(image, 1, 1), [0, 0, 0, 0], tolerance: 1, "outside the rounded corner")
        // Row 20's centre is at t = 20.5 / 40; straight red 1 - t, blue t, times opacity 0.5.
        let t = 20.5 / 40.0
        XCTAssertPixel(S.pixel(image, 20, 20), [Int((0.5 * (1 - t) * 255).rounded()), 0, Int((0.5 * t * 255).rounded()), 128], tolerance: 1)
        XCTAssertPixel(S.pixel(image, 60, 20), [Int(((1 - t) * 255).rounded()), 0, Int((t * 255).rounded()), 255], tolerance: 1)
        XCTAssertPixel(S.pixel(image, 100, 20), [0, 255, 0, 255], tolerance: 0, "an ordinary quad after gradients keeps its fill")
        // The two gradient quads share the same gradient (in their local spaces) and one batch.
        XCTAssertEqual(statistics.drawCalls, 2)
    }

    func testTextureAndBorderPaintOverTheGradient() throws {
        let renderer = try S.makeRenderer(width: 40, height: 40)
        let gradient = GradientFill(kind: .axial, startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 40, y: 0),
                                    stops: [stop(0, 1, 0, 0), stop(1, 1, 0, 0)])
        // A texture that is opaque white on its left half and transparent on its right half.
        let image = S.image(width: 4, height: 4) { x, _ in x < 2 ? [255, 255, 255, 255] : [0, 0, 0, 0] }
        var q = quad(CGRect(x: 0, y: 0, width: 40, height: 40), gradient)
        q.texture = TextureSource(image: image, minificationFilter: .nearest, magnificationFilter: .nearest)
        q.borderWidth = 4
        q.borderColor = S.blue
        let (result, _) = try S.render(renderer, width: 40, height: 40, quads: [q])
        XCTAssertPixel(S.pixel(result, 10, 20), [255, 255, 255, 255], tolerance: 1, "texture over gradient")
        XCTAssertPixel(S.pixel(result, 30, 20), [255, 0, 0, 255], tolerance: 1, "gradient under a transparent texel")
        XCTAssertPixel(S.pixel(result, 20, 1), [0, 0, 255, 255], tolerance: 1, "border on top")
    }
}
