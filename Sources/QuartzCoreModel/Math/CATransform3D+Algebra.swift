import Foundation
import CompositorCore

// Matrix algebra the layer geometry, animation and flattening code builds on.

extension CATransform3D {
    /// How small `|det|` may be, relative to the product of the row lengths (Hadamard's bound,
    /// which `|det|` never exceeds), before the matrix is treated as singular. A ratio this small
    /// means the rows are parallel to within rounding, so an inverse would be noise.
    static let singularityTolerance: CGFloat = 1e-12

    /// `self` then `other`: points are transformed by `self` first (`CATransform3DConcat(self, other)`).
    package func concatenating(_ other: CATransform3D) -> CATransform3D {
        CATransform3DConcat(self, other)
    }

    /// Transforms the point `(x, y, z, 1)` and returns the homogeneous result, without dividing by w.
    @inline(__always)
    package func transform(x: CGFloat, y: CGFloat, z: CGFloat) -> (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
        (x * m11 + y * m21 + z * m31 + m41,
         x * m12 + y * m22 + z * m32 + m42,
         x * m13 + y * m23 + z * m33 + m43,
         x * m14 + y * m24 + z * m34 + m44)
    }

    /// The inverse matrix (cofactors over the determinant), or nil when the matrix is singular
    /// (see `singularityTolerance`) or has non-finite entries.
    var inverse: CATransform3D? {
        // 2x2 minors of rows 1-2 (s) and rows 3-4 (c), shared by all sixteen cofactors.
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c0 = m31 * m42 - m41 * m32, c1 = m31 * m43 - m41 * m33, c2 = m31 * m44 - m41 * m34
        let c3 = m32 * m43 - m42 * m33, c4 = m32 * m44 - m42 * m34, c5 = m33 * m44 - m43 * m34
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det.isFinite, det != 0 else { return nil }
        func rowLength(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat) -> CGFloat {
            (a * a + b * b + c * c + d * d).squareRoot()
        }
        let hadamard = rowLength(m11, m12, m13, m14) * rowLength(m21, m22, m23, m24)
            * rowLength(m31, m32, m33, m34) * rowLength(m41, m42, m43, m44)
        guard abs(det) > Self.singularityTolerance * hadamard else { return nil }
        let r = 1 / det
        return CATransform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) * r,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) * r,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) * r,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) * r,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * r,
            m22: (m11 * c5 - m13 * c2 + m14 * c1) * r,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * r,
            m24: (m31 * s5 - m33 * s2 + m34 * s1) * r,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) * r,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) * r,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) * r,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) * r,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * r,
            m42: (m11 * c3 - m12 * c1 + m13 * c0) * r,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * r,
            m44: (m31 * s3 - m32 * s1 + m33 * s0) * r)
    }

    /// The sixteen entries row by row.
    var entries: [CGFloat] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// Creates a transform from sixteen entries given row by row; nil unless there are exactly sixteen.
    init?(entries e: [CGFloat]) {
        guard e.count == 16 else { return nil }
        self.init(m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                  m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }
}

// The one conversion between the model's matrix and the renderer's: both are sixteen
// Double-sized entries stored row by row in the same order (CGFloat is a Double on every 64-bit
// platform Swift runs on), so a value of one is a value of the other, bit for bit.
// `unsafeBitCast` traps if the sizes ever differ; `MatrixConversionTests` checks the order.

extension Matrix4 {
    /// The renderer's matrix for a Core Animation transform (same layout, Double entries).
    @inline(__always)
    package init(_ t: CATransform3D) { self = unsafeBitCast(t, to: Matrix4.self) }
}

extension CATransform3D {
    /// The Core Animation transform of a renderer matrix.
    @inline(__always)
    package init(_ m: Matrix4) { self = unsafeBitCast(m, to: CATransform3D.self) }
}
