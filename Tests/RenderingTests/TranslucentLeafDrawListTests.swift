import CompositorCore
import QuartzCore
import RendererTestSupport
import XCTest

/// Group opacity for a translucent layer without sublayers: one drawable (its contents, or its
/// background with the border merged) overlaps nothing, so opacity multiplies into it; contents
/// over a background or under a border overlap, so the layer is composited as one group.
final class TranslucentLeafDrawListTests: XCTestCase, PixelProbes {
    typealias P = DrawListProbe

    /// A 40 x 40 opaque green image.
    private static let green = image(width: 40, height: 40) { _, _ in [0, 255, 0, 255] }

    /// A black 60 x 60 root holding one 40 x 40 layer at (10, 10) with the green contents at opacity 0.5.
    private func sprite(_ configure: (CALayer) -> Void = { _ in }) -> CALayer {
        let root = P.layer(CGRect(x: 0, y: 0, width: 60, height: 60), P.black)
        let layer = P.layer(CGRect(x: 10, y: 10, width: 40, height: 40))
        layer.contents = Self.green
        layer.contentsGravity = .resize
        layer.opacity = 0.5
        configure(layer)
        root.addSublayer(layer)
        return root
    }

    func testContentsAloneTakeTheOpacityWithoutAGroup() throws {
        let list = try P.list(sprite(), width: 60, height: 60)
        XCTAssertEqual(list.shape, "QQ")
        XCTAssertEqual(list.quads[1].opacity, 0.5)
        XCTAssertNotNil(list.quads[1].texture)
        let image = try SceneRenderer.render(sprite(), width: 60, height: 60)
        // Half green over black.
        assertPixel(image, 30, 30, (0, 128, 0, 255), tolerance: 2, "sprite")
        assertPixel(image, 5, 5, (0, 0, 0, 255), "outside")
    }

    func testContentsOverABackgroundAreGrouped() throws {
        let list = try P.list(sprite { $0.backgroundColor = P.red }, width: 60, height: 60)
        XCTAssertEqual(list.shape, "QGQQE")
        XCTAssertEqual(list.groups[0].opacity, 0.5)
        XCTAssertEqual(Array(list.quads.dropFirst()).map(\.opacity), [1, 1])
        try GroupRenderingSupport.assertCompositesGroups()
        let image = try SceneRenderer.render(sprite { $0.backgroundColor = P.red }, width: 60, height: 60)
        // The opaque image hides the red inside the group: half green, no red.
        assertPixel(image, 30, 30, (0, 128, 0, 255), tolerance: 2, "grouped sprite")
    }

    func testContentsUnderABorderAreGrouped() throws {
        let bordered = sprite {
            $0.borderWidth = 4
            $0.borderColor = P.white
        }
        let list = try P.list(bordered, width: 60, height: 60)
        XCTAssertEqual(list.shape, "QGQQE")
        XCTAssertEqual(list.groups[0].opacity, 0.5)
    }

    func testABackgroundWithItsBorderMergedNeedsNoGroup() throws {
        let card = sprite {
            $0.contents = nil
            $0.backgroundColor = P.red
            $0.borderWidth = 4
            $0.borderColor = P.white
        }
        let list = try P.list(card, width: 60, height: 60)
        XCTAssertEqual(list.shape, "QQ")
        XCTAssertEqual(list.quads[1].opacity, 0.5)
        XCTAssertEqual(list.quads[1].borderWidth, 4)
    }
}
