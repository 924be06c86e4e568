import QuartzCore
import XCTest

/// `CALayer.render(in:)`: the model layer tree drawn into a bitmap context in the layer's own
/// space, the bounds origin at the CTM's origin, through the context's clip. Every probe
/// follows from the geometry below: a 100 x 80 red layer with a 30 x 20 blue sublayer at
/// (10, 10) and a 20 x 20 green one at (60, 40) under a 45° rotation about its centre.
final class RenderInContextTests: XCTestCase {
    let clear = (0, 0, 0, 0), red = (255, 0, 0, 255), blue = (0, 0, 255, 255), green = (0, 255, 0, 255)
    let white = (255, 255, 255, 255)

    private func tree() -> (root: CALayer, blue: CALayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
        // Where the layer sits in a superlayer plays no part.
        root.position = CGPoint(x: 500, y: 400)
        root.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let blue = CALayer()
        blue.frame = CGRect(x: 10, y: 10, width: 30, height: 20)
        blue.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(blue)
        let green = CALayer()
        green.frame = CGRect(x: 60, y: 40, width: 20, height: 20)
        green.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        green.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        root.addSublayer(green)
        return (root, blue)
    }

    private func context(width: Int = 200, height: Int = 200) throws -> CGContext {
        try XCTUnwrap(CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
    }

    /// A context flipped as UIKit's are (origin top-left, y down): layer point (x, y) lands on
    /// pixel (x, y).
    private func flippedContext(width: Int = 200, height: Int = 200) throws -> CGContext {
        let ctx = try context(width: width, height: height)
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: 1, y: -1)
        return ctx
    }

    func testTreeIsDrawnInTheLayersOwnSpace() throws {
        let (root, _) = tree()
        let ctx = try flippedContext()
        root.render(in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        assertPixel(image, 50, 60, red, "background")
        assertPixel(image, 25, 20, blue, "sublayer")
        // The green square turned 45° about its centre (70, 50): its centre is green, and
        // (62, 42), inside its frame but outside the diamond (|dx| + |dy| = 16 > 14.1), is red.
        assertPixel(image, 70, 50, green, "rotated sublayer")
        assertPixel(image, 62, 42, red, "outside the rotated square")
        assertPixel(image, 150, 150, clear, tolerance: 0, "outside the layer")
        assertPixel(image, 105, 40, clear, tolerance: 0, "right of the bounds")
    }

    /// With the CTM translated by (20, 30) and scaled by 2, layer point (x, y) lands on pixel
    /// (20 + 2x, 30 + 2y).
    func testTranslatedAndScaledCTMPlacesTheLayer() throws {
        let (root, _) = tree()
        let ctx = try flippedContext(width: 260, height: 220)
        ctx.translateBy(x: 20, y: 30)
        ctx.scaleBy(x: 2, y: 2)
        root.render(in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        assertPixel(image, 70, 70, blue, "sublayer centre (25, 20)")
        assertPixel(image, 180, 150, red, "(80, 60)")
        assertPixel(image, 160, 130, green, "green centre (70, 50)")
        assertPixel(image, 10, 10, clear, tolerance: 0, "left of the origin")
        assertPixel(image, 230, 100, clear, tolerance: 0, "right of the bounds (x = 105)")
        // The blue sublayer's edge at layer x = 40 falls on pixel boundary 100.
        assertPixel(image, 99, 60, blue, "inside the sublayer's right edge")
        assertPixel(image, 100, 60, red, "past the sublayer's right edge")
    }

    /// A bare bitmap context has y up, so the layer's y axis runs up the bitmap: layer point
    /// (x, y) lands on pixel row 199 - y (Apple's render(in:) draws upside down there too).
    func testUnflippedContextShowsTheLayerUpsideDown() throws {
        let (root, _) = tree()
        let ctx = try context()
        root.render(in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        assertPixel(image, 25, 200 - 20, blue, "sublayer")
        assertPixel(image, 50, 200 - 70, red, "background")
        assertPixel(image, 25, 20, clear, tolerance: 0, "where a flipped context would show the sublayer")
    }

    /// The layer's own space is drawn on user space point for point, as Apple's measurably draws
    /// it (GNUstep libs-quartzcore `Tests/quartzcore/CALayer/render.m`): a layer whose bounds
    /// start at (50, 50) shows its sublayer at (60, 60) on pixel (60, 60), not shifted by the
    /// bounds origin.
    func testTheBoundsOriginDoesNotMoveTheLayersSpace() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 50, y: 50, width: 100, height: 100)
        let square = CALayer()
        square.frame = CGRect(x: 60, y: 60, width: 20, height: 20)
        square.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(square)
        let ctx = try flippedContext()
        root.render(in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        assertPixel(image, 70, 70, blue, "sublayer")
        assertPixel(image, 20, 20, clear, tolerance: 0, "where the bounds origin at the CTM's origin would put it")
        assertPixel(image, 85, 70, clear, tolerance: 0, "beside it")
    }

    /// Opacity, corner radius, border and hidden sublayers are drawn as on screen: at opacity
    /// 0.5 the red background is (128, 0, 0, 128) premultiplied; the 20-point corner leaves
    /// pixel (1, 1) clear; the 5-point green border covers (2, 50); a hidden sublayer is absent.
    func testOpacityCornersBordersAndHiddenSublayers() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.cornerRadius = 20
        root.borderWidth = 5
        root.borderColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        root.opacity = 0.5
        let hidden = CALayer()
        hidden.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
        hidden.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        hidden.isHidden = true
        root.addSublayer(hidden)
        let ctx = try flippedContext()
        root.render(in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        assertPixel(image, 50, 50, (128, 0, 0, 128), tolerance: 2, "half-opaque background, no hidden sublayer")
        assertPixel(image, 2, 50, (0, 128, 0, 128), tolerance: 2, "border")
        assertPixel(image, 1, 1, clear, tolerance: 0, "rounded-off corner")
    }

    /// Model values, not presentation: an animation running on the background does not show,
    /// and a change not yet committed does.
    func testModelValuesAreDrawnNotPresentation() throws {
        let (root, blue) = tree()
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "backgroundColor")
        animation.fromValue = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        animation.toValue = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        animation.duration = 1000
        root.add(animation, forKey: "flash")
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        blue.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let ctx = try flippedContext()
        root.render(in: ctx)
        CATransaction.commit()
        let image = try XCTUnwrap(ctx.makeImage())
        assertPixel(image, 50, 60, red, "model background under a running animation")
        assertPixel(image, 25, 20, white, "uncommitted model change")
    }

    /// The context's clip applies and what lies outside it is left as it was; transparent parts
    /// of the layer leave what is beneath.
    func testClipAndExistingContentAreRespected() throws {
        let (root, _) = tree()
        root.backgroundColor = nil
        let ctx = try flippedContext()
        ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 200, height: 200))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 200))
        root.render(in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        assertPixel(image, 15, 20, blue, "sublayer inside the clip")
        assertPixel(image, 25, 20, white, tolerance: 0, "sublayer outside the clip")
        assertPixel(image, 15, 60, white, tolerance: 0, "transparent layer over existing content")
    }

    /// `render(in:)` is overridable, as Apple's is.
    func testSubclassesOverrideRenderInContext() throws {
        final class Marker: CALayer, @unchecked Sendable {
            var rendered = 0
            override func render(in ctx: CGContext) {
                rendered += 1
                super.render(in: ctx)
            }
        }
        let layer = Marker()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let ctx = try flippedContext(width: 20, height: 20)
        layer.render(in: ctx)
        XCTAssertEqual(layer.rendered, 1)
        assertPixel(try XCTUnwrap(ctx.makeImage()), 5, 5, blue)
    }
}
