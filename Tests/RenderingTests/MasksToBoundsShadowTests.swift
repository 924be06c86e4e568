import QuartzCore
import XCTest

/// A layer's own `masksToBounds` clips its shadow with everything else it draws (001:1555-1560,
/// Figure 4.8: "the shadow is clipped along with any other content that protrudes outside of
/// the layer"), on both renderers and for every kind of shadow: the closed-form shape, a
/// `shadowPath`, and the shadow of the composited content. Shadows here are hard (radius 0)
/// and black at opacity 1, on a white root, so each probe is white, black, or the content.
final class MasksToBoundsShadowTests: XCTestCase {
    let white = (255, 255, 255, 255), black = (0, 0, 0, 255), red = (255, 0, 0, 255), blue = (0, 0, 255, 255)

    private func castingLayer(frame: CGRect, offset: CGSize, masks: Bool) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.masksToBounds = masks
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = offset
        return layer
    }

    /// The composited shadow: a 100 x 100 layer at (50, 50) without a background holds a red
    /// 50 x 50 sublayer at its origin; the shadow is offset (30, 30). Clipped or not, inside the
    /// bounds it shows where the sublayer leaves it uncovered ((115, 115) is black; (90, 90) is
    /// the sublayer over it).
    func testContentShadowInsideTheBoundsStays() throws {
        for masks in [false, true] {
            let root = SceneRenderer.root(width: 250, height: 250)
            let layer = castingLayer(frame: CGRect(x: 50, y: 50, width: 100, height: 100),
                                     offset: CGSize(width: 30, height: 30), masks: masks)
            let content = CALayer()
            content.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            content.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            layer.addSublayer(content)
            root.addSublayer(layer)
            for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: 250, height: 250) {
                assertPixel(image, 115, 115, black, "\(renderer) masks \(masks): shadow inside the bounds")
                assertPixel(image, 90, 90, red, "\(renderer) masks \(masks): content over its shadow")
                assertPixel(image, 40, 40, white, "\(renderer) masks \(masks): outside")
            }
        }
    }

    /// The same layer with the shadow offset (80, 80): its square reaches (130...180) in the
    /// layer, past the bounds at 100. Unclipped, (170, 170) on the canvas is black; with
    /// `masksToBounds` it is white, and (140, 140), inside the bounds, is still black.
    func testContentShadowOutsideTheBoundsIsClippedAway() throws {
        for masks in [false, true] {
            let root = SceneRenderer.root(width: 250, height: 250)
            let layer = castingLayer(frame: CGRect(x: 50, y: 50, width: 100, height: 100),
                                     offset: CGSize(width: 80, height: 80), masks: masks)
            let content = CALayer()
            content.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            content.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            layer.addSublayer(content)
            root.addSublayer(layer)
            for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: 250, height: 250) {
                assertPixel(image, 170, 170, masks ? white : black, "\(renderer) masks \(masks): beyond the bounds")
                assertPixel(image, 140, 140, black, "\(renderer) masks \(masks): inside the bounds")
                assertPixel(image, 75, 75, red, "\(renderer) masks \(masks): content")
            }
        }
    }

    /// The shape shadow of an opaque blue layer (Figure 4.8's clipped view) offset (0, 120),
    /// wholly below the layer: black at (100, 210) unclipped, gone with `masksToBounds`.
    func testShapeShadowIsRemovedByMasksToBounds() throws {
        for masks in [false, true] {
            let root = SceneRenderer.root(width: 250, height: 300)
            let layer = castingLayer(frame: CGRect(x: 50, y: 50, width: 100, height: 100),
                                     offset: CGSize(width: 0, height: 120), masks: masks)
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            layer.cornerRadius = 10
            root.addSublayer(layer)
            for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: 250, height: 300) {
                assertPixel(image, 100, 220, masks ? white : black, "\(renderer) masks \(masks): shadow")
                assertPixel(image, 100, 100, blue, "\(renderer) masks \(masks): layer")
            }
        }
    }

    /// A `shadowPath` (a circle, drawn through the path's coverage, and a rectangle, drawn in
    /// closed form) offset (120, 0), right of the bounds: black at (220, 100) unclipped, gone
    /// with `masksToBounds`.
    func testShadowPathIsClippedByMasksToBounds() throws {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 100)
        for path in [CGPath(ellipseIn: rect, transform: nil), CGPath(rect: rect, transform: nil)] {
            for masks in [false, true] {
                let root = SceneRenderer.root(width: 300, height: 200)
                let layer = castingLayer(frame: CGRect(x: 50, y: 50, width: 100, height: 100),
                                         offset: CGSize(width: 120, height: 0), masks: masks)
                layer.shadowPath = path
                root.addSublayer(layer)
                for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: 300, height: 200) {
                    assertPixel(image, 220, 100, masks ? white : black, "\(renderer) masks \(masks): path shadow")
                }
            }
        }
    }

    /// The clip is the layer's rounded bounds: a shadowPath inside the bounds shows within
    /// them, but not in a corner cut off by `cornerRadius` 40 ((52, 52) lies outside the
    /// corner's quarter circle, (100, 100) inside the layer).
    func testShadowIsClippedToTheRoundedBounds() throws {
        let root = SceneRenderer.root(width: 200, height: 200)
        let layer = castingLayer(frame: CGRect(x: 50, y: 50, width: 100, height: 100), offset: .zero, masks: true)
        layer.cornerRadius = 40
        layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        root.addSublayer(layer)
        for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: 200, height: 200) {
            assertPixel(image, 100, 100, black, "\(renderer): inside")
            assertPixel(image, 52, 52, white, "\(renderer): rounded-off corner")
        }
    }
}
