import XCTest
import QuartzCore

/// NaN and infinite geometry is rejected at the setter: the previous value is kept.
final class LayerBadInputTests: XCTestCase {
    private let bad: [CGFloat] = [.nan, .infinity, -.infinity]

    func testNonFinitePositionIsRejected() {
        let layer = CALayer()
        layer.position = CGPoint(x: 10, y: 20)
        for v in bad {
            layer.position = CGPoint(x: v, y: 0)
            layer.position = CGPoint(x: 0, y: v)
        }
        XCTAssertEqual(layer.position, CGPoint(x: 10, y: 20))
    }

    func testNonFiniteBoundsIsRejected() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 40)
        for v in bad {
            layer.bounds = CGRect(x: v, y: 0, width: 1, height: 1)
            layer.bounds = CGRect(x: 0, y: 0, width: 1, height: v)
            layer.bounds.size.width = v
        }
        XCTAssertEqual(layer.bounds, CGRect(x: 0, y: 0, width: 30, height: 40))
    }

    func testNonFiniteFrameIsRejected() {
        let layer = CALayer()
        layer.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        for v in bad {
            layer.frame = CGRect(x: v, y: 0, width: 10, height: 10)
            layer.frame = CGRect(x: 0, y: 0, width: 10, height: v)
        }
        XCTAssertEqual(layer.frame, CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(layer.position, CGPoint(x: 2.5, y: 4))
    }

    func testNonFiniteTransformIsRejected() {
        let layer = CALayer()
        let turn = CATransform3DMakeRotation(0.3, 0, 0, 1)
        layer.transform = turn
        layer.transform = replacing(\.m34, of: turn, with: .nan)
        let infinite = replacing(\.m41, of: turn, with: .infinity)
        layer.transform = infinite
        layer.sublayerTransform = infinite
        layer.setAffineTransform(CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 0))
        XCTAssertEqual(layer.transform, turn)
        XCTAssertTrue(CATransform3DIsIdentity(layer.sublayerTransform))
    }

    /// Each of the sixteen components is checked: NaN or an infinity in any one of them keeps
    /// the previous transform, and the largest finite numbers are accepted.
    func testEveryTransformComponentIsChecked() {
        let layer = CALayer()
        let turn = CATransform3DMakeRotation(0.3, 0, 0, 1)
        layer.transform = turn
        let components: [WritableKeyPath<CATransform3D, CGFloat>] = [
            \.m11, \.m12, \.m13, \.m14, \.m21, \.m22, \.m23, \.m24,
            \.m31, \.m32, \.m33, \.m34, \.m41, \.m42, \.m43, \.m44,
        ]
        for component in components {
            for value in [CGFloat.nan, .infinity, -.infinity] {
                layer.transform = replacing(component, of: turn, with: value)
                XCTAssertEqual(layer.transform, turn)
            }
        }
        var huge = CATransform3DIdentity
        huge.m41 = .greatestFiniteMagnitude
        huge.m12 = -.greatestFiniteMagnitude
        layer.transform = huge
        XCTAssertEqual(layer.transform, huge)
    }

    func testNonFiniteScalarsAreRejected() {
        let layer = CALayer()
        layer.zPosition = 5
        layer.opacity = 0.75
        layer.cornerRadius = 4
        layer.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        for v in bad {
            layer.zPosition = v
            layer.opacity = Float(v)
            layer.cornerRadius = v
            layer.anchorPoint = CGPoint(x: v, y: 0)
            layer.shadowOffset = CGSize(width: v, height: 0)
        }
        XCTAssertEqual(layer.zPosition, 5)
        XCTAssertEqual(layer.opacity, 0.75)
        XCTAssertEqual(layer.cornerRadius, 4)
        XCTAssertEqual(layer.anchorPoint, CGPoint(x: 0.25, y: 0.75))
        XCTAssertEqual(layer.shadowOffset, CGSize(width: 0, height: -3))
    }

    func testNonFiniteValuesThroughUncheckedKeyValueCodingAreIgnored() {
        let layer = CALayer()
        layer.position = CGPoint(x: 1, y: 1)
        layer.setValue(CGFloat.nan, forKeyPath: "position.x")
        layer.setValue(Double.infinity, forKey: "zPosition")
        layer.setValue(Float.nan, forKey: "opacity")
        XCTAssertEqual(layer.position, CGPoint(x: 1, y: 1))
        XCTAssertEqual(layer.zPosition, 0)
        XCTAssertEqual(layer.opacity, 1)
    }

    /// A layer with a singular transform (scaled to zero) has no hit and a degenerate frame,
    /// and neither crashes.
    func testSingularTransformDoesNotCrashGeometry() {
        let parent = makeLayer(size: CGSize(width: 100, height: 100), position: CGPoint(x: 50, y: 50))
        let layer = makeLayer(size: CGSize(width: 40, height: 40), position: CGPoint(x: 50, y: 50))
        parent.addSublayer(layer)
        layer.transform = CATransform3DMakeScale(0, 1, 1)
        assertRect(layer.frame, CGRect(x: 50, y: 30, width: 0, height: 40))
        XCTAssertTrue(parent.hitTest(CGPoint(x: 50, y: 50)) === parent)
        // Converting into the collapsed layer has no answer; the point comes back unchanged.
        XCTAssertEqual(layer.convert(CGPoint(x: 50, y: 50), from: parent), CGPoint(x: 50, y: 50))
    }
}
