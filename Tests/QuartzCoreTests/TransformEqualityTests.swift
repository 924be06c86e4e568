import QuartzCore
import XCTest

/// `CATransform3D`'s `==` compares its entries in its own order (the translation first, for the
/// setters' no-change check); it must still decide as the entry-by-entry IEEE comparison does.
final class TransformEqualityTests: XCTestCase {
    private let entries: [WritableKeyPath<CATransform3D, CGFloat>] = [
        \.m11, \.m12, \.m13, \.m14, \.m21, \.m22, \.m23, \.m24,
        \.m31, \.m32, \.m33, \.m34, \.m41, \.m42, \.m43, \.m44,
    ]

    private let base = CATransform3D(m11: 1.5, m12: -2, m13: 3, m14: 0.25, m21: 4, m22: 5, m23: -6, m24: 0.5,
                                     m31: 7, m32: 8, m33: 9, m34: -0.001, m41: 10, m42: -11, m43: 12, m44: 1)

    func testATransformDifferingInAnyOneEntryIsUnequal() {
        XCTAssertTrue(base == base)
        for entry in entries {
            var other = base
            other[keyPath: entry] += 1
            XCTAssertFalse(base == other, "differs in \(entry)")
            XCTAssertFalse(other == base, "differs in \(entry)")
            XCTAssertTrue(base != other)
        }
    }

    func testEntriesCompareAsNumbers() {
        for entry in entries {
            var zero = base, negativeZero = base
            zero[keyPath: entry] = 0
            negativeZero[keyPath: entry] = -0.0
            XCTAssertTrue(zero == negativeZero, "0 equals -0 in \(entry)")
            var nan = base
            nan[keyPath: entry] = .nan
            XCTAssertFalse(nan == nan, "NaN equals nothing, itself included, in \(entry)")
        }
    }

    func testSettingAnEqualTransformIsNoChange() {
        let layer = CALayer()
        layer.transform = base
        CATransaction.flush()
        var negativeZeros = CATransform3DIdentity
        negativeZeros.m41 = -0.0
        layer.transform = CATransform3DIdentity
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.transform = negativeZeros
        CATransaction.commit()
        XCTAssertEqual(layer.transform.m41.sign, .plus, "an equal value is no change: the stored one stays")
    }
}
