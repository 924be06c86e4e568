import CompositorCore
import QuartzCore
import XCTest

/// shouldRasterize in the draw list.
final class RasterizationDrawListTests: XCTestCase {
    typealias P = DrawListProbe

    private func tree() -> (root: CALayer, layer: CALayer, child: CALayer) {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100), P.white)
        let layer = P.layer(CGRect(x: 10, y: 10, width: 50, height: 40), P.blue)
        let child = P.layer(CGRect(x: 5, y: 5, width: 10, height: 10), P.red)
        layer.addSublayer(child)
        layer.shouldRasterize = true
        layer.rasterizationScale = 2
        root.addSublayer(layer)
        return (root, layer, child)
    }

    func testRasterizedLayerIsAKeyedGroupAtItsRasterizationScale() throws {
        let (root, layer, _) = tree()
        let list = try P.list(root, width: 100, height: 100)
        XCTAssertEqual(list.shape, "QGQQE")
        let group = try XCTUnwrap(list.groups.first)
        XCTAssertEqual(group.rect, CGRect(x: 0, y: 0, width: 50, height: 40))
        XCTAssertEqual(group.pixelWidth, 100)
        XCTAssertEqual(group.pixelHeight, 80)
        XCTAssertNotNil(group.rasterizationKey)
        // Drawn at one pixel per point from two: minified, with the layer's minification filter.
        layer.minificationFilter = .nearest
        let nearest = try P.list(root, width: 100, height: 100)
        XCTAssertEqual(nearest.groups.first?.filter, .nearest)
    }

    func testContentVersionIsStableUntilTheSubtreeChanges() throws {
        let (root, layer, child) = tree()
        let first = try XCTUnwrap(P.list(root, width: 100, height: 100, time: 1).groups.first?.rasterizationKey)
        let again = try XCTUnwrap(P.list(root, width: 100, height: 100, time: 2).groups.first?.rasterizationKey)
        XCTAssertEqual(first, again)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        child.backgroundColor = P.black
        CATransaction.commit()
        let changed = try XCTUnwrap(P.list(root, width: 100, height: 100, time: 3).groups.first?.rasterizationKey)
        XCTAssertEqual(changed.layerID, first.layerID)
        XCTAssertNotEqual(changed.contentVersion, first.contentVersion)
        _ = layer
    }

    /// A running animation inside the subtree changes the picture every frame; one that only
    /// moves the rasterized layer does not.
    func testAnimationsInsideChangeTheVersionEveryFrame() throws {
        let (root, layer, child) = tree()
        _ = try P.list(root, width: 100, height: 100)
        // Animations start 100 s from now, so that none has finished (and been removed) when drawn.
        let t0 = CACurrentMediaTime() + 100
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 0, y: 0)
        move.toValue = CGPoint(x: 50, y: 50)
        move.beginTime = t0
        move.duration = 10
        layer.add(move, forKey: "move")
        CATransaction.flush()
        let a = try P.list(root, width: 100, height: 100, time: t0 + 2).groups.first?.rasterizationKey
        let b = try P.list(root, width: 100, height: 100, time: t0 + 3).groups.first?.rasterizationKey
        XCTAssertEqual(a, b)
        XCTAssertEqual(layer.animationKeys(), ["move"])
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.2
        fade.toValue = 1.0
        fade.beginTime = t0
        fade.duration = 10
        child.add(fade, forKey: "fade")
        CATransaction.flush()
        let c = try P.list(root, width: 100, height: 100, time: t0 + 2).groups.first?.rasterizationKey
        let d = try P.list(root, width: 100, height: 100, time: t0 + 3).groups.first?.rasterizationKey
        XCTAssertNotEqual(c, d)
        XCTAssertEqual(child.animationKeys(), ["fade"])
    }
}
