import QuartzCore
import XCTest

/// Pixel probes of layer trees rendered through CARenderer, each following from the geometry.
final class LayerPixelTests: XCTestCase {
    let white = (255, 255, 255, 255), red = (255, 0, 0, 255), blue = (0, 0, 255, 255), green = (0, 255, 0, 255)

    private func square(_ frame: CGRect, _ color: CGColor) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }

    /// bounds 40x40, anchorPoint (0, 0), position (30, 20): the square covers x 30..70, y 20..60.
    func testPositionIsTheAnchorPointInTheSuperlayer() throws {
        let root = SceneRenderer.root(width: 100, height: 100)
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.anchorPoint = .zero
        layer.position = CGPoint(x: 30, y: 20)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(layer)
        let image = try SceneRenderer.render(root, width: 100, height: 100)
        assertPixel(image, 31, 21, red)
        assertPixel(image, 68, 58, red)
        assertPixel(image, 28, 40, white)
        assertPixel(image, 71, 40, white)
        assertPixel(image, 50, 18, white)
        assertPixel(image, 50, 61, white)
    }

    /// A 40x40 square rotated 45° about its centre (50, 50) reaches 50 ± 20√2 along the axes.
    func testRotationAboutTheAnchorPoint() throws {
        let root = SceneRenderer.root(width: 100, height: 100)
        let layer = square(CGRect(x: 30, y: 30, width: 40, height: 40), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        root.addSublayer(layer)
        let image = try SceneRenderer.render(root, width: 100, height: 100)
        let reach = 20 * 2.0.squareRoot() // 28.28
        assertPixel(image, 50, Int(50 - reach + 2), blue)
        assertPixel(image, Int(50 + reach - 2), 50, blue)
        assertPixel(image, 50, Int(50 - reach - 2), white)
        // The unrotated square's corner (31, 31) is outside the diamond.
        assertPixel(image, 32, 32, white)
    }

    /// sublayerTransform scales sublayers about the parent's anchor point (its centre).
    func testSublayerTransformScalesAboutTheParentsAnchor() throws {
        let root = SceneRenderer.root(width: 100, height: 100)
        let parent = CALayer()
        parent.frame = root.bounds
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        // Child covers 40..60; scaled ×2 about (50, 50) it covers 30..70.
        parent.addSublayer(square(CGRect(x: 40, y: 40, width: 20, height: 20), CGColor(red: 0, green: 1, blue: 0, alpha: 1)))
        root.addSublayer(parent)
        let image = try SceneRenderer.render(root, width: 100, height: 100)
        assertPixel(image, 32, 32, green)
        assertPixel(image, 68, 68, green)
        assertPixel(image, 28, 50, white)
        assertPixel(image, 72, 50, white)
    }

    /// A face rotated 45° about y under m34 = -1/500: its near (right) edge is taller than its far
    /// (left) edge by the projected ratio (500 + 50·sin45°)/(500 − 50·sin45°) for a 100-wide face.
    func testPerspectiveMakesTheNearEdgeLonger() throws {
        let root = SceneRenderer.root(width: 200, height: 200)
        let face = square(CGRect(x: 50, y: 50, width: 100, height: 100), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        // The book's recipe: perspective first, then rotate (Rotate(t, ...) = rotation, then t).
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let rotation = CATransform3DMakeRotation(-.pi / 4, 0, 1, 0)
        face.transform = CATransform3DRotate(perspective, -.pi / 4, 0, 1, 0)
        root.addSublayer(face)
        let image = try SceneRenderer.render(root, width: 200, height: 200)
        func isRed(_ x: Int, _ y: Int) -> Bool {
            image.premultipliedPixel(x: x, y: y).map { $0.r > 200 && $0.g < 60 } ?? false
        }
        func redRun(column x: Int) -> Double { Double((0..<200).filter { isRed(x, $0) }.count) }
        let redColumns = (0..<200).filter { x in (0..<200).contains { isRed(x, $0) } }
        let left = redRun(column: redColumns.first! + 2), right = redRun(column: redColumns.last! - 2)
        // The edge at local x = +50 has z = 50·m13 after the rotation; with m34 < 0 the side with
        // z > 0 is nearer the eye and magnified by 500 / (500 - z).
        let z = 50 * Double(rotation.m13)
        let expectedRatio = (500 + abs(z)) / (500 - abs(z))
        let (near, far) = z > 0 ? (right, left) : (left, right)
        XCTAssertGreaterThan(near, far)
        XCTAssertEqual(near / far, expectedRatio, accuracy: 0.06)
    }

    /// A sibling with a higher zPosition is drawn in front even when added first (Listing 3.3).
    func testZPositionOrdersSiblings() throws {
        let image = try SceneRenderer.render(.zOrder)
        // The overlap (80..160) shows the green layer, which has zPosition 1.
        assertPixel(image, 120, 120, (0, 204, 0, 255))
        assertPixel(image, 180, 180, red)
    }

    /// A single-sided layer turned to face away is not drawn; a double-sided one shows its back.
    func testBackFacingLayersAreCulledUnlessDoubleSided() throws {
        let root = SceneRenderer.root(width: 200, height: 100)
        let single = square(CGRect(x: 10, y: 10, width: 80, height: 80), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        single.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        single.isDoubleSided = false
        let double = square(CGRect(x: 110, y: 10, width: 80, height: 80), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        double.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        root.addSublayer(single)
        root.addSublayer(double)
        let image = try SceneRenderer.render(root, width: 200, height: 100)
        assertPixel(image, 50, 50, white)
        assertPixel(image, 150, 50, blue)
    }

    /// Opacity 0.5 of red over white gives (255, 128, 128); opacity multiplies down the tree.
    func testOpacityBlendsAndMultipliesDownTheTree() throws {
        let root = SceneRenderer.root(width: 100, height: 100)
        let parent = CALayer()
        parent.frame = root.bounds
        parent.opacity = 0.5
        parent.addSublayer(square(CGRect(x: 0, y: 0, width: 50, height: 100), CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        let child = square(CGRect(x: 50, y: 0, width: 50, height: 100), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        child.opacity = 0.5
        parent.addSublayer(child)
        root.addSublayer(parent)
        let image = try SceneRenderer.render(root, width: 100, height: 100)
        assertPixel(image, 25, 50, (255, 128, 128, 255), tolerance: 2)
        // 0.25 red over white: 255·0.25 + 255·0.75 = 255; g = b = 255·0.75 = 191.
        assertPixel(image, 75, 50, (255, 191, 191, 255), tolerance: 2)
    }

    /// The border is drawn inside the bounds, above sublayers; the corner radius cuts the corner.
    func testBorderInsetAboveSublayersAndRoundedCorners() throws {
        let root = SceneRenderer.root(width: 100, height: 100)
        let layer = square(CGRect(x: 10, y: 10, width: 80, height: 80), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        layer.borderWidth = 6
        layer.borderColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.cornerRadius = 20
        layer.addSublayer(square(CGRect(x: 0, y: 30, width: 80, height: 20), CGColor(red: 0, green: 1, blue: 0, alpha: 1)))
        root.addSublayer(layer)
        let image = try SceneRenderer.render(root, width: 100, height: 100)
        assertPixel(image, 50, 12, red)        // inside the top border (10..16)
        assertPixel(image, 50, 20, blue)       // past the border
        assertPixel(image, 12, 50, red)        // the border covers the green sublayer
        assertPixel(image, 30, 50, green)
        assertPixel(image, 11, 11, white)      // outside the rounded corner
    }

    /// contentsGravity .center pins a 20x20 image in the middle of a 60x60 layer without scaling.
    func testContentsGravityCenterDoesNotScale() throws {
        let root = SceneRenderer.root(width: 60, height: 60)
        let layer = CALayer()
        layer.frame = root.bounds
        layer.contents = solidImage(width: 20, height: 20, (255, 0, 0, 255))
        layer.contentsGravity = .center
        root.addSublayer(layer)
        let image = try SceneRenderer.render(root, width: 60, height: 60)
        assertPixel(image, 21, 21, red)
        assertPixel(image, 38, 38, red)
        assertPixel(image, 18, 30, white)
        assertPixel(image, 41, 30, white)
    }

    private func solidImage(width: Int, height: Int, _ c: (UInt8, UInt8, UInt8, UInt8)) -> CGImage {
        let bytes = (0..<(width * height)).flatMap { _ in [c.0, c.1, c.2, c.3] }
        return CGImage(width: width, height: height, bytesPerRow: width * 4, data: Data(bytes))!
    }
}
