import CompositorCore

/// A 3x3 matrix by rows: a plane's homography in homogeneous 2D coordinates (row vectors,
/// `[x y 1] × M`, as Core Animation's 4x4 matrices).
struct Matrix3 {
    var row0: SIMD3<Double>, row1: SIMD3<Double>, row2: SIMD3<Double>

    init(_ row0: SIMD3<Double>, _ row1: SIMD3<Double>, _ row2: SIMD3<Double>) {
        self.row0 = row0; self.row1 = row1; self.row2 = row2
    }

    /// The homography of the plane z = 0 of a layer space: local `[X Y 1]` to canvas `(x, y, w)`.
    init(plane m: Matrix4) {
        self.init(SIMD3(m.m11, m.m12, m.m14), SIMD3(m.m21, m.m22, m.m24), SIMD3(m.m41, m.m42, m.m44))
    }

    /// The inverse, or nil when the matrix is singular relative to its largest entry.
    var inverse: Matrix3? {
        // The rows of the adjugate's transpose are cross products of pairs of rows.
        let c0 = cross(row1, row2), c1 = cross(row2, row0), c2 = cross(row0, row1)
        let det = (row0 * c0).sum()
        let largest = max(magnitudes(row0).max(), magnitudes(row1).max(), magnitudes(row2).max())
        guard Swift.abs(det) > 1e-12 * largest * largest * largest, det.isFinite else { return nil }
        // inverse[i][j] = cofactor[j][i] / det; cofactor row j is c_j.
        return Matrix3(SIMD3(c0.x, c1.x, c2.x) / det, SIMD3(c0.y, c1.y, c2.y) / det, SIMD3(c0.z, c1.z, c2.z) / det)
    }

    /// `self` then `other`: `[x y 1] × self × other`.
    @inline(__always)
    func concatenating(_ other: Matrix3) -> Matrix3 {
        func apply(_ row: SIMD3<Double>) -> SIMD3<Double> { row.x * other.row0 + row.y * other.row1 + row.z * other.row2 }
        return Matrix3(apply(row0), apply(row1), apply(row2))
    }

    /// The 2D affine map this homography equals when its projective column is zero (relative to
    /// points within `extent` of the origin), normalized so that w = 1; nil otherwise.
    @inline(__always)
    func affine(within extent: Double) -> Matrix3? {
        let w = row2.z
        guard w != 0, w.isFinite,
              (Swift.abs(row0.z) + Swift.abs(row1.z)) * max(extent, 1) <= 1e-7 * Swift.abs(w) else { return nil }
        return Matrix3(SIMD3(row0.x / w, row0.y / w, 0), SIMD3(row1.x / w, row1.y / w, 0), SIMD3(row2.x / w, row2.y / w, 1))
    }

    /// Applies an affine matrix to a point.
    @inline(__always)
    func applyAffine(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (x * row0.x + y * row1.x + row2.x, x * row0.y + y * row1.y + row2.y)
    }

    private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    private func magnitudes(_ v: SIMD3<Double>) -> SIMD3<Double> { SIMD3(Swift.abs(v.x), Swift.abs(v.y), Swift.abs(v.z)) }
}
