import CompositorCore
import QuartzCore
import XCTest

/// Mask layers in the draw list.
final class MaskDrawListTests: XCTestCase {
    typealias P = DrawListProbe

    /// A red 80 x 80 layer at (10, 10) masked by a 40 x 40 layer at (20, 30) of its space.
    private func maskedTree() -> (root: CALayer, layer: CALayer) {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100), P.white)
        let layer = P.layer(CGRect(x: 10, y: 10, width: 80, height: 80), P.red)
        let mask = P.layer(CGRect(x: 20, y: 30, width: 40, height: 40), P.black)
        mask.cornerRadius = 20
        layer.mask = mask
        root.addSublayer(layer)
        return (root, layer)
    }

    func testMaskedLayerIsAGroupWithTheMaskAfterItsContent() throws {
        let list = try P.list(maskedTree().root, width: 100, height: 100)
        XCTAssertEqual(list.shape, "QGQMQE")
        let group = try XCTUnwrap(list.groups.first)
        // Only where the mask draws can the layer show: the group is the mask's 40 x 40 square,
        // at (10 + 20, 10 + 30) on the canvas.
        XCTAssertEqual(group.rect, CGRect(x: 20, y: 30, width: 40, height: 40))
        XCTAssertEqual(group.pixelWidth, 40)
        XCTAssertEqual(group.pixelHeight, 40)
        XCTAssertEqual(group.transform.apply(20, 30), CGPoint(x: 30, y: 40))
        let content = list.quads[1], mask = list.quads[2]
        XCTAssertEqual(content.fillColor.red, 1)
        // In the group's pixels the content starts 20, 30 pixels before the image's origin and
        // the mask sits at its origin, with its corner radius.
        XCTAssertEqual(content.transform.apply(0, 0), CGPoint(x: -20, y: -30))
        XCTAssertEqual(mask.transform.apply(0, 0), CGPoint(x: 0, y: 0))
        XCTAssertEqual(mask.cornerRadii, CornerRadii(uniform: 20))
    }

    /// The mask is placed in the owner's space without the owner's sublayerTransform.
    func testMaskIgnoresTheOwnersSublayerTransform() throws {
        let (root, layer) = maskedTree()
        layer.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let list = try P.list(root, width: 100, height: 100)
        let group = try XCTUnwrap(list.groups.first)
        XCTAssertEqual(group.rect, CGRect(x: 20, y: 30, width: 40, height: 40))
    }

    /// The masked layer's opacity composites the group; its content draws at opacity 1.
    func testOpacityAppliesToTheMaskedResult() throws {
        let (root, layer) = maskedTree()
        layer.opacity = 0.5
        let list = try P.list(root, width: 100, height: 100)
        XCTAssertEqual(list.groups.first?.opacity, 0.5)
        XCTAssertEqual(list.quads.dropFirst().map(\.opacity), [1, 1])
    }

    /// Pixel probe (needs group rendering): red inside the mask's circle, white outside it.
    func testMaskPixels() throws {
        try GroupRenderingSupport.assertCompositesGroups()
        let image = try SceneRenderer.render(maskedTree().root, width: 100, height: 100)
        assertPixel(image, 50, 60, (255, 0, 0, 255))
        assertPixel(image, 20, 20, (255, 255, 255, 255))
        assertPixel(image, 32, 42, (255, 255, 255, 255)) // outside the circle, inside its square
    }
}
