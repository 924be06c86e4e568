import XCTest
import QuartzCore

/// Rectangles with a negative size, and the affine part of a transform, as Apple's QuartzCore
/// measurably treats them (GNUstep libs-quartzcore `Tests/quartzcore/CALayer/geometry.m`).
final class NegativeBoundsTests: XCTestCase {
    func testBoundsWithANegativeSizeAreStandardized() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: -100, height: -50)
        XCTAssertEqual(layer.bounds, CGRect(x: -100, y: -50, width: 100, height: 50))
        layer.position = CGPoint(x: 200, y: 300)
        XCTAssertEqual(layer.frame, CGRect(x: 150, y: 275, width: 100, height: 50),
                       "the frame straddles the position like any other")
    }

    func testBoundsSetThroughKeyValueCodingAreStandardizedToo() {
        let layer = CALayer()
        layer.setValue(CGRect(x: 10, y: 10, width: -20, height: 30), forKey: "bounds")
        XCTAssertEqual(layer.bounds, CGRect(x: -10, y: 10, width: 20, height: 30))
    }

    func testAFrameWithANegativeSizeIsStandardizedIntoTheBounds() {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: -100, height: -50)
        XCTAssertEqual(layer.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(layer.position, CGPoint(x: -50, y: -25))
        XCTAssertEqual(layer.frame, CGRect(x: -100, y: -50, width: 100, height: 50))
    }

    func testOtherFrameFactsFromTheSameMeasurements() {
        let empty = CALayer()
        empty.frame = CGRect(x: 10, y: 20, width: 0, height: 0)
        XCTAssertEqual(empty.bounds, .zero)
        XCTAssertEqual(empty.position, CGPoint(x: 10, y: 20))

        let scaled = CALayer()
        scaled.transform = CATransform3DMakeScale(2, 4, 1)
        scaled.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(scaled.bounds, CGRect(x: 0, y: 0, width: 50, height: 12.5))
        XCTAssertEqual(scaled.position, CGPoint(x: 60, y: 45))
        XCTAssertEqual(scaled.frame, CGRect(x: 10, y: 20, width: 100, height: 50))

        let shifted = CALayer()
        shifted.transform = CATransform3DMakeTranslation(10, 20, 0)
        shifted.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(shifted.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(shifted.position, CGPoint(x: 50, y: 25), "the translation is taken back out")
    }

    /// The layer draws the standardized rectangle: a 40 × 20 layer given as (0, 0, -40, -20)
    /// at (50, 50) covers x 30..<70 and y 40..<60.
    func testALayerWithNegativeBoundsDrawsTheStandardizedRectangle() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.position = CGPoint(x: 50, y: 50)
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: -40, height: -20)
        layer.position = CGPoint(x: 50, y: 50)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(layer)
        CATransaction.flush()
        let renderer = try CARenderer(cpuPixelWidth: 100, pixelHeight: 100)
        renderer.layer = root
        _ = try renderer.renderFrame(atTime: CACurrentMediaTime())
        let image = try renderer.makeImage()
        func red(_ x: Int, _ y: Int) -> Bool {
            guard let p = image.premultipliedPixel(x: x, y: y) else { return false }
            return p.r > 200 && p.g < 50 && p.a > 200
        }
        XCTAssertTrue(red(31, 41))
        XCTAssertTrue(red(68, 58))
        XCTAssertFalse(red(28, 50))
        XCTAssertFalse(red(71, 50))
        XCTAssertFalse(red(50, 38))
        XCTAssertFalse(red(50, 61))
    }

    /// `affineTransform()` reports an affine transform as itself and any other as the identity
    /// (GNUstep libs-quartzcore `Tests/quartzcore/CALayer/conversion.m`, measured).
    func testAffineTransformOfATransformThatIsNotAffine() {
        let layer = CALayer()
        func assertAffine(_ t: CGAffineTransform, _ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat,
                          _ tx: CGFloat, _ ty: CGFloat, _ message: String, line: UInt = #line) {
            for (got, want) in [(t.a, a), (t.b, b), (t.c, c), (t.d, d), (t.tx, tx), (t.ty, ty)] {
                XCTAssertEqual(got, want, accuracy: 1e-4, message, line: line)
            }
        }
        assertAffine(layer.affineTransform(), 1, 0, 0, 1, 0, 0, "a new layer")
        layer.transform = CATransform3DMakeScale(2, 3, 1)
        assertAffine(layer.affineTransform(), 2, 0, 0, 3, 0, 0, "a 2D scale")
        layer.transform = CATransform3DMakeTranslation(3, 4, 0)
        assertAffine(layer.affineTransform(), 1, 0, 0, 1, 3, 4, "a 2D translation")
        layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let h = CGFloat(0.5).squareRoot()
        assertAffine(layer.affineTransform(), h, h, -h, h, 0, 0, "a rotation about z")
        layer.transform = CATransform3DMakeScale(2, 3, 4)
        assertAffine(layer.affineTransform(), 1, 0, 0, 1, 0, 0, "a scale in z: the identity")
        layer.transform = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        assertAffine(layer.affineTransform(), 1, 0, 0, 1, 0, 0, "a rotation about x: the identity")
        layer.transform = CATransform3DMakeTranslation(0, 0, 5)
        assertAffine(layer.affineTransform(), 1, 0, 0, 1, 0, 0, "a translation in z: the identity")
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        layer.transform = perspective
        assertAffine(layer.affineTransform(), 1, 0, 0, 1, 0, 0, "a perspective: the identity")

        layer.setAffineTransform(CGAffineTransform(a: 2, b: 3, c: 4, d: 5, tx: 6, ty: 7))
        assertAffine(layer.affineTransform(), 2, 3, 4, 5, 6, 7, "reads back what was set")
        layer.transform = CATransform3DMakeScale(9, 9, 9)
        layer.setAffineTransform(CGAffineTransform(translationX: 1, y: 2))
        XCTAssertEqual(layer.transform.m33, 1, "setting it replaces the transform")
        assertAffine(layer.affineTransform(), 1, 0, 0, 1, 1, 2, "replaced")
    }
}
