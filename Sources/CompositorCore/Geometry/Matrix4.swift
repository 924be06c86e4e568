import Foundation

/// A 4x4 matrix in Core Animation's convention: points are row vectors, `[x y z 1] × M`,
/// translation in `m41...m43`, perspective in `m14...m34`. The flattened form keeps the full
/// projective matrix so that renderers divide by w per pixel (perspective-correct texturing).
public struct Matrix4: Equatable, Sendable {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// Creates a matrix from its sixteen entries, row by row.
    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The identity matrix.
    public static let identity = Matrix4(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                         m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// A translation matrix.
    public static func translation(_ x: Double, _ y: Double, _ z: Double = 0) -> Matrix4 {
        var m = Matrix4.identity
        m.m41 = x; m.m42 = y; m.m43 = z
        return m
    }

    /// A scale matrix.
    public static func scale(_ x: Double, _ y: Double, _ z: Double = 1) -> Matrix4 {
        var m = Matrix4.identity
        m.m11 = x; m.m22 = y; m.m33 = z
        return m
    }

    /// `self` then `other`: a point is transformed by `self` first (`p × self × other`).
    public func concatenating(_ other: Matrix4) -> Matrix4 {
        let a = self, b = other
        return Matrix4(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// Transforms the point `(x, y, 0, 1)` and returns the homogeneous result `(x, y, z, w)`.
    @inline(__always)
    public func transformHomogeneous(x: Double, y: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        (x * m11 + y * m21 + m41, x * m12 + y * m22 + m42, x * m13 + y * m23 + m43, x * m14 + y * m24 + m44)
    }

    /// The sixteen entries row by row, as single-precision floats (for GPU upload).
    public var floats: [Float] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].map { Float($0) }
    }
}
