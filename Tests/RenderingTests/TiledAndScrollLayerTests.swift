import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
import XCTest

/// A tiled layer that fills each tile with one colour and records the clip of every call.
private final class RecordingTiledLayer: CATiledLayer, @unchecked Sendable {
    let drawnClips = ThreadLock<[CGRect]>([])

    override func draw(in ctx: CGContext) {
        let clip = ctx.boundingBoxOfClipPath
        drawnClips.withLock { $0.append(clip) }
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(clip)
    }
}

/// CATiledLayer and CAScrollLayer at render time.
final class TiledAndScrollLayerTests: XCTestCase {
    typealias P = DrawListProbe

    /// A 2048 x 2048 tiled layer (256-pixel tiles) in a 200 x 200 scroll layer scrolled to
    /// (400, 300): the view (400...600, 300...500) shows columns 1 and 2 of row 1. None shows before
    /// it is drawn; once drawn they fade in over 0.25 s from the first frame that shows them.
    func testScrolledTilesAppearAfterTheyAreDrawnAndFadeIn() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let scroll = CAScrollLayer()
        scroll.frame = root.bounds
        let tiled = RecordingTiledLayer()
        tiled.frame = CGRect(x: 0, y: 0, width: 2048, height: 2048)
        scroll.addSublayer(tiled)
        root.addSublayer(scroll)
        scroll.scroll(to: CGPoint(x: 400, y: 300))
        let t0 = CACurrentMediaTime() + 10
        let tileQuads = { (time: CFTimeInterval) in
            try P.list(root, width: 200, height: 200, time: time).quads.filter { $0.texture != nil }
        }
        XCTAssertEqual(try tileQuads(t0).count, 0, "no tile before it is drawn")
        XCTAssertTrue(try XCTUnwrap(tiled.state.tiled.source).waitUntilDrawn(timeout: 10))
        let expected: Set<CGRect> = [CGRect(x: 256, y: 256, width: 256, height: 256),
                                     CGRect(x: 512, y: 256, width: 256, height: 256)]
        XCTAssertEqual(Set(tiled.drawnClips.withLock { $0 }), expected)

        // Drawn: first shown at t1, at opacity 0, so left out; half-way at t1 + 0.125; full at t1 + 0.25.
        let t1 = t0 + 1
        XCTAssertEqual(try tileQuads(t1).count, 0)
        let half = try tileQuads(t1 + 0.125)
        XCTAssertEqual(Set(half.map(\.rect)), expected)
        XCTAssertEqual(half.count, 2)
        for quad in half { XCTAssertEqual(quad.opacity, 0.5, accuracy: 1e-4) }
        let full = try tileQuads(t1 + 0.25)
        XCTAssertEqual(full.map(\.opacity), [1, 1])
        // The tile's pixels are what draw(in:) painted.
        let pixel = try XCTUnwrap(full.first?.texture?.image.premultipliedPixel(x: 128, y: 128))
        XCTAssertEqual([pixel.r, pixel.g, pixel.b, pixel.a], [0, 0, 255, 255])
        // Scrolled: tile (1, 1), whose origin is (256, 256) in the tiled layer, lands at (-144, -44).
        let first = try XCTUnwrap(full.first { $0.rect.minX == 256 })
        XCTAssertEqual(first.transform.apply(256, 256), CGPoint(x: -144, y: -44))
        XCTAssertEqual(first.texture?.image.width, 256)
        XCTAssertEqual(first.texture?.unitRect, CGRect(x: 0, y: 0, width: 1, height: 1))
    }

    /// Scrolling a CAScrollLayer moves its bounds origin, so its content shows shifted: a
    /// red square at (150, 100) in a 300 x 300 content layer scrolled to (100, 50) shows at
    /// (50, 50) of a 100 x 100 view, and what lies outside the view is clipped.
    func testScrolledContentShowsThroughTheScrollLayer() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100), P.white)
        let scroll = CAScrollLayer()
        scroll.frame = root.bounds
        scroll.masksToBounds = true
        scroll.addSublayer(P.layer(CGRect(x: 150, y: 100, width: 20, height: 20), P.red))
        root.addSublayer(scroll)
        scroll.scroll(to: CGPoint(x: 100, y: 50))
        let image = try SceneRenderer.render(root, width: 100, height: 100)
        let inside = try XCTUnwrap(image.premultipliedPixel(x: 55, y: 55))
        XCTAssertEqual([inside.r, inside.g, inside.b], [255, 0, 0])
        let outside = try XCTUnwrap(image.premultipliedPixel(x: 45, y: 55))
        XCTAssertEqual([outside.r, outside.g, outside.b], [255, 255, 255])
        let unscrolledSpot = try XCTUnwrap(image.premultipliedPixel(x: 10, y: 10))
        XCTAssertEqual([unscrolledSpot.r, unscrolledSpot.g, unscrolledSpot.b], [255, 255, 255])
    }
}
