import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
import XCTest

/// A tiled layer painting every tile blue and counting its calls.
private final class CountingTiledLayer: CATiledLayer, @unchecked Sendable {
    let draws = ThreadLock(0)

    override func draw(in ctx: CGContext) {
        draws.withLock { $0 += 1 }
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(ctx.boundingBoxOfClipPath)
    }
}

/// What layers of some classes draw beyond their committed state (when an emitter started, which
/// tiles are drawn and since when they show) belongs to each renderer: two renderers of one layer
/// tree, drawing at their own media times, do not disturb each other.
final class RendererOwnedContentTests: XCTestCase {
    private static let spark = CGImage(width: 2, height: 2, bytesPerRow: 8, data: Data(repeating: 255, count: 16))!

    private func renderer(of root: CALayer) -> CARenderer {
        let renderer = CARenderer(frameRenderer: DrawListOnlyRenderer(), pixelWidth: 256, pixelHeight: 256)
        renderer.layer = root
        return renderer
    }

    /// A 256 x 256 root showing a tiled layer of its size (one tile), committed.
    private func tiledScene() throws -> (root: CALayer, tiled: CountingTiledLayer, source: TiledLayerSource) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 256, height: 256)
        let tiled = CountingTiledLayer()
        tiled.frame = root.bounds
        root.addSublayer(tiled)
        CATransaction.flush()
        return (root, tiled, try XCTUnwrap(tiled.state.tiled.source))
    }

    private func texturedQuads(_ renderer: CARenderer, at t: CFTimeInterval) throws -> [Quad] {
        try renderer.drawList(atTime: t).quads.filter { $0.texture != nil }
    }

    /// One emitter (10 births a second from its first frame, each living 5 s) in two renderers:
    /// the first shows it from t0, the second from t0 + 1.02. Each counts the emitter's time from
    /// its own first frame: at t0 + 1.65 the first shows the births at 0, 0.1, ..., 1.6 (17) and
    /// the second those at 0, 0.1, ..., 0.6 (7); the second's start moves nothing of the first's.
    func testTwoRenderersOfOneEmitterCountItsTimeFromTheirOwnFirstFrame() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 256, height: 256)
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        let cell = CAEmitterCell()
        cell.contents = Self.spark
        cell.birthRate = 10
        cell.lifetime = 5
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        CATransaction.flush()
        let first = renderer(of: root), second = renderer(of: root)
        let t0 = CACurrentMediaTime() + 100
        XCTAssertEqual(try texturedQuads(first, at: t0).count, 1, "the birth at 0")
        XCTAssertEqual(try texturedQuads(first, at: t0 + 1.05).count, 11, "births at 0, 0.1, ..., 1.0")
        XCTAssertEqual(try texturedQuads(second, at: t0 + 1.02).count, 1, "the second renderer starts it at its first frame")
        XCTAssertEqual(try texturedQuads(second, at: t0 + 1.65).count, 7, "births at 0, 0.1, ..., 0.6")
        XCTAssertEqual(try texturedQuads(first, at: t0 + 1.65).count, 17, "births at 0, 0.1, ..., 1.6")
    }

    /// One 256 x 256 tiled layer (one tile) in two renderers. Each has the tile drawn for itself
    /// when it first shows the layer, and fades it in over 0.25 s from its own first frame
    /// showing it drawn: the first from t1, the second from t1 + 0.2. At t1 + 0.2625 the first
    /// shows it opaque and the second at a quarter.
    func testTwoRenderersOfOneTiledLayerFadeItsTilesInEachFromItsOwnFrames() throws {
        let (root, tiled, source) = try tiledScene()
        let first = renderer(of: root), second = renderer(of: root)
        let t0 = CACurrentMediaTime() + 100, t1 = t0 + 1
        XCTAssertEqual(try texturedQuads(first, at: t0).count, 0, "not drawn yet")
        XCTAssertTrue(source.waitUntilDrawn(timeout: 10))
        XCTAssertEqual(try texturedQuads(first, at: t1).count, 0, "first shown at t1, at opacity 0")
        let half = try texturedQuads(first, at: t1 + 0.125)
        XCTAssertEqual(half.count, 1)
        XCTAssertEqual(try XCTUnwrap(half.first).opacity, 0.5, accuracy: 1e-4)
        XCTAssertEqual(try texturedQuads(second, at: t1 + 0.125).count, 0, "the second renderer has drawn no tile yet")
        XCTAssertTrue(source.waitUntilDrawn(timeout: 10))
        XCTAssertEqual(tiled.draws.withLock { $0 }, 2, "each renderer had the tile drawn once")
        XCTAssertEqual(try texturedQuads(second, at: t1 + 0.2).count, 0, "first shown by the second at t1 + 0.2")
        let second1 = try texturedQuads(second, at: t1 + 0.2625)
        XCTAssertEqual(second1.count, 1)
        XCTAssertEqual(try XCTUnwrap(second1.first).opacity, 0.25, accuracy: 1e-4)
        XCTAssertEqual(try texturedQuads(first, at: t1 + 0.2625).map(\.opacity), [1])
    }

    /// `setNeedsDisplay()` on a tiled layer whose one tile a renderer shows opaque discards the
    /// tile: the next frame shows none while it is drawn again (a second call of `draw(in:)`),
    /// and the new tile fades in from the first frame that shows it (half-way 0.125 s later).
    func testRedisplayDrawsTheTilesAgainAndFadesThemIn() throws {
        let (root, tiled, source) = try tiledScene()
        let renderer = renderer(of: root)
        let t0 = CACurrentMediaTime() + 100
        XCTAssertEqual(try texturedQuads(renderer, at: t0).count, 0)
        XCTAssertTrue(source.waitUntilDrawn(timeout: 10))
        _ = try texturedQuads(renderer, at: t0 + 1)
        XCTAssertEqual(try texturedQuads(renderer, at: t0 + 2).map(\.opacity), [1])
        tiled.setNeedsDisplay()
        CATransaction.flush()
        XCTAssertEqual(try texturedQuads(renderer, at: t0 + 3).count, 0, "the old tile is not shown again")
        XCTAssertTrue(source.waitUntilDrawn(timeout: 10))
        XCTAssertEqual(tiled.draws.withLock { $0 }, 2)
        XCTAssertEqual(try texturedQuads(renderer, at: t0 + 4).count, 0, "first shown at t0 + 4, at opacity 0")
        let half = try texturedQuads(renderer, at: t0 + 4.125)
        XCTAssertEqual(half.count, 1)
        XCTAssertEqual(try XCTUnwrap(half.first).opacity, 0.5, accuracy: 1e-4)
    }
}
