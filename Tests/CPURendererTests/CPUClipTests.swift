import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// Analytic clips on the CPU renderer: a quad is drawn only inside its clip's (rounded) rect, in the clip's plane.
final class CPUClipTests: XCTestCase {
    typealias S = CPUTestSupport
    let canvas = CGRect(x: 0, y: 0, width: 100, height: 100)

    func testRotatedClipCutsAQuadToADiamond() throws {
        let clipTransform = Matrix4.translation(-20, -20).concatenating(S.rotationZ(.pi / 4)).concatenating(.translation(50, 50))
        let clip = Clip(transform: clipTransform, rect: CGRect(x: 0, y: 0, width: 40, height: 40))
        let quad = Quad(transform: .identity, rect: canvas, fillColor: S.red, clipIndex: 0)
        let (image, _) = try S.render(width: 100, height: 100, quads: [quad], clips: [clip])
        XCTAssertPixel(S.pixel(image, 50, 50), [255, 0, 0, 255])
        XCTAssertPixel(S.pixel(image, 50, 25), [255, 0, 0, 255])
        XCTAssertEqual(S.pixel(image, 50, 19)[3], 0)
        XCTAssertEqual(S.pixel(image, 35, 35)[3], 0)
        XCTAssertPixel(S.pixel(image, 38, 38), [255, 0, 0, 255])
        XCTAssertEqual(S.pixel(image, 5, 5)[3], 0)
    }

    func testRoundedClipCutsTheCornersOfItsContent() throws {
        let clip = Clip(transform: .translation(10, 10), rect: CGRect(x: 0, y: 0, width: 80, height: 80), cornerRadii: CornerRadii(uniform: 20))
        let quad = Quad(transform: .identity, rect: canvas, fillColor: S.blue, clipIndex: 0)
        let (image, _) = try S.render(width: 100, height: 100, quads: [quad], clips: [clip])
        XCTAssertEqual(S.pixel(image, 11, 11)[3], 0)
        XCTAssertEqual(S.pixel(image, 5, 50)[3], 0)
        XCTAssertPixel(S.pixel(image, 10, 50), [0, 0, 255, 255])
        XCTAssertPixel(S.pixel(image, 20, 20), [0, 0, 255, 255])
        XCTAssertPixel(S.pixel(image, 89, 69), [0, 0, 255, 255])
        // On the arc (centre 30, 30, radius 20): pixel (15, 15)'s centre is 20.51 px away: half covered.
        let distance = 2 * (14.5 * 14.5).squareRoot() / 2.0.squareRoot()
        XCTAssertEqual(Double(S.pixel(image, 15, 15)[3]), min(max(0.5 - (distance - 20), 0), 1) * 255, accuracy: 2)
    }

    func testThreeNestedClipsInDifferentPlanesIntersect() throws {
        let diamond = Matrix4.translation(-20, -20).concatenating(S.rotationZ(.pi / 4)).concatenating(.translation(50, 50))
        let clips = [
            Clip(transform: .identity, rect: CGRect(x: 0, y: 0, width: 60, height: 100)),
            Clip(transform: .translation(0, 10), rect: CGRect(x: 0, y: -10, width: 100, height: 50), parentIndex: 0),
            Clip(transform: diamond, rect: CGRect(x: 0, y: 0, width: 40, height: 40), parentIndex: 1),
        ]
        let quad = Quad(transform: .identity, rect: canvas, fillColor: S.green, clipIndex: 2)
        let (image, _) = try S.render(width: 100, height: 100, quads: [quad], clips: clips)
        XCTAssertPixel(S.pixel(image, 45, 40), [0, 255, 0, 255])
        XCTAssertEqual(S.pixel(image, 45, 55)[3], 0)
        XCTAssertEqual(S.pixel(image, 65, 45)[3], 0)
        XCTAssertEqual(S.pixel(image, 25, 25)[3], 0)
    }

    func testClipUnderPerspectiveFollowsItsProjectedPlane() throws {
        let angle = Double.pi / 4
        let plane = Matrix4.translation(-25, -25).concatenating(S.rotationY(angle, perspective: 100)).concatenating(.translation(50, 50))
        let clip = Clip(transform: plane, rect: CGRect(x: 0, y: 0, width: 50, height: 50))
        let quad = Quad(transform: plane, rect: CGRect(x: -20, y: 10, width: 90, height: 10), fillColor: S.red, clipIndex: 0)
        let (image, _) = try S.render(width: 100, height: 100, quads: [quad], clips: [clip])
        let left = 50 + (-25 * cos(angle)) / (1 - 25 * sin(angle) / 100)
        let right = 50 + (25 * cos(angle)) / (1 + 25 * sin(angle) / 100)
        let covered = (0..<100).filter { S.pixel(image, $0, 40)[3] > 127 }
        XCTAssertEqual(Double(covered.first ?? -1), left.rounded(.down), accuracy: 1.5)
        XCTAssertEqual(Double(covered.last ?? -1), right.rounded(.down), accuracy: 1.5)
    }

    func testEdgeOnClipCoversNothing() throws {
        let edgeOn = Matrix4.translation(-20, -20).concatenating(S.rotationY(.pi / 2, perspective: 1e9)).concatenating(.translation(50, 50))
        let clip = Clip(transform: edgeOn, rect: CGRect(x: 0, y: 0, width: 40, height: 40))
        let quad = Quad(transform: .identity, rect: canvas, fillColor: S.red, clipIndex: 0)
        let (image, _) = try S.render(width: 100, height: 100, quads: [quad], clips: [clip])
        XCTAssertEqual(S.pixel(image, 50, 50)[3], 0)
    }
}
