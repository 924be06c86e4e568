import XCTest
@testable import QuartzCoreModel

/// `CATransform3DMakeRotation` takes an axis whose squared length is exactly 1 as it is,
/// without its square root and three divisions: the rotations must be the bits the divided
/// axis gave, for signed zeros, for unit axes off the coordinate axes, and for the axes near
/// unit length that still take the division.
final class RotationUnitAxisTests: XCTestCase {
    /// Angles of every kind: zeros of both signs, the benchmark scenes' turns, large ones.
    private var angles: [CGFloat] {
        let special: [CGFloat] = [0, -0.0, .pi, -.pi, .pi / 2, 1e-300, -1e22, 7.0e5]
        let turns: [CGFloat] = (0..<360).map { 2 * CGFloat.pi * CGFloat($0) / 360 }
        return special + turns
    }

    private func assertSameBitsAsDividedAxis(_ axes: [(CGFloat, CGFloat, CGFloat)],
                                             file: StaticString = #filePath, line: UInt = #line) {
        for (x, y, z) in axes {
            for angle in angles {
                XCTAssertEqual(RotationReference.bits(CATransform3DMakeRotation(angle, x, y, z)),
                               RotationReference.bits(RotationReference.rotation(angle, x, y, z)),
                               "angle \(angle) about (\(x), \(y), \(z))", file: file, line: line)
            }
        }
    }

    func testCoordinateAxesWithSignedZerosGiveTheDividedAxisBits() {
        let axes: [(CGFloat, CGFloat, CGFloat)] = [
            (0, 0, 1), (0, 0, -1), (-0.0, 0, 1), (0, -0.0, 1), (-0.0, -0.0, -1),
            (1, 0, 0), (-1, -0.0, 0), (0, 1, -0.0), (0, -1, 0),
        ]
        // Their squared length is exactly 1: the shortcut is taken.
        for (x, y, z) in axes { XCTAssertEqual(x * x + y * y + z * z, 1) }
        assertSameBitsAsDividedAxis(axes)
    }

    func testUnitAxesOffTheCoordinateAxesGiveTheDividedAxisBits() {
        // 0.6² + 0.8² and 0.28² + 0.96² round to exactly 1 in doubles.
        let axes: [(CGFloat, CGFloat, CGFloat)] = [(0.6, 0.8, 0), (-0.8, 0, 0.6), (0, 0.28, -0.96), (0.96, -0.28, -0.0)]
        for (x, y, z) in axes { XCTAssertEqual(x * x + y * y + z * z, 1) }
        assertSameBitsAsDividedAxis(axes)
    }

    func testAxesNearUnitLengthGiveTheDividedAxisBits() {
        let tiny = CGFloat(sign: .plus, exponent: -26, significand: 1)
        let axes: [(CGFloat, CGFloat, CGFloat)] = [
            // Squared length 1 + 2⁻⁵², whose square root rounds to 1: divided, by exactly 1.
            (1, tiny, 0),
            // Squared lengths just over and under 1, whose square roots do not round to 1.
            (0.7071067811865476, 0.7071067811865476, 0), (0.7071067811865475, 0.7071067811865475, 0),
            (0.9999999999999999, 0, 0), (1.0000000000000002, 0, 0),
        ]
        for (x, y, z) in axes { XCTAssertNotEqual(x * x + y * y + z * z, 1) }
        assertSameBitsAsDividedAxis(axes)
    }

    func testOtherAxesAreNormalizedAsBefore() {
        assertSameBitsAsDividedAxis([(0, 0, 2), (3, 4, 0), (1, 2, 3), (-5, 0.5, 1e-3), (1e-150, 0, 1e-150), (1e150, 1e150, 0)])
    }

    func testZeroAndNonFiniteAxesGiveTheIdentity() {
        let axes: [(CGFloat, CGFloat, CGFloat)] = [
            (0, 0, 0), (-0.0, 0, -0.0), (1e-200, 0, 0), (1e200, 0, 0),
            (.nan, 0, 1), (0, .infinity, 0), (-.infinity, 0, 0),
        ]
        for (x, y, z) in axes {
            XCTAssertEqual(RotationReference.bits(CATransform3DMakeRotation(0.5, x, y, z)),
                           RotationReference.bits(CATransform3DIdentity), "axis (\(x), \(y), \(z))")
        }
        assertSameBitsAsDividedAxis(axes)
    }
}
