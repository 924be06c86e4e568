import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
@testable import GLESRenderer
import XCTest

/// The choice between the analytic clip (instance attributes) and the clip table walk: which
/// cases take which path, and that both paths give the same pixels.
final class ClipMethodTests: XCTestCase {
    typealias S = RenderTestSupport

    /// A rounded clipping parent at (20, 20) and a rotated child overflowing its edges, as in S5:
    /// the child's corners reach 28 × (cos 0.5 + sin 0.5) = 38 from the centre (50, 50).
    private let parentClip = Clip(transform: .translation(20, 20), rect: CGRect(x: 0, y: 0, width: 60, height: 60),
                                  cornerRadii: CornerRadii(uniform: 12))
    private var rotatedChild: Quad {
        let transform = Matrix4.translation(-28, -28).concatenating(S.rotationZ(0.5)).concatenating(.translation(30, 30))
            .concatenating(parentClip.transform)
        return Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 56, height: 56), fillColor: S.blue,
                    cornerRadii: CornerRadii(uniform: 6), borderWidth: 2, borderColor: S.white, clipIndex: 0)
    }

    private func renderBothWays(_ quads: [Quad], clips: [Clip]) throws -> (analytic: CGImage, table: CGImage) {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        renderer.usesAnalyticClips = true
        let (analytic, _) = try S.render(renderer, width: 100, height: 100, quads: quads, clips: clips)
        renderer.usesAnalyticClips = false
        let (table, _) = try S.render(renderer, width: 100, height: 100, quads: quads, clips: clips)
        return (analytic, table)
    }

    func testAnalyticClipGivesTheTablesPixels() throws {
        let blurred = Quad(transform: rotatedChild.transform, rect: CGRect(x: 0, y: 0, width: 56, height: 56),
                           fillColor: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5),
                           cornerRadii: CornerRadii(uniform: 6), clipIndex: 0, blurSigma: 3)
        let (analytic, table) = try renderBothWays([blurred, rotatedChild], clips: [parentClip])
        XCTAssertLessThanOrEqual(S.largestDifference(analytic, table), 1)
        // The child's corners overflow the parent and are cut in both.
        XCTAssertEqual(S.pixel(analytic, 50, 15)[3], 0, "above the parent")
        XCTAssertEqual(S.pixel(analytic, 22, 22)[3], 0, "outside the parent's rounded corner")
        XCTAssertGreaterThan(S.pixel(table, 50, 22)[3], 0, "the child inside the parent's top edge")
        XCTAssertPixel(S.pixel(analytic, 50, 50), [0, 0, 255, 255])
    }

    func testAnalyticClipUnderPerspectiveGivesTheTablesPixels() throws {
        var rotation = Matrix4.identity
        rotation.m11 = cos(0.6); rotation.m13 = -sin(0.6); rotation.m31 = sin(0.6); rotation.m33 = cos(0.6)
        var perspective = Matrix4.identity
        perspective.m34 = -1.0 / 150
        let plane = Matrix4.translation(-30, -30).concatenating(rotation).concatenating(perspective).concatenating(.translation(50, 50))
        let clip = Clip(transform: plane, rect: CGRect(x: 0, y: 0, width: 60, height: 60), cornerRadii: CornerRadii(uniform: 15))
        let child = Quad(transform: S.rotationZ(0.4).concatenating(.translation(10, 5)).concatenating(plane),
                         rect: CGRect(x: 0, y: 0, width: 50, height: 50), fillColor: S.red, clipIndex: 0)
        let (analytic, table) = try renderBothWays([child], clips: [clip])
        XCTAssertLessThanOrEqual(S.largestDifference(analytic, table), 1)
        XCTAssertGreaterThan(S.pixel(analytic, 50, 50)[3], 250)
    }

    func testResolverTakesTheAnalyticPathInTheQuadsPlane() {
        let resolver = ClipResolver()
        resolver.prepare([parentClip])
        let child = rotatedChild
        let resolution = resolver.resolve(0, transform: child.transform, rect: child.rect, margin: 1.5)
        XCTAssertNotNil(resolution.analytic)
        XCTAssertEqual(resolution.tableIndex, -1)
        // Half size 30 about the clip's centre, radii 12.
        XCTAssertEqual(resolution.analytic?.x.w, 30)
        XCTAssertEqual(resolution.analytic?.radii, SIMD4(12, 12, 12, 12))
    }

    func testResolverWalksTheTableForAClipInAnotherPlane() {
        let resolver = ClipResolver()
        resolver.prepare([parentClip])
        var tilted = parentClip.transform
        tilted.m14 = 0.002   // the quad's plane is under perspective, the clip's is not
        let resolution = resolver.resolve(0, transform: tilted, rect: CGRect(x: 0, y: 0, width: 40, height: 40), margin: 1.5)
        XCTAssertNil(resolution.analytic)
        XCTAssertEqual(resolution.tableIndex, 0)
    }

    func testResolverDropsClipsThatContainTheQuadOrTheInnerClip() {
        let resolver = ClipResolver()
        let outer = Clip(transform: .identity, rect: CGRect(x: 0, y: 0, width: 100, height: 100), cornerRadii: CornerRadii(uniform: 10))
        let inner = Clip(transform: .translation(20, 20), rect: CGRect(x: 0, y: 0, width: 50, height: 50),
                         cornerRadii: CornerRadii(uniform: 5), parentIndex: 0)
        let otherPlane = Clip(transform: Matrix4.translation(5, 5).concatenating({ var m = Matrix4.identity; m.m24 = 0.001; return m }()),
                              rect: CGRect(x: 0, y: 0, width: 30, height: 30), parentIndex: 1)
        resolver.prepare([outer, inner, otherPlane])
        XCTAssertEqual(resolver.tableParent(1), -1, "the outer clip contains the inner one")
        XCTAssertEqual(resolver.tableParent(2), 1, "another plane: kept")
        // A quad well inside the inner clip needs no clip at all.
        let inside = resolver.resolve(1, transform: .translation(30, 30), rect: CGRect(x: 0, y: 0, width: 20, height: 20), margin: 1.5)
        XCTAssertNil(inside.analytic)
        XCTAssertEqual(inside.tableIndex, -1)
        // A quad crossing the inner clip's edge: the inner clip is analytic, the outer dropped.
        let crossing = resolver.resolve(1, transform: .translation(60, 30), rect: CGRect(x: 0, y: 0, width: 20, height: 20), margin: 1.5)
        XCTAssertNotNil(crossing.analytic)
        XCTAssertEqual(crossing.tableIndex, -1)
        // Under a clip in another plane: the table from that clip on.
        let under = resolver.resolve(2, transform: .translation(60, 30), rect: CGRect(x: 0, y: 0, width: 20, height: 20), margin: 1.5)
        XCTAssertNil(under.analytic)
        XCTAssertEqual(under.tableIndex, 2)
    }

    func testQuadInsideItsClipIsDrawnWithoutBlending() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let clip = Clip(transform: .identity, rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        let opaque = Quad(transform: .translation(10, 10), rect: CGRect(x: 0, y: 0, width: 20, height: 20), fillColor: S.red,
                          clipIndex: 0, isOpaque: true)
        let rounded = Quad(transform: .translation(40, 10), rect: CGRect(x: 0, y: 0, width: 20, height: 20), fillColor: S.blue,
                           cornerRadii: CornerRadii(uniform: 4))
        let (image, statistics) = try S.render(renderer, width: 100, height: 100, quads: [opaque, rounded], clips: [clip])
        XCTAssertEqual(statistics.drawCalls, 2, "the clip is dropped, so the opaque quad gets its own unblended batch")
        XCTAssertPixel(S.pixel(image, 20, 20), [255, 0, 0, 255])
    }
}
