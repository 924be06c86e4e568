import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
import GLESRenderer
import XCTest

/// Analytic clips: a quad is drawn only inside its clip's (rounded) rect, in the clip's own plane.
final class ClipRenderTests: XCTestCase {
    typealias S = RenderTestSupport
    let canvas = CGRect(x: 0, y: 0, width: 100, height: 100)

    func testRotatedClipCutsAQuadToADiamond() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        // A 40x40 clip rotated 45 degrees about (50, 50): |dx| + |dy| <= 28.28.
        let clipTransform = Matrix4.translation(-20, -20).concatenating(S.rotationZ(.pi / 4)).concatenating(.translation(50, 50))
        let clip = Clip(transform: clipTransform, rect: CGRect(x: 0, y: 0, width: 40, height: 40))
        let quad = Quad(transform: .identity, rect: canvas, fillColor: S.red, clipIndex: 0)
        let (image, _) = try S.render(renderer, width: 100, height: 100, quads: [quad], clips: [clip])
        XCTAssertPixel(S.pixel(image, 50, 50), [255, 0, 0, 255])
        XCTAssertPixel(S.pixel(image, 50, 25), [255, 0, 0, 255], "inside near the top corner")
        XCTAssertEqual(S.pixel(image, 50, 19)[3], 0, "beyond the top corner")
        XCTAssertEqual(S.pixel(image, 35, 35)[3], 0, "|dx| + |dy| = 29 > 28.28")
        XCTAssertPixel(S.pixel(image, 38, 38), [255, 0, 0, 255], "|dx| + |dy| = 23")
        XCTAssertEqual(S.pixel(image, 5, 5)[3], 0)
    }

    func testRoundedClipCutsTheCornersOfItsContent() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let clip = Clip(transform: .translation(10, 10), rect: CGRect(x: 0, y: 0, width: 80, height: 80),
                        cornerRadii: CornerRadii(uniform: 20))
        let quad = Quad(transform: .identity, rect: canvas, fillColor: S.blue, clipIndex: 0)
        let (image, _) = try S.render(renderer, width: 100, height: 100, quads: [quad], clips: [clip])
        XCTAssertEqual(S.pixel(image, 11, 11)[3], 0, "the clip's rounded corner")
        XCTAssertEqual(S.pixel(image, 5, 50)[3], 0, "left of the clip")
        XCTAssertPixel(S.pixel(image, 10, 50), [0, 0, 255, 255], "the clip's left edge")
        XCTAssertPixel(S.pixel(image, 20, 20), [0, 0, 255, 255], "inside the arc (centre 30, 30)")
        XCTAssertPixel(S.pixel(image, 89, 89 - 20), [0, 0, 255, 255])
    }

    func testNestedClipsIntersect() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let outer = Clip(transform: .identity, rect: CGRect(x: 0, y: 0, width: 60, height: 100))
        let inner = Clip(transform: .identity, rect: CGRect(x: 40, y: 0, width: 60, height: 50), parentIndex: 0)
        let quad = Quad(transform: .identity, rect: canvas, fillColor: S.green, clipIndex: 1)
        let (image, _) = try S.render(renderer, width: 100, height: 100, quads: [quad], clips: [outer, inner])
        XCTAssertPixel(S.pixel(image, 50, 25), [0, 255, 0, 255], "in both clips")
        XCTAssertEqual(S.pixel(image, 70, 25)[3], 0, "outside the outer clip")
        XCTAssertEqual(S.pixel(image, 20, 25)[3], 0, "outside the inner clip")
        XCTAssertEqual(S.pixel(image, 50, 75)[3], 0)
    }

    func testThreeNestedClipsInDifferentPlanesIntersect() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        // Outermost: x < 60. Middle: y < 50. Innermost: a 40x40 diamond about (50, 50).
        let diamond = Matrix4.translation(-20, -20).concatenating(S.rotationZ(.pi / 4)).concatenating(.translation(50, 50))
        let clips = [
            Clip(transform: .identity, rect: CGRect(x: 0, y: 0, width: 60, height: 100)),
            Clip(transform: .translation(0, 10), rect: CGRect(x: 0, y: -10, width: 100, height: 50), parentIndex: 0),
            Clip(transform: diamond, rect: CGRect(x: 0, y: 0, width: 40, height: 40), parentIndex: 1),
        ]
        let quad = Quad(transform: .identity, rect: canvas, fillColor: S.green, clipIndex: 2)
        let (image, statistics) = try S.render(renderer, width: 100, height: 100, quads: [quad], clips: clips)
        XCTAssertEqual(statistics.drawCalls, 1)
        XCTAssertPixel(S.pixel(image, 45, 40), [0, 255, 0, 255], "inside all three")
        XCTAssertEqual(S.pixel(image, 45, 55)[3], 0, "below the middle clip, inside the diamond")
        XCTAssertEqual(S.pixel(image, 65, 45)[3], 0, "right of the outermost clip, inside the diamond")
        XCTAssertEqual(S.pixel(image, 25, 25)[3], 0, "outside the diamond")
    }

    func testClipUnderPerspectiveFollowsItsProjectedPlane() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        // The clip and the quad share one perspective plane; the quad is wider than the clip,
        // so the drawn region is exactly the clip's projected rect.
        let angle = Double.pi / 4
        var rotation = Matrix4.identity
        rotation.m11 = cos(angle); rotation.m13 = -sin(angle); rotation.m31 = sin(angle); rotation.m33 = cos(angle)
        var perspective = Matrix4.identity
        perspective.m34 = -1.0 / 100
        let plane = Matrix4.translation(-25, -25).concatenating(rotation).concatenating(perspective).concatenating(.translation(50, 50))
        let clip = Clip(transform: plane, rect: CGRect(x: 0, y: 0, width: 50, height: 50))
        let quad = Quad(transform: plane, rect: CGRect(x: -20, y: 10, width: 90, height: 10), fillColor: S.red, clipIndex: 0)
        let (image, _) = try S.render(renderer, width: 100, height: 100, quads: [quad], clips: [clip])
        // The clip's left and right edges project to x = 50 + u cos / (1 + u sin / 100) for u = -25, 25.
        let left = 50 + (-25 * cos(angle)) / (1 - 25 * sin(angle) / 100)
        let right = 50 + (25 * cos(angle)) / (1 + 25 * sin(angle) / 100)
        let row = 50 - 10   // local y = 15 is 10 above the centre; near the middle of the strip either way
        let covered = (0..<100).filter { S.pixel(image, $0, row)[3] > 127 }
        XCTAssertEqual(Double(covered.first ?? -1), left.rounded(.down), accuracy: 1.5)
        XCTAssertEqual(Double(covered.last ?? -1), right.rounded(.down), accuracy: 1.5)
    }
}
