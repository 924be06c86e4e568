import CompositorCore
import QuartzCore
import XCTest

/// Group opacity in the draw list.
final class GroupOpacityDrawListTests: XCTestCase {
    typealias P = DrawListProbe

    /// A 100 x 60 parent at (0, 0) with two overlapping white 60 x 60 squares at x 0 and 40.
    private func overlappingTree(opacity: Float, groupOpacity: Bool) -> CALayer {
        let root = P.layer(CGRect(x: 0, y: 0, width: 120, height: 80), P.black)
        let parent = P.layer(CGRect(x: 10, y: 10, width: 100, height: 60))
        parent.opacity = opacity
        parent.allowsGroupOpacity = groupOpacity
        parent.addSublayer(P.layer(CGRect(x: 0, y: 0, width: 60, height: 60), P.white))
        parent.addSublayer(P.layer(CGRect(x: 40, y: 0, width: 60, height: 60), P.white))
        root.addSublayer(parent)
        return root
    }

    func testOverlappingSublayersAreCompositedAsOneGroup() throws {
        let list = try P.list(overlappingTree(opacity: 0.5, groupOpacity: true), width: 120, height: 80)
        XCTAssertEqual(list.shape, "QGQQE")
        let group = try XCTUnwrap(list.groups.first)
        XCTAssertEqual(group.opacity, 0.5)
        // The group covers the parent's space 0...100 x 0...60 at one pixel per point, placed at (10, 10).
        XCTAssertEqual(group.rect, CGRect(x: 0, y: 0, width: 100, height: 60))
        XCTAssertEqual(group.pixelWidth, 100)
        XCTAssertEqual(group.pixelHeight, 60)
        XCTAssertEqual(group.transform.apply(0, 0), CGPoint(x: 10, y: 10))
        let inner = Array(list.quads.dropFirst())
        XCTAssertEqual(inner.map(\.opacity), [1, 1])
        // Inside the group the second square starts at pixel 40 of the group's image.
        XCTAssertEqual(inner[1].transform.apply(0, 0), CGPoint(x: 40, y: 0))
    }

    /// A border drawn apart from its background (the layer has a sublayer, here one outside
    /// its bounds) overlaps it: at opacity 0.5 the layer is one group, so the border shows
    /// half-transparent green over black, (0, 128, 0), not green over half the red.
    func testBorderOverItsBackgroundIsGrouped() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 120, height: 80), P.black)
        let parent = P.layer(CGRect(x: 10, y: 10, width: 60, height: 60), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        parent.borderWidth = 10
        parent.borderColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        parent.opacity = 0.5
        parent.addSublayer(P.layer(CGRect(x: 80, y: 0, width: 20, height: 20), P.white))
        root.addSublayer(parent)
        let list = try P.list(root, width: 120, height: 80)
        XCTAssertEqual(list.shape, "QGQQQE")
        let image = try SceneRenderer.render(root, width: 120, height: 80)
        assertPixel(image, 15, 40, (0, 128, 0, 255), tolerance: 2, "border")
        assertPixel(image, 40, 40, (128, 0, 0, 255), tolerance: 2, "background")
    }

    func testWithoutGroupOpacityOpacityMultipliesDown() throws {
        let list = try P.list(overlappingTree(opacity: 0.5, groupOpacity: false), width: 120, height: 80)
        XCTAssertEqual(list.shape, "QQQ")
        XCTAssertEqual(list.quads.map(\.opacity), [1, 0.5, 0.5])
    }

    func testOpaqueParentNeedsNoGroup() throws {
        let list = try P.list(overlappingTree(opacity: 1, groupOpacity: true), width: 120, height: 80)
        XCTAssertEqual(list.shape, "QQQ")
    }

    func testDisjointSublayersNeedNoGroup() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 120, height: 80), P.black)
        let parent = P.layer(CGRect(x: 0, y: 0, width: 120, height: 80))
        parent.opacity = 0.5
        parent.addSublayer(P.layer(CGRect(x: 0, y: 0, width: 50, height: 50), P.white))
        parent.addSublayer(P.layer(CGRect(x: 60, y: 0, width: 50, height: 50), P.white))
        root.addSublayer(parent)
        let list = try P.list(root, width: 120, height: 80)
        XCTAssertEqual(list.shape, "QQQ")
        XCTAssertEqual(list.quads.map(\.opacity), [1, 0.5, 0.5])
    }

    func testSingleDrawableNeedsNoGroup() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 50, height: 50), P.black)
        let layer = P.layer(CGRect(x: 10, y: 10, width: 20, height: 20), P.white)
        layer.opacity = 0.5
        layer.borderWidth = 2
        root.addSublayer(layer)
        let list = try P.list(root, width: 50, height: 50)
        XCTAssertEqual(list.shape, "QQ")
        XCTAssertEqual(list.quads[1].opacity, 0.5)
    }

    /// A background under its own sublayer overlaps it, so the pair is grouped.
    func testBackgroundUnderASublayerIsGrouped() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 50, height: 50), P.black)
        let layer = P.layer(CGRect(x: 0, y: 0, width: 40, height: 40), P.red)
        layer.opacity = 0.25
        layer.addSublayer(P.layer(CGRect(x: 10, y: 10, width: 10, height: 10), P.white))
        root.addSublayer(layer)
        let list = try P.list(root, width: 50, height: 50)
        XCTAssertEqual(list.shape, "QGQQE")
        XCTAssertEqual(list.groups[0].opacity, 0.25)
    }

    /// Under a 2x canvas the group's image has two pixels per point.
    func testGroupPixelSizeFollowsTheCanvasScale() throws {
        let list = try P.list(overlappingTree(opacity: 0.5, groupOpacity: true), width: 240, height: 160, scale: 2)
        let group = try XCTUnwrap(list.groups.first)
        XCTAssertEqual(group.pixelWidth, 200)
        XCTAssertEqual(group.pixelHeight, 120)
        XCTAssertEqual(group.transform.apply(100, 60), CGPoint(x: 220, y: 140))
    }

    /// Pixel probe (needs group rendering): 50% grey everywhere, the overlap included.
    func testGroupOpacityPixels() throws {
        try GroupRenderingSupport.assertCompositesGroups()
        let image = try SceneRenderer.render(overlappingTree(opacity: 0.5, groupOpacity: true), width: 120, height: 80)
        assertPixel(image, 20, 40, (128, 128, 128, 255))
        assertPixel(image, 60, 40, (128, 128, 128, 255))
        assertPixel(image, 100, 40, (128, 128, 128, 255))
        let without = try SceneRenderer.render(overlappingTree(opacity: 0.5, groupOpacity: false), width: 120, height: 80)
        // Without the group the overlap is 0.5 + 0.5 x 0.5 = 75% white.
        assertPixel(without, 60, 40, (191, 191, 191, 255))
        assertPixel(without, 20, 40, (128, 128, 128, 255))
    }
}
