import ExampleScenes
import QuartzCore
import XCTest

/// Pixel probes of the book's chapter 4 and 5 scenes (Chapter4And5Scenes.swift), each value
/// following from the scene's geometry, offscreen groups and blurred quads included.
final class Chapter4And5SceneTests: XCTestCase {
    /// The scenes' backdrop (0.75, 0.8, 0.9).
    let backdrop = (191, 204, 230, 255)
    let red = (255, 0, 0, 255), white = (255, 255, 255, 255), black = (0, 0, 0, 255)

    /// Left view at (40, 50), its red sublayer reaching (−10...90, 0...100); the right view at
    /// (170, 50) clips its red sublayer (120...220, 0...100) to the rounded bounds.
    func testRoundedCornersClipOnlyWithMasksToBounds() throws {
        let image = try SceneRenderer.render(.roundedCorners)
        assertPixel(image, 20, 20, red)        // unclipped overflow of the left view
        assertPixel(image, 80, 80, red)
        assertPixel(image, 120, 120, white)
        assertPixel(image, 150, 30, backdrop)  // the right view's overflow is clipped
        assertPixel(image, 200, 80, red)
        // (172.5, 52.5) is 24.7 from the corner centre (190, 70): outside the radius 20.
        assertPixel(image, 172, 52, backdrop)
        assertPixel(image, 250, 130, white)
    }

    /// The 5-point border follows the bounds and draws over the red sublayer.
    func testBordersDrawOverSublayers() throws {
        let image = try SceneRenderer.render(.borders)
        assertPixel(image, 42, 100, black)
        assertPixel(image, 80, 52, black)      // over the red sublayer
        assertPixel(image, 80, 60, red)
        assertPixel(image, 267, 100, black)
        assertPixel(image, 172, 52, backdrop)
    }

    /// Shadows (opacity 0.5, offset (0, 5), radius 5) darken below the views, hardly above.
    func testDropShadowsFallBelow() throws {
        try GroupRenderingSupport.assertCompositesGroups()
        try GroupRenderingSupport.assertBlursQuads()
        let image = try SceneRenderer.render(.dropShadows)
        for x in [120, 250] { // clear of the red sublayer's own shadow (its right edge is at x = 90)
            // 3 points inside the shadow's bottom edge (155): about 0.5 x Φ(0.6) = 36% black.
            let below = try XCTUnwrap(image.premultipliedPixel(x: x, y: 152))
            XCTAssertLessThan(Int(below.r), backdrop.0 - 40, "x = \(x)")
            // 8 points above the shadow's top edge (55): under 3% black.
            let above = try XCTUnwrap(image.premultipliedPixel(x: x, y: 47))
            XCTAssertGreaterThan(Int(above.r), backdrop.0 - 8, "x = \(x)")
        }
    }

    /// The square shadowPath shades the transparent corner of the left image; the circle's
    /// shadow leaves the right image's corner alone.
    func testShadowPathsGiveTheShadowsShape() throws {
        try GroupRenderingSupport.assertBlursQuads()
        let image = try SceneRenderer.render(.shadowPaths)
        // (42, 52) is 2 and 5 points inside the square shadow (offset (0, -3), sigma 3): about
        // 0.5 x Φ(2/3) x Φ(5/3) = 36% black. (172, 52) is 68 from the circle's centre.
        let square = try XCTUnwrap(image.premultipliedPixel(x: 42, y: 52))
        XCTAssertLessThan(Int(square.r), backdrop.0 - 40)
        assertPixel(image, 172, 52, backdrop, tolerance: 4)
    }

    /// The cone mask keeps the stripes inside its scoop and hides the image's corners.
    func testMaskCutsTheImage() throws {
        try GroupRenderingSupport.assertCompositesGroups()
        let image = try SceneRenderer.render(.masking)
        assertPixel(image, 30, 30, backdrop)
        let scoop = try XCTUnwrap(image.premultipliedPixel(x: 100, y: 77))
        XCTAssertFalse(abs(Int(scoop.r) - backdrop.0) < 4 && abs(Int(scoop.b) - backdrop.2) < 4)
    }

    /// Label (0.2 grey) on white, faded to 0.5 over the backdrop: without group opacity the
    /// label pixel is 0.5 x 0.2 + 0.25 x 1 + 0.25 x backdrop; as a group 0.5 x 0.2 + 0.5 x backdrop.
    func testGroupOpacityHidesTheButtonsStructure() throws {
        try GroupRenderingSupport.assertCompositesGroups()
        let image = try SceneRenderer.render(.groupOpacity)
        func channel(_ b: Double, grouped: Bool) -> Int {
            Int(((grouped ? 0.1 + 0.5 * b : 0.1 + 0.25 + 0.25 * b) * 255).rounded())
        }
        assertPixel(image, 110, 100, (channel(0.75, grouped: false), channel(0.8, grouped: false),
                                      channel(0.9, grouped: false), 255))
        assertPixel(image, 290, 100, (channel(0.75, grouped: true), channel(0.8, grouped: true),
                                      channel(0.9, grouped: true), 255))
    }

    /// Each visible face of the lit cube shows white under its black lighting layer: 255 x (1 - alpha)
    /// at its projected centre.
    func testLitCubeFacesAreShaded() throws {
        let image = try SceneRenderer.render(.litCube)
        let camera = CATransform3DRotate(CATransform3DRotate(CATransform3DIdentity, -.pi / 4, 1, 0, 0), -.pi / 4, 0, 1, 0)
        let light = (y: 1 / 1.25.squareRoot(), z: -0.5 / 1.25.squareRoot())
        var checked = 0
        for face in Self.faceTransforms(halfSize: 100) {
            let m = CATransform3DConcat(face, camera)
            let toEye = (x: -m.m41, y: -m.m42, z: 500 - m.m43)
            guard m.m31 * toEye.x + m.m32 * toEye.y + m.m33 * toEye.z > 0 else { continue }
            let alpha = max(0, min(1, 1 + face.m32 * light.y + face.m33 * light.z - 0.5))
            let w = 1 - m.m43 / 500
            let value = Int((255 * (1 - alpha)).rounded())
            assertPixel(image, Int(200 + m.m41 / w), Int(200 + m.m42 / w), (value, value, value, 255))
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }

    /// The unturned cube at x = -100: its front face (z = 50) shows near its left edge, where
    /// the left face (z -50...50, x = -150), drawn later among the sublayers, lies behind it.
    func testTransformLayerCubesSortTheirFaces() throws {
        let image = try SceneRenderer.render(.transformLayerCubes)
        // (-140, 0, 50) projects to 200 - 140 / 0.9 = 44.4.
        assertPixel(image, 45, 150, (230, 77, 77, 255))
        // (-52, 50) from the centre: the right face's point (-50, 48.1, 19.2) is nearer the eye
        // than the bottom face's (-52, 50, 0), so the right face (green) shows there.
        assertPixel(image, 148, 197, (77, 204, 77, 255))
        // The turned cube's nearest face shows at its projected centre.
        let turned = CATransform3DRotate(CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0),
                                                             -.pi / 4, 1, 0, 0), -.pi / 4, 0, 1, 0)
        let products = Self.faceTransforms(halfSize: 50).map { CATransform3DConcat($0, turned) }
        let nearest = products.indices.max { products[$0].m43 < products[$1].m43 }!
        let m = products[nearest]
        let w = 1 - m.m43 / 500
        let colors = [(230, 77, 77), (77, 204, 77), (77, 102, 230), (230, 204, 51), (204, 77, 230), (77, 204, 230)]
        let c = colors[nearest]
        assertPixel(image, Int(200 + m.m41 / w), Int(150 + m.m42 / w), (c.0, c.1, c.2, 255))
    }

    /// The book's face transforms, computed here independently of the scene file.
    static func faceTransforms(halfSize h: CGFloat) -> [CATransform3D] {
        [CATransform3DMakeTranslation(0, 0, h),
         CATransform3DRotate(CATransform3DMakeTranslation(h, 0, 0), .pi / 2, 0, 1, 0),
         CATransform3DRotate(CATransform3DMakeTranslation(0, -h, 0), .pi / 2, 1, 0, 0),
         CATransform3DRotate(CATransform3DMakeTranslation(0, h, 0), -.pi / 2, 1, 0, 0),
         CATransform3DRotate(CATransform3DMakeTranslation(-h, 0, 0), -.pi / 2, 0, 1, 0),
         CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -h), .pi, 0, 1, 0)]
    }
}
