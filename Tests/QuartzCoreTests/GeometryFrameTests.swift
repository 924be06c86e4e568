import XCTest
import QuartzCore

/// `frame` derived from bounds, position, anchorPoint and transform, and set back into them,
/// with the numbers of "iOS Core Animation: Advanced Techniques" (frame, bounds and position; anchorPoint).
final class GeometryFrameTests: XCTestCase {
    func testAnchorPointAtOriginPutsFrameOriginAtPosition() {
        let layer = makeLayer(size: CGSize(width: 100, height: 100), position: CGPoint(x: 100, y: 100),
                              anchorPoint: .zero)
        XCTAssertEqual(layer.frame, CGRect(x: 100, y: 100, width: 100, height: 100))
    }

    func testCentredAnchorPointCentresFrameOnPosition() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
        layer.position = CGPoint(x: 100, y: 100)
        XCTAssertEqual(layer.frame, CGRect(x: 40, y: 60, width: 120, height: 80))
    }

    func testBoundsOriginDoesNotMoveFrame() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 10, y: 20, width: 100, height: 100)
        layer.position = CGPoint(x: 50, y: 50)
        XCTAssertEqual(layer.frame, CGRect(x: 0, y: 0, width: 100, height: 100))
    }

    func testRotatedLayerFrameIsBoundingBox() {
        let (w, h): (CGFloat, CGFloat) = (100, 50)
        let layer = makeLayer(size: CGSize(width: w, height: h), position: CGPoint(x: 100, y: 100))
        layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let side = (w + h) * cos(CGFloat.pi / 4)
        assertRect(layer.frame, CGRect(x: 100 - side / 2, y: 100 - side / 2, width: side, height: side))
        // The bounds and position are unchanged by the transform.
        XCTAssertEqual(layer.bounds.size, CGSize(width: w, height: h))
        XCTAssertEqual(layer.position, CGPoint(x: 100, y: 100))
    }

    func testQuarterTurnSwapsFrameSize() {
        let layer = makeLayer(size: CGSize(width: 100, height: 50), position: CGPoint(x: 100, y: 100), anchorPoint: .zero)
        layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // About the top-left corner: (x, y) → (-y, x), so the box spans x in [50, 100], y in [100, 200].
        assertRect(layer.frame, CGRect(x: 50, y: 100, width: 50, height: 100))
    }

    func testScaledLayerFrameAndSettingItBack() {
        let layer = makeLayer(size: CGSize(width: 100, height: 50), position: CGPoint(x: 100, y: 100))
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        assertRect(layer.frame, CGRect(x: 0, y: 50, width: 200, height: 100))
        layer.frame = CGRect(x: 10, y: 20, width: 300, height: 60)
        assertRect(layer.bounds, CGRect(x: 0, y: 0, width: 150, height: 30))
        assertPoint(layer.position, CGPoint(x: 160, y: 50))
        assertRect(layer.frame, CGRect(x: 10, y: 20, width: 300, height: 60))
    }

    func testSettingFrameSetsPositionAndSizeAndKeepsBoundsOrigin() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 5, y: 7, width: 1, height: 1)
        layer.anchorPoint = CGPoint(x: 0.25, y: 1)
        layer.frame = CGRect(x: 10, y: 20, width: 40, height: 60)
        XCTAssertEqual(layer.bounds, CGRect(x: 5, y: 7, width: 40, height: 60))
        XCTAssertEqual(layer.position, CGPoint(x: 10 + 0.25 * 40, y: 20 + 60))
        XCTAssertEqual(layer.frame, CGRect(x: 10, y: 20, width: 40, height: 60))
    }

    func testSettingFrameWithNegativeSizeStandardizesIt() {
        let layer = CALayer()
        layer.frame = CGRect(x: 50, y: 50, width: -20, height: -10)
        XCTAssertEqual(layer.frame, CGRect(x: 30, y: 40, width: 20, height: 10))
    }

    func testChangingAnchorPointKeepsPositionAndMovesFrame() {
        let layer = makeLayer(size: CGSize(width: 100, height: 60), position: CGPoint(x: 150, y: 150))
        XCTAssertEqual(layer.frame, CGRect(x: 100, y: 120, width: 100, height: 60))
        layer.anchorPoint = CGPoint(x: 0, y: 0)
        XCTAssertEqual(layer.position, CGPoint(x: 150, y: 150))
        XCTAssertEqual(layer.frame, CGRect(x: 150, y: 150, width: 100, height: 60))
        layer.anchorPoint = CGPoint(x: 1, y: 1)
        XCTAssertEqual(layer.frame, CGRect(x: 50, y: 90, width: 100, height: 60))
    }

    /// A rotation spins the layer about its anchor point: with the anchor at the top-left corner
    /// that corner stays at `position` (the clock-hand example of the book, chapter 3).
    func testRotationPivotsAboutAnchorPoint() {
        let parent = makeLayer(size: CGSize(width: 400, height: 400), position: CGPoint(x: 200, y: 200))
        let hand = makeLayer(size: CGSize(width: 20, height: 100), position: CGPoint(x: 200, y: 200),
                             anchorPoint: CGPoint(x: 0.5, y: 1))
        parent.addSublayer(hand)
        hand.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // The anchor (10, 100) stays at the position; the tip (10, 0) is 100 points from it,
        // turned a quarter turn clockwise on screen (y down): from straight up to pointing right.
        assertPoint(parent.convert(CGPoint(x: 10, y: 100), from: hand), CGPoint(x: 200, y: 200))
        assertPoint(parent.convert(CGPoint(x: 10, y: 0), from: hand), CGPoint(x: 300, y: 200))
    }

    func testAffineTransformRoundTrip() {
        let layer = CALayer()
        let affine = CGAffineTransform(rotationAngle: .pi / 6).scaledBy(x: 2, y: 0.5).translatedBy(x: 7, y: -3)
        layer.setAffineTransform(affine)
        let back = layer.affineTransform()
        XCTAssertEqual(back.a, affine.a, accuracy: 1e-12)
        XCTAssertEqual(back.b, affine.b, accuracy: 1e-12)
        XCTAssertEqual(back.c, affine.c, accuracy: 1e-12)
        XCTAssertEqual(back.d, affine.d, accuracy: 1e-12)
        XCTAssertEqual(back.tx, affine.tx, accuracy: 1e-12)
        XCTAssertEqual(back.ty, affine.ty, accuracy: 1e-12)
        XCTAssertEqual(layer.transform.m11, affine.a)
        XCTAssertEqual(layer.transform.m12, affine.b)
        XCTAssertEqual(layer.transform.m21, affine.c)
        XCTAssertEqual(layer.transform.m22, affine.d)
        XCTAssertEqual(layer.transform.m41, affine.tx)
        XCTAssertEqual(layer.transform.m42, affine.ty)
        XCTAssertEqual(layer.transform.m33, 1)
        XCTAssertEqual(layer.transform.m44, 1)
    }

    /// `sublayerTransform` acts about the layer's anchor point on its sublayers only.
    func testSublayerTransformScalesSublayersAboutAnchor() {
        let parent = makeLayer(size: CGSize(width: 200, height: 200), position: CGPoint(x: 100, y: 100))
        let child = makeLayer(size: CGSize(width: 20, height: 20), position: CGPoint(x: 150, y: 100))
        parent.addSublayer(child)
        XCTAssertEqual(parent.convert(CGPoint(x: 10, y: 10), from: child), CGPoint(x: 150, y: 100))
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        // The child's centre sits at (150, 100); scaled by 2 about the parent's anchor (100, 100).
        assertPoint(parent.convert(CGPoint(x: 10, y: 10), from: child), CGPoint(x: 200, y: 100))
        assertPoint(child.convert(CGPoint(x: 200, y: 100), from: parent), CGPoint(x: 10, y: 10))
        // The parent's own frame is not affected by its sublayerTransform.
        XCTAssertEqual(parent.frame, CGRect(x: 0, y: 0, width: 200, height: 200))
    }
}
