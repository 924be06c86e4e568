import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// `NSValue` boxes of `CATransform3D` and the Core Graphics structures, accepted wherever the
/// unboxed values are, as Apple code uses them.
final class TransformBoxingTests: XCTestCase {
    private let turn = CATransform3DMakeRotation(.pi / 3, 0, 0, 1)
    private let shift = CATransform3DMakeTranslation(4, 5, 6)

    override func tearDown() {
        CATransaction.flush()
        super.tearDown()
    }

    func testBoxRoundTripsEverySixteenComponents() {
        var t = CATransform3DIdentity
        t.m11 = 1; t.m12 = 2; t.m13 = 3; t.m14 = 4; t.m21 = 5; t.m22 = 6; t.m23 = 7; t.m24 = 8
        t.m31 = 9; t.m32 = 10; t.m33 = 11; t.m34 = -1.0 / 500; t.m41 = 13; t.m42 = 14; t.m43 = 15; t.m44 = 16
        let box = NSValue(caTransform3D: t)
        XCTAssertEqual(box.caTransform3DValue, t)
        XCTAssertEqual(box, NSValue(caTransform3D: t))
        XCTAssertNotEqual(box, NSValue(caTransform3D: CATransform3DIdentity))
        XCTAssertEqual(NSValue(cgPoint: .zero).caTransform3DValue, CATransform3DIdentity, "a box of another type reads as the identity")
    }

    func testCastsBetweenBoxAndStructureBothWays() {
        let boxed: Any = NSValue(caTransform3D: turn)
        XCTAssertEqual(boxed as? CATransform3D, turn)
        let unboxed: Any = shift
        XCTAssertEqual((unboxed as? NSValue)?.caTransform3DValue, shift)
        XCTAssertNil(NSValue(cgPoint: CGPoint(x: 1, y: 2)) as Any as? CATransform3D)
    }

    func testValueForKeyTransformCastsToBothNSValueAndCATransform3D() {
        let layer = CALayer()
        layer.transform = turn
        XCTAssertEqual(layer.value(forKey: "transform") as? CATransform3D, turn)
        XCTAssertEqual((layer.value(forKey: "transform") as? NSValue)?.caTransform3DValue, turn)
        layer.sublayerTransform = shift
        XCTAssertEqual((layer.value(forKey: "sublayerTransform") as? NSValue)?.caTransform3DValue, shift)
    }

    func testKeyValueCodingAcceptsBoxedTransforms() {
        let layer = CALayer()
        layer.setValue(NSValue(caTransform3D: turn), forKey: "transform")
        XCTAssertEqual(layer.transform, turn)
        layer.setValue(NSValue(caTransform3D: shift), forKeyPath: "sublayerTransform")
        XCTAssertEqual(layer.sublayerTransform, shift)
        XCTAssertEqual(layer.value(forKeyPath: "sublayerTransform.translation.x") as? CGFloat, 4)
    }

    func testBasicAnimationInterpolatesBoxedTransforms() throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.flush()
        let move = CABasicAnimation(keyPath: "transform")
        move.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        move.toValue = NSValue(caTransform3D: CATransform3DMakeTranslation(100, 0, 0))
        move.duration = 10
        move.beginTime = CACurrentMediaTime() - 5
        layer.add(move, forKey: "move")
        let x = try XCTUnwrap(layer.presentation()).transform.m41
        XCTAssertEqual(x, 50, accuracy: 1)
    }

    func testSpringAndByValueAcceptBoxedTransforms() throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10) // joins the transaction: live after the flush
        CATransaction.flush()
        let spring = CASpringAnimation(keyPath: "transform")
        spring.byValue = NSValue(caTransform3D: CATransform3DMakeTranslation(0, 30, 0))
        spring.duration = 2 * spring.settlingDuration
        spring.beginTime = CACurrentMediaTime() - spring.settlingDuration
        layer.add(spring, forKey: "spring")
        XCTAssertNotNil(layer.animation(forKey: "spring"), "a boxed byValue is accepted")
        let y = try XCTUnwrap(layer.presentation()).transform.m42
        XCTAssertEqual(y, 30, accuracy: 0.5, "at its settling time the spring has arrived")
    }

    func testKeyframeAnimationAcceptsBoxedTransforms() throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.flush()
        let path = CAKeyframeAnimation(keyPath: "transform")
        path.values = [NSValue(caTransform3D: CATransform3DIdentity),
                       NSValue(caTransform3D: CATransform3DMakeScale(3, 3, 1)),
                       NSValue(caTransform3D: CATransform3DIdentity)]
        path.duration = 2
        path.beginTime = CACurrentMediaTime() - 1
        layer.add(path, forKey: "pulse")
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).transform.m11, 3, accuracy: 0.05)
    }

    func testCoreGraphicsBoxesAreAcceptedLikeTheStructures() throws {
        XCTAssertEqual(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue, CGPoint(x: 1, y: 2))
        XCTAssertEqual(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue, CGSize(width: 3, height: 4))
        XCTAssertEqual(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue, CGRect(x: 1, y: 2, width: 3, height: 4))
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        XCTAssertEqual(NSValue(cgAffineTransform: affine).cgAffineTransformValue, affine)

        let layer = CALayer()
        layer.setValue(NSValue(cgPoint: CGPoint(x: 7, y: 8)), forKey: "position")
        layer.setValue(NSValue(cgSize: CGSize(width: 2, height: -2)), forKey: "shadowOffset")
        layer.setValue(NSValue(cgRect: CGRect(x: 0, y: 0, width: 9, height: 9)), forKey: "bounds")
        XCTAssertEqual(layer.position, CGPoint(x: 7, y: 8))
        XCTAssertEqual(layer.shadowOffset, CGSize(width: 2, height: -2))
        XCTAssertEqual(layer.bounds.size, CGSize(width: 9, height: 9))

        CATransaction.flush()
        let slide = CABasicAnimation(keyPath: "position")
        slide.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
        slide.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 40))
        slide.duration = 4
        slide.beginTime = CACurrentMediaTime() - 1
        layer.add(slide, forKey: "slide")
        let p = try XCTUnwrap(layer.presentation()).position
        XCTAssertEqual(p.x, 25, accuracy: 1)
        XCTAssertEqual(p.y, 10, accuracy: 0.5)
    }
}
