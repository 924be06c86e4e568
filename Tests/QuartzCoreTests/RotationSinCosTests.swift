import XCTest
@testable import QuartzCoreModel

/// `CATransform3DMakeRotation` takes the angle's sine and cosine from one `sincos` call
/// (`qc_sinCos`): its transforms must be the ones `sin` and `cos` gave, bit for bit, or every
/// frame drawn from them would move.
final class RotationSinCosTests: XCTestCase {
    /// The rotation as it was computed with `sin` and `cos`.
    private func reference(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = CGFloat(cos(Double(angle))), s = CGFloat(sin(Double(angle))), k = 1 - c
        return CATransform3D(
            m11: c + k * ux * ux, m12: k * ux * uy + s * uz, m13: k * ux * uz - s * uy, m14: 0,
            m21: k * ux * uy - s * uz, m22: c + k * uy * uy, m23: k * uy * uz + s * ux, m24: 0,
            m31: k * ux * uz + s * uy, m32: k * uy * uz - s * ux, m33: c + k * uz * uz, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    private func bits(_ t: CATransform3D) -> [UInt64] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
         t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0).bitPattern }
    }

    func testRotationsAreTheOnesSineAndCosineGave() {
        var generator = SystemRandomNumberGenerator()
        var angles: [CGFloat] = [0, -0.0, .pi, -.pi, .pi / 2, 1e-300, 1e22, -1e22, 7.0e5, .greatestFiniteMagnitude]
        // The benchmark scenes' angles (a turn a card), and angles of every size.
        angles += (0..<4000).map { 2 * .pi * CGFloat($0) / 4000 }
        angles += (0..<4000).map { _ in CGFloat(Double.random(in: -1e6...1e6, using: &generator)) }
        angles += (0..<2000).map { _ in CGFloat(Double(bitPattern: UInt64.random(in: 0..<0x7FF0_0000_0000_0000, using: &generator))) }
        for angle in angles {
            for (x, y, z) in [(0.0, 0.0, 1.0), (0.0, 1.0, 0.0), (1.0, 2.0, 3.0)] as [(CGFloat, CGFloat, CGFloat)] {
                XCTAssertEqual(bits(CATransform3DMakeRotation(angle, x, y, z)), bits(reference(angle, x, y, z)),
                               "angle \(angle) about (\(x), \(y), \(z))")
            }
        }
    }
}
