import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
import GLESRenderer
import XCTest

/// Pixel probes of quad geometry: positions follow from the transforms.
final class GeometryRenderTests: XCTestCase {
    typealias S = RenderTestSupport

    func testTranslatedQuadEdgesLandOnExpectedPixels() throws {
        let renderer = try S.makeRenderer(width: 64, height: 64)
        let quad = Quad(transform: .translation(10, 30), rect: CGRect(x: 0, y: 0, width: 40, height: 20), fillColor: S.red)
        let (image, statistics) = try S.render(renderer, width: 64, height: 64, quads: [quad])
        XCTAssertEqual(statistics.drawCalls, 1)
        // Covers x in [10, 50), y in [30, 50): the pixels on both sides of every edge.
        XCTAssertPixel(S.pixel(image, 10, 30), [255, 0, 0, 255])
        XCTAssertPixel(S.pixel(image, 49, 49), [255, 0, 0, 255])
        XCTAssertPixel(S.pixel(image, 9, 40), [0, 0, 0, 0])
        XCTAssertPixel(S.pixel(image, 50, 40), [0, 0, 0, 0])
        XCTAssertPixel(S.pixel(image, 30, 29), [0, 0, 0, 0])
        XCTAssertPixel(S.pixel(image, 30, 50), [0, 0, 0, 0])
    }

    func testRotatedSquareCornersLieOnTheAxes() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        // A 40x40 square rotated 45 degrees about its centre, placed at (50, 50): a diamond whose
        // corners lie 20 * sqrt(2) = 28.28 px from the centre along the axes.
        let transform = Matrix4.translation(-20, -20).concatenating(S.rotationZ(.pi / 4)).concatenating(.translation(50, 50))
        let quad = Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 40, height: 40), fillColor: S.red)
        let (image, _) = try S.render(renderer, width: 100, height: 100, quads: [quad])
        let reach = 20 * 2.0.squareRoot()
        for (x, y) in [(50, 50 - Int(reach) + 2), (50, 50 + Int(reach) - 2), (50 - Int(reach) + 2, 50), (50 + Int(reach) - 2, 50)] {
            XCTAssertPixel(S.pixel(image, x, y), [255, 0, 0, 255], "inside near corner (\(x), \(y))")
        }
        for (x, y) in [(50, 50 - Int(reach) - 2), (50, 50 + Int(reach) + 2), (50 - Int(reach) - 2, 50), (50 + Int(reach) + 2, 50)] {
            XCTAssertEqual(S.pixel(image, x, y)[3], 0, "outside beyond corner (\(x), \(y))")
        }
        // Where the unrotated square's corner was, the diamond is absent: |dx| + |dy| = 39 > 28.28.
        XCTAssertEqual(S.pixel(image, 30, 30)[3], 0)
    }

    /// A 200x200 face rotated about y by 45 degrees under m34 = -1/500, centred at (250, 250).
    /// A point u px from the centre along x goes to depth z = -u sin(45°) and w = 1 - z/500, so a
    /// vertical line there is 200 / w tall and sits at x = 250 + u cos(45°) / w.
    func testPerspectiveNearEdgeIsTallerThanFarEdgeByTheProjectedRatio() throws {
        let size = 500
        let renderer = try S.makeRenderer(width: size, height: size)
        let angle = Double.pi / 4
        var rotation = Matrix4.identity
        rotation.m11 = cos(angle); rotation.m13 = -sin(angle); rotation.m31 = sin(angle); rotation.m33 = cos(angle)
        var perspective = Matrix4.identity
        perspective.m34 = -1.0 / 500
        let transform = Matrix4.translation(-100, -100).concatenating(rotation).concatenating(perspective)
            .concatenating(.translation(250, 250))
        let quad = Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 200, height: 200), fillColor: S.red)
        let (image, _) = try S.render(renderer, width: size, height: size, quads: [quad])

        func expectedHeight(atCanvasX x: Double) -> Double {
            let dx = x - 250, c = cos(angle), s = sin(angle)
            let u = dx / (c - dx * s / 500)          // invert x = 250 + u c / (1 + u s / 500)
            return 200 / (1 + u * s / 500)
        }
        func measuredHeight(column x: Int) -> Int {
            (0..<size).filter { S.pixel(image, x, $0)[3] > 127 }.count
        }
        let leftEdge = 250 + (-100 * cos(angle)) / (1 - 100 * sin(angle) / 500)
        let rightEdge = 250 + (100 * cos(angle)) / (1 + 100 * sin(angle) / 500)
        let nearColumn = Int(leftEdge.rounded(.up)) + 1, farColumn = Int(rightEdge.rounded(.down)) - 2
        let nearExpected = expectedHeight(atCanvasX: Double(nearColumn) + 0.5)
        let farExpected = expectedHeight(atCanvasX: Double(farColumn) + 0.5)
        XCTAssertEqual(Double(measuredHeight(column: nearColumn)), nearExpected, accuracy: 2)
        XCTAssertEqual(Double(measuredHeight(column: farColumn)), farExpected, accuracy: 2)
        let ratio = Double(measuredHeight(column: nearColumn)) / Double(measuredHeight(column: farColumn))
        XCTAssertEqual(ratio, nearExpected / farExpected, accuracy: 0.03)
        XCTAssertGreaterThan(ratio, 1.25, "the near edge (left) is taller")
        // Nothing beyond the projected left and right edges.
        XCTAssertEqual(S.pixel(image, Int(leftEdge) - 2, 250)[3], 0)
        XCTAssertEqual(S.pixel(image, Int(rightEdge) + 2, 250)[3], 0)
    }

    func testOneSidedQuadFacingAwayIsCulled() throws {
        let renderer = try S.makeRenderer(width: 64, height: 64)
        var flip = Matrix4.identity
        flip.m11 = cos(Double.pi); flip.m13 = -sin(Double.pi); flip.m31 = sin(Double.pi); flip.m33 = cos(Double.pi)
        // Rotated about y by 180 degrees about its centre: seen from behind.
        let transform = Matrix4.translation(-20, -20).concatenating(flip).concatenating(.translation(32, 32))
        let rect = CGRect(x: 0, y: 0, width: 40, height: 40)
        let oneSided = Quad(transform: transform, rect: rect, fillColor: S.red, isDoubleSided: false)
        let (culled, culledStatistics) = try S.render(renderer, width: 64, height: 64, quads: [oneSided])
        XCTAssertEqual(S.pixel(culled, 32, 32), [0, 0, 0, 0])
        XCTAssertEqual(culledStatistics.quads, 0)
        let twoSided = Quad(transform: transform, rect: rect, fillColor: S.red, isDoubleSided: true)
        let (drawn, _) = try S.render(renderer, width: 64, height: 64, quads: [twoSided])
        XCTAssertPixel(S.pixel(drawn, 32, 32), [255, 0, 0, 255])
        // Facing the viewer, a one-sided quad is drawn.
        let front = Quad(transform: .translation(12, 12), rect: rect, fillColor: S.red, isDoubleSided: false)
        let (frontImage, _) = try S.render(renderer, width: 64, height: 64, quads: [front])
        XCTAssertPixel(S.pixel(frontImage, 32, 32), [255, 0, 0, 255])
    }

    /// Texture coordinates under perspective are interpolated in the quad's plane: the middle of
    /// the image lands where the middle of the face projects (x = 250), not halfway between the
    /// projected edges as screen-linear interpolation would put it.
    func testTextureUnderPerspectiveIsInterpolatedPerspectiveCorrectly() throws {
        let size = 500
        let renderer = try S.makeRenderer(width: size, height: size)
        let angle = Double.pi / 4
        var rotation = Matrix4.identity
        rotation.m11 = cos(angle); rotation.m13 = -sin(angle); rotation.m31 = sin(angle); rotation.m33 = cos(angle)
        var perspective = Matrix4.identity
        perspective.m34 = -1.0 / 500
        let transform = Matrix4.translation(-100, -100).concatenating(rotation).concatenating(perspective)
            .concatenating(.translation(250, 250))
        let halves = S.image(width: 2, height: 1) { x, _ in x == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        let quad = Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 200, height: 200),
                        texture: TextureSource(image: halves, minificationFilter: .nearest, magnificationFilter: .nearest))
        let (image, _) = try S.render(renderer, width: size, height: size, quads: [quad])
        let row = (0..<size).map { S.pixel(image, $0, 250) }
        guard let boundary = row.firstIndex(where: { $0[2] > 127 }) else { return XCTFail("no blue half") }
        XCTAssertEqual(boundary, 250, "the image's middle projects to the face's centre")
        let leftEdge = 250 + (-100 * cos(angle)) / (1 - 100 * sin(angle) / 500)
        let rightEdge = 250 + (100 * cos(angle)) / (1 + 100 * sin(angle) / 500)
        XCTAssertGreaterThan(Double(boundary) - (leftEdge + rightEdge) / 2, 9, "screen-linear interpolation would give the midpoint")
    }
}
