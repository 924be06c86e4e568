import CompositorCore
@testable import QuartzCore
@_spi(RenderTables) @testable import QuartzCoreModel
import XCTest

/// Each renderer owns its render tree: every commit reaches every tree that exists, a tree made
/// late starts from the trees committed so far, and a tree that goes away leaves nothing behind.
final class RenderTreeOwnershipTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        super.tearDown()
    }

    /// A 100 × 100 root holding a 20 × 20 square at (10, 10), red.
    private func scene() -> (root: CALayer, square: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let square = CALayer()
        square.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(square)
        return (root, square)
    }

    /// The premultiplied colour the renderer draws at pixel (x, y), as 0–255 components.
    private func color(_ renderer: CARenderer, _ x: Int, _ y: Int, at t: CFTimeInterval) throws -> [Int] {
        _ = try renderer.renderFrame(atTime: t)
        let image = try renderer.makeImage()
        let p = try XCTUnwrap(image.premultipliedPixel(x: x, y: y))
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    /// A renderer made after the tree was committed draws it: its tree is seeded with the
    /// committed layers.
    func testARendererCreatedAfterACommitDrawsTheCommittedTree() throws {
        let (root, _) = scene()
        CATransaction.flush()
        let renderer = try CARenderer(cpuPixelWidth: 100, pixelHeight: 100)
        renderer.layer = root
        let t = CACurrentMediaTime()
        XCTAssertEqual(try color(renderer, 20, 20, at: t), [255, 0, 0, 255], "inside the square")
        XCTAssertEqual(try color(renderer, 40, 40, at: t), [0, 0, 0, 255], "outside it, the opaque black the renderer clears to")
    }

    /// Two renderers, one made before the layers and one after two commits, draw the same
    /// frames, before and after a further commit.
    func testTwoRenderersCreatedAtDifferentTimesDrawTheSameCommittedTree() throws {
        let early = try CARenderer(cpuPixelWidth: 100, pixelHeight: 100)
        let (root, square) = scene()
        early.layer = root
        var t = CACurrentMediaTime()
        _ = try early.drawList(atTime: t)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        square.position = CGPoint(x: 60, y: 60) // the square now covers 50..<70
        CATransaction.commit()

        let late = try CARenderer(cpuPixelWidth: 100, pixelHeight: 100)
        late.layer = root
        t += 1.0 / 60
        XCTAssertEqual(try color(early, 60, 60, at: t), [255, 0, 0, 255])
        XCTAssertEqual(try color(late, 60, 60, at: t), [255, 0, 0, 255], "the late tree holds the moved square")
        XCTAssertEqual(try color(late, 20, 20, at: t), [0, 0, 0, 255], "and not where it was")
        XCTAssertEqual(try early.drawList(atTime: t).commands, try late.drawList(atTime: t).commands)

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        square.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.commit()
        t += 1.0 / 60
        XCTAssertEqual(try color(early, 60, 60, at: t), [0, 0, 255, 255], "the commit reached the early tree")
        XCTAssertEqual(try color(late, 60, 60, at: t), [0, 0, 255, 255], "and the late one")
        XCTAssertEqual(try early.drawList(atTime: t).commands, try late.drawList(atTime: t).commands)
    }

    /// A tree that goes away is no longer listed, nothing keeps it alive, and commits go on
    /// without it.
    func testAFreedRenderTreeLeavesNothingBehind() {
        let (root, square) = scene()
        CATransaction.flush()
        let listed = RenderTreeStores.count
        weak var freed: RenderTreeStore?
        do {
            let store = RenderTreeStore()
            freed = store
            XCTAssertEqual(RenderTreeStores.count, listed + 1)
            XCTAssertNotNil(store.snapshot().layers[square.layerID], "seeded with the live layers")
        }
        XCTAssertNil(freed, "no reference to the tree is kept")
        XCTAssertEqual(RenderTreeStores.count, listed, "its entry is gone")
        square.opacity = 0.5
        CATransaction.flush()
        XCTAssertEqual(RenderTreeStores.count, listed)
        XCTAssertEqual(root.sublayers?.count, 1)
    }

    /// A layer freed and its ID given to a new layer: both trees forget the old layer and hold
    /// the new one where the old one was listed by nothing.
    func testLayerIDReuseIsSeenByEveryTree() throws {
        let first = RenderTreeStore()
        let root = CALayer()
        var old: CALayer? = CALayer()
        old!.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        root.addSublayer(old!)
        CATransaction.flush()
        let second = RenderTreeStore()
        let oldID = old!.layerID
        for store in [first, second] {
            XCTAssertEqual(store.snapshot().layers[root.layerID]?.sublayerIDs, [oldID])
        }
        // Freed without committing its removal: the stores drop it as it goes.
        old!.removeFromSuperlayer()
        weak let freed = old
        old = nil
        XCTAssertNil(freed, "nothing else holds the removed layer")
        for store in [first, second] {
            XCTAssertNil(store.snapshot().layers[oldID], "the freed layer left the tree")
            XCTAssertEqual(store.snapshot().layers[root.layerID]?.sublayerIDs, [], "and its superlayer's committed copy")
        }
        // The most recently freed ID is the next handed out (see `LayerIDs`).
        let new = CALayer()
        XCTAssertEqual(new.layerID, oldID)
        new.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        let other = CALayer()
        other.addSublayer(new)
        CATransaction.flush()
        for store in [first, second] {
            let layers = store.snapshot().layers
            XCTAssertEqual(layers[oldID]?.state.position, CGPoint(x: 25, y: 40), "the reused ID holds the new layer")
            XCTAssertEqual(layers[oldID]?.superlayerID, other.layerID)
            XCTAssertEqual(layers[root.layerID]?.sublayerIDs, [], "the old superlayer does not list it")
        }
    }
}
