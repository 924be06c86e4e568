import CompositorCore
import QuartzCore
import XCTest

/// Shadows in the draw list.
final class ShadowDrawListTests: XCTestCase {
    typealias P = DrawListProbe

    private func shadowed(_ frame: CGRect, _ color: CGColor?) -> CALayer {
        let layer = P.layer(frame, color)
        layer.shadowOpacity = 0.5
        layer.shadowOffset = CGSize(width: 0, height: 10)
        layer.shadowRadius = 4
        return layer
    }

    func testRoundedRectLayerGetsAClosedFormShadowBeneathIt() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100), P.white)
        let layer = shadowed(CGRect(x: 20, y: 20, width: 40, height: 30), P.blue)
        layer.cornerRadius = 8
        root.addSublayer(layer)
        let list = try P.list(root, width: 100, height: 100)
        XCTAssertEqual(list.shape, "QQQ")
        let shadow = list.quads[1], body = list.quads[2]
        XCTAssertEqual(shadow.blurSigma, 4)
        XCTAssertEqual(shadow.rect, CGRect(x: 0, y: 10, width: 40, height: 30))
        XCTAssertEqual(shadow.cornerRadii, CornerRadii(uniform: 8))
        XCTAssertEqual(shadow.fillColor, PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5))
        XCTAssertEqual(shadow.transform.apply(0, 10), CGPoint(x: 20, y: 30))
        XCTAssertEqual(body.blurSigma, 0)
        XCTAssertEqual(body.fillColor.blue, 1)
    }

    /// The default offset (0, -3) casts the shadow upwards, in the layer's y-down space.
    func testDefaultOffsetIsUpwards() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100), P.white)
        let layer = P.layer(CGRect(x: 20, y: 20, width: 40, height: 30), P.blue)
        layer.shadowOpacity = 1
        root.addSublayer(layer)
        let shadow = try P.list(root, width: 100, height: 100).quads[1]
        XCTAssertEqual(shadow.rect, CGRect(x: 0, y: -3, width: 40, height: 30))
        XCTAssertEqual(shadow.blurSigma, 3)
    }

    /// The superlayer's masksToBounds clips the shadow, and so does the layer's own (001:1555:
    /// "the shadow is clipped along with any other content"): the shadow is drawn under a clip
    /// of the layer's rounded bounds inside the superlayer's, as its sublayers are.
    func testShadowIsClippedByTheSuperlayerAndTheLayersOwnBounds() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100), P.white)
        let clipper = P.layer(CGRect(x: 10, y: 10, width: 80, height: 80))
        clipper.masksToBounds = true
        let layer = shadowed(CGRect(x: 20, y: 20, width: 40, height: 30), P.blue)
        layer.masksToBounds = true
        layer.cornerRadius = 6
        layer.addSublayer(P.layer(CGRect(x: -10, y: -10, width: 30, height: 30), P.red))
        clipper.addSublayer(layer)
        root.addSublayer(clipper)
        let list = try P.list(root, width: 100, height: 100)
        // The opaque rounded background bounds everything the clipped layer draws: fast path.
        XCTAssertEqual(list.shape, "QQQQ")
        XCTAssertEqual(list.clips.count, 3)
        let shadow = list.quads[1], sublayer = list.quads[3]
        XCTAssertEqual(shadow.blurSigma, 4)
        XCTAssertEqual(shadow.clipIndex, 1)
        XCTAssertEqual(list.clips[1].parentIndex, 0)
        XCTAssertEqual(list.clips[1].rect, CGRect(x: 0, y: 0, width: 40, height: 30))
        XCTAssertEqual(list.clips[1].cornerRadii, CornerRadii(uniform: 6))
        XCTAssertEqual(sublayer.clipIndex, 2)
        XCTAssertEqual(list.clips[2].parentIndex, 0)
    }

    func testRectAndCircleShadowPathsTakeTheClosedForm() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100), P.white)
        let square = shadowed(CGRect(x: 10, y: 10, width: 30, height: 30), nil)
        square.shadowPath = CGPath(rect: CGRect(x: -5, y: -5, width: 40, height: 40), transform: nil)
        let circle = shadowed(CGRect(x: 50, y: 10, width: 30, height: 30), nil)
        circle.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 30), transform: nil)
        let rounded = shadowed(CGRect(x: 10, y: 50, width: 30, height: 30), nil)
        rounded.shadowPath = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 30, height: 20), cornerWidth: 5,
                                    cornerHeight: 5, transform: nil)
        [square, circle, rounded].forEach(root.addSublayer)
        let list = try P.list(root, width: 100, height: 100)
        XCTAssertEqual(list.shape, "QQQQ")
        XCTAssertEqual(list.quads[1].rect, CGRect(x: -5, y: 5, width: 40, height: 40))
        XCTAssertEqual(list.quads[1].cornerRadii, .zero)
        XCTAssertEqual(list.quads[2].rect.width, 30, accuracy: 1e-9)
        XCTAssertEqual(list.quads[2].cornerRadii.minXMinY, 15, accuracy: 1e-5)
        XCTAssertEqual(list.quads[3].cornerRadii, CornerRadii(uniform: 5))
        XCTAssertEqual(list.quads[3].rect, CGRect(x: 0, y: 10, width: 30, height: 20))
    }

    /// A star shadowPath is rasterized once and drawn as one blurred quad textured with its
    /// coverage (the renderer blurs it into a mask it keeps), beneath the layer.
    func testGeneralShadowPathIsOneBlurredCoverageQuad() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 200, height: 200), P.white)
        let layer = shadowed(CGRect(x: 50, y: 50, width: 100, height: 100), P.blue)
        let star = CGMutablePath()
        for i in 0..<10 {
            let angle = CGFloat(i) * .pi / 5 - .pi / 2
            let r: CGFloat = i % 2 == 0 ? 50 : 20
            let point = CGPoint(x: 50 + r * cos(angle), y: 50 + r * sin(angle))
            if i == 0 { star.move(to: point) } else { star.addLine(to: point) }
        }
        star.closeSubpath()
        layer.shadowPath = star
        root.addSublayer(layer)
        let list = try P.list(root, width: 200, height: 200)
        XCTAssertEqual(list.shape, "QQQ")
        let shadow = list.quads[1]
        XCTAssertEqual(shadow.blurSigma, 4)
        XCTAssertEqual(shadow.fillColor.alpha, 0.5)
        // The star spans y 0 ... 50 + 50 sin 54° and x 50 ± 50 cos 18°; the coverage covers it
        // (whole pixels), 10 lower.
        let bottom = 50 + 50 * sin(54 * CGFloat.pi / 180), halfWidth = 50 * cos(18 * CGFloat.pi / 180)
        XCTAssertEqual(shadow.rect.minY, 10, accuracy: 1)
        XCTAssertEqual(shadow.rect.maxY, bottom + 10, accuracy: 1)
        XCTAssertEqual(shadow.rect.minX, 50 - halfWidth, accuracy: 1)
        XCTAssertEqual(shadow.rect.maxX, 50 + halfWidth, accuracy: 1)
        let coverage = try XCTUnwrap(list.quads[1].texture?.image)
        let origin = list.quads[1].rect.offsetBy(dx: 0, dy: -10).origin
        // The centre of the star is inside; (5, 85), left of the lower-left point at
        // (50 - 50 sin 36°, bottom), is in the box but outside the star.
        let center = coverage.premultipliedPixel(x: Int(50 - origin.x), y: Int(50 - origin.y))
        XCTAssertEqual(center?.a, 255)
        let corner = coverage.premultipliedPixel(x: Int(5 - origin.x), y: Int(85 - origin.y))
        XCTAssertEqual(corner?.a, 0)
    }

    /// A layer with contents casts the shadow of its composited alpha: its group carries it.
    func testContentShadowIsAGroupShadow() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100), P.white)
        let layer = shadowed(CGRect(x: 20, y: 20, width: 40, height: 40), nil)
        layer.contents = CGImage(width: 2, height: 2, bytesPerRow: 8, data: Data(repeating: 255, count: 16))
        root.addSublayer(layer)
        let list = try P.list(root, width: 200, height: 200, scale: 2)
        XCTAssertEqual(list.shape, "QGQE")
        let group = try XCTUnwrap(list.groups.first)
        let shadow = try XCTUnwrap(group.shadow)
        // Two pixels per point: sigma 8, offset 20 pixels.
        XCTAssertEqual(shadow.sigma, 8)
        XCTAssertEqual(shadow.offsetY, 20)
        XCTAssertEqual(shadow.offsetX, 0)
        // Content 0...40, shadow reach -12...62 (x) and -2...62 (y): 74 x 64 points, 148 x 128 pixels.
        XCTAssertEqual(group.rect, CGRect(x: -12, y: -12 + 10, width: 64, height: 64 - 10 + 10))
        XCTAssertEqual(group.pixelWidth, 128)
        XCTAssertEqual(group.pixelHeight, 128)
    }

    /// Pixel probe (needs blurred quads): an offset (0, 10) darkens below the layer, not above.
    func testShadowDarkensBelowNotAbove() throws {
        try GroupRenderingSupport.assertBlursQuads()
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100), P.white)
        root.addSublayer(shadowed(CGRect(x: 20, y: 20, width: 40, height: 30), P.blue))
        let image = try SceneRenderer.render(root, width: 100, height: 100)
        // Below the layer (y 50...60 holds the shadow's moved rectangle): about half black.
        guard let below = image.premultipliedPixel(x: 40, y: 55), let above = image.premultipliedPixel(x: 40, y: 17) else {
            return XCTFail("probe outside the image")
        }
        XCTAssertLessThan(below.r, 200)
        XCTAssertEqual(above.r, 255)
    }
}
