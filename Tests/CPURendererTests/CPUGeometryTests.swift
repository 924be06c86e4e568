import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// Pixel probes of quad geometry on the CPU renderer: positions follow from the transforms.
final class CPUGeometryTests: XCTestCase {
    typealias S = CPUTestSupport

    func testTranslatedQuadEdgesLandOnExpectedPixels() throws {
        let quad = Quad(transform: .translation(10, 30), rect: CGRect(x: 0, y: 0, width: 40, height: 20), fillColor: S.red)
        let (image, statistics) = try S.render(width: 64, height: 64, quads: [quad])
        XCTAssertEqual(statistics.quads, 1)
        XCTAssertPixel(S.pixel(image, 10, 30), [255, 0, 0, 255])
        XCTAssertPixel(S.pixel(image, 49, 49), [255, 0, 0, 255])
        XCTAssertPixel(S.pixel(image, 9, 40), [0, 0, 0, 0])
        XCTAssertPixel(S.pixel(image, 50, 40), [0, 0, 0, 0])
        XCTAssertPixel(S.pixel(image, 30, 29), [0, 0, 0, 0])
        XCTAssertPixel(S.pixel(image, 30, 50), [0, 0, 0, 0])
    }

    func testRotatedSquareCornersLieOnTheAxes() throws {
        let transform = Matrix4.translation(-20, -20).concatenating(S.rotationZ(.pi / 4)).concatenating(.translation(50, 50))
        let quad = Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 40, height: 40), fillColor: S.red)
        let (image, _) = try S.render(width: 100, height: 100, quads: [quad])
        let reach = 20 * 2.0.squareRoot()
        for (x, y) in [(50, 50 - Int(reach) + 2), (50, 50 + Int(reach) - 2), (50 - Int(reach) + 2, 50), (50 + Int(reach) - 2, 50)] {
            XCTAssertPixel(S.pixel(image, x, y), [255, 0, 0, 255], "inside near corner (\(x), \(y))")
        }
        for (x, y) in [(50, 50 - Int(reach) - 2), (50, 50 + Int(reach) + 2), (50 - Int(reach) - 2, 50), (50 + Int(reach) + 2, 50)] {
            XCTAssertEqual(S.pixel(image, x, y)[3], 0, "outside beyond corner (\(x), \(y))")
        }
        XCTAssertEqual(S.pixel(image, 30, 30)[3], 0)
        // On the diagonal edge x + y = 100 - 28.28 (pixel centres at x + 0.5, y + 0.5), coverage
        // follows the signed distance: pixel (36, 36) has centre distance (73 - 71.72) / sqrt 2 = 0.91 px inside.
        XCTAssertEqual(Double(S.pixel(image, 36, 36)[3]), 255, accuracy: 1)
        let distance = (50 - 2 * 35.5 - (50 - reach)) / 2.0.squareRoot()   // negative: outside
        XCTAssertEqual(Double(S.pixel(image, 35, 35)[3]), min(max(0.5 + distance, 0), 1) * 255, accuracy: 3)
    }

    /// A 200x200 face rotated about y by 45 degrees under m34 = -1/500, centred at (250, 250).
    func testPerspectiveNearEdgeIsTallerThanFarEdgeByTheProjectedRatio() throws {
        let size = 500, angle = Double.pi / 4
        let transform = Matrix4.translation(-100, -100).concatenating(S.rotationY(angle, perspective: 500))
            .concatenating(.translation(250, 250))
        let quad = Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 200, height: 200), fillColor: S.red)
        let (image, _) = try S.render(width: size, height: size, quads: [quad])
        func expectedHeight(atCanvasX x: Double) -> Double {
            let dx = x - 250, c = cos(angle), s = sin(angle)
            let u = dx / (c - dx * s / 500)
            return 200 / (1 + u * s / 500)
        }
        func measuredHeight(column x: Int) -> Int { (0..<size).filter { S.pixel(image, x, $0)[3] > 127 }.count }
        let leftEdge = 250 + (-100 * cos(angle)) / (1 - 100 * sin(angle) / 500)
        let rightEdge = 250 + (100 * cos(angle)) / (1 + 100 * sin(angle) / 500)
        let nearColumn = Int(leftEdge.rounded(.up)) + 1, farColumn = Int(rightEdge.rounded(.down)) - 2
        XCTAssertEqual(Double(measuredHeight(column: nearColumn)), expectedHeight(atCanvasX: Double(nearColumn) + 0.5), accuracy: 2)
        XCTAssertEqual(Double(measuredHeight(column: farColumn)), expectedHeight(atCanvasX: Double(farColumn) + 0.5), accuracy: 2)
        XCTAssertEqual(S.pixel(image, Int(leftEdge) - 2, 250)[3], 0)
        XCTAssertEqual(S.pixel(image, Int(rightEdge) + 2, 250)[3], 0)
    }

    func testOneSidedQuadFacingAwayIsCulled() throws {
        let transform = Matrix4.translation(-20, -20).concatenating(S.rotationY(.pi, perspective: 1e9)).concatenating(.translation(32, 32))
        let rect = CGRect(x: 0, y: 0, width: 40, height: 40)
        let (culled, culledStatistics) = try S.render(width: 64, height: 64, quads: [
            Quad(transform: transform, rect: rect, fillColor: S.red, isDoubleSided: false)])
        XCTAssertEqual(S.pixel(culled, 32, 32), [0, 0, 0, 0])
        XCTAssertEqual(culledStatistics.quads, 0)
        let (drawn, _) = try S.render(width: 64, height: 64, quads: [Quad(transform: transform, rect: rect, fillColor: S.red)])
        XCTAssertPixel(S.pixel(drawn, 32, 32), [255, 0, 0, 255])
    }

    /// The middle of the image lands where the middle of the face projects (x = 250).
    func testTextureUnderPerspectiveIsInterpolatedPerspectiveCorrectly() throws {
        let size = 500, angle = Double.pi / 4
        let transform = Matrix4.translation(-100, -100).concatenating(S.rotationY(angle, perspective: 500))
            .concatenating(.translation(250, 250))
        let halves = S.image(width: 2, height: 1) { x, _ in x == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        let quad = Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 200, height: 200),
                        texture: TextureSource(image: halves, minificationFilter: .nearest, magnificationFilter: .nearest))
        let (image, _) = try S.render(width: size, height: size, quads: [quad])
        let row = (0..<size).map { S.pixel(image, $0, 250) }
        guard let boundary = row.firstIndex(where: { $0[2] > 127 }) else { return XCTFail("no blue half") }
        XCTAssertEqual(boundary, 250)
    }

    func testEdgeOnAHalfPixelIsHalfCoveredOnlyWhenAntialiased() throws {
        let rect = CGRect(x: 0, y: 0, width: 20, height: 20)
        let (smooth, _) = try S.render(width: 64, height: 32, quads: [Quad(transform: .translation(10.5, 0), rect: rect, fillColor: S.red)])
        XCTAssertEqual(Double(S.pixel(smooth, 10, 10)[3]), 127.5, accuracy: 1)
        let hard = Quad(transform: .translation(10.5, 0), rect: rect, fillColor: S.red, antialiasedEdges: 0b1110)
        let (hardImage, _) = try S.render(width: 64, height: 32, quads: [hard])
        XCTAssertEqual(S.pixel(hardImage, 10, 10), [255, 0, 0, 255], "pixel centre on the edge counts as inside")
        XCTAssertEqual(S.pixel(hardImage, 9, 10)[3], 0)
        XCTAssertEqual(Double(S.pixel(hardImage, 30, 10)[3]), 127.5, accuracy: 1)
    }

    func testOneThreadAndManyThreadsPaintTheSamePixels() throws {
        var quads: [Quad] = []
        for k in 0..<200 {
            let centre = Matrix4.translation(Double(k % 20) * 16 + 8, Double(k / 20) * 16 + 8)
            let transform = Matrix4.translation(-10, -10).concatenating(S.rotationZ(Double(k) * 0.1)).concatenating(centre)
            let fill = PremultipliedColor(straightRed: Float(k % 7) / 7, green: 0.5, blue: 0.3, alpha: 0.8)
            quads.append(Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 20, height: 20), fillColor: fill,
                              cornerRadii: CornerRadii(uniform: 4), borderWidth: 2, borderColor: S.blue))
        }
        let (one, _) = try S.render(width: 320, height: 160, quads: quads, threads: 1)
        let (many, _) = try S.render(width: 320, height: 160, quads: quads, threads: 8)
        XCTAssertEqual(one.data, many.data)
    }
}
