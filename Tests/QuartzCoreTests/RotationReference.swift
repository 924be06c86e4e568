import Foundation
@testable import QuartzCoreModel

/// `CATransform3DMakeRotation` as it was first written, for the tests that hold its faster
/// forms to the same bits: the axis divided by its square-root length, then `cos` and `sin`.
enum RotationReference {
    /// The rotation by `angle` about `(x, y, z)`, the identity for a zero or non-finite axis.
    static func rotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return CATransform3DIdentity }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = CGFloat(cos(Double(angle))), s = CGFloat(sin(Double(angle))), k = 1 - c
        return CATransform3D(
            m11: c + k * ux * ux, m12: k * ux * uy + s * uz, m13: k * ux * uz - s * uy, m14: 0,
            m21: k * ux * uy - s * uz, m22: c + k * uy * uy, m23: k * uy * uz + s * ux, m24: 0,
            m31: k * ux * uz + s * uy, m32: k * uy * uz - s * ux, m33: c + k * uz * uz, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The bit patterns of the sixteen entries, in declaration order (so that -0 and +0 differ).
    static func bits(_ t: CATransform3D) -> [UInt64] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
         t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0).bitPattern }
    }
}
