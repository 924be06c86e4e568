import Foundation

extension CATransform3D {
    /// Whether the sixteen entries are pairwise equal (IEEE comparison: `0` equals `-0`, NaN
    /// equals nothing), as the synthesized comparison decides.
    ///
    /// The entries are compared in the order a changed transform most likely differs in: the
    /// x translation and the x scale first, then the rest of the translation and of the 2D
    /// rotation and scale, then the rest. Every property set compares the new value with the
    /// stored one: a moved layer's transform differs from its last in `m41` and `m42` (in
    /// declaration order that took thirteen comparisons), a turned or scaled one in `m11`
    /// (behind the whole translation, four).
    @inline(__always)
    public static func == (lhs: CATransform3D, rhs: CATransform3D) -> Bool {
        lhs.m41 == rhs.m41 && lhs.m11 == rhs.m11 && lhs.m42 == rhs.m42 && lhs.m43 == rhs.m43
            && lhs.m12 == rhs.m12 && lhs.m21 == rhs.m21 && lhs.m22 == rhs.m22
            && lhs.m13 == rhs.m13 && lhs.m14 == rhs.m14 && lhs.m23 == rhs.m23 && lhs.m24 == rhs.m24
            && lhs.m31 == rhs.m31 && lhs.m32 == rhs.m32 && lhs.m33 == rhs.m33 && lhs.m34 == rhs.m34
            && lhs.m44 == rhs.m44
    }
}
