import Foundation

/// A transform split into the parts that animations interpolate, as Core Animation, CSS Transforms
/// Level 2 and the "unmatrix" of Graphics Gems II do.
///
/// In the row-vector convention the transform is `M = Scale × Skew × Rotation × Translation × Perspective`
/// (scale applied to points first), where `Skew` is the unit lower-triangular matrix with
/// `[2][1] = skew.xy`, `[3][1] = skew.xz`, `[3][2] = skew.yz`, and `Perspective` is the identity with
/// its fourth column replaced by `perspective`. The matrix is first divided by `m44`, so a transform
/// and any non-zero multiple of it decompose alike.
struct DecomposedTransform3D: Equatable, Sendable {
    /// Translation along x, y, z (`m41...m43` after normalization).
    var translation: SIMD3<Double>
    /// Scale along x, y, z; negative when the transform mirrors (all three are negated then).
    var scale: SIMD3<Double>
    /// Shear factors: `x` is xy, `y` is xz, `z` is yz.
    var skew: SIMD3<Double>
    /// The fourth column of the perspective part; `(0, 0, 0, 1)` when there is none.
    var perspective: SIMD4<Double>
    /// The rotation.
    var quaternion: Quaternion

    /// Creates a decomposition from its parts.
    init(translation: SIMD3<Double> = .zero, scale: SIMD3<Double> = .one, skew: SIMD3<Double> = .zero,
         perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1), quaternion: Quaternion = .identity) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.quaternion = quaternion
    }

    /// Decomposes `t`, or returns nil when it cannot be decomposed: `m44` is 0, an entry is not
    /// finite, the transform has perspective while its affine part is singular, or its 3x3 part has
    /// rank deficiency other than whole zero rows.
    ///
    /// Unlike the CSS algorithm, an axis collapsed to zero (`CATransform3DMakeScale(0, 1, 1)`, a
    /// common animation start) decomposes with scale 0 on that axis rather than failing, so that it
    /// interpolates and its virtual key paths (`transform.scale.x`) can be read and set.
    init?(_ t: CATransform3D) {
        guard let parts = Self.partsAndRotationRows(of: t) else { return nil }
        self = parts.parts
        quaternion = Quaternion(rotationRows: parts.rotationRows)
    }

    /// The decomposition of `t` but for its rotation, which is left at the identity and returned
    /// as the orthonormal rows it is made from; nil when `t` cannot be decomposed.
    static func partsAndRotationRows(of t: CATransform3D) -> (parts: DecomposedTransform3D, rotationRows: Rows3)? {
        // Held in a SIMD vector rather than an array: this runs for each running transform
        // animation at each frame, and the arithmetic is the same lane by lane.
        let entries = SIMD16<Double>(t)
        guard t.m44 != 0, Self.allFinite(entries) else { return nil }
        let m = entries / Double(t.m44)

        // Perspective: column 4 = N × perspective, where N is the matrix with column 4 = (0, 0, 0, 1).
        let perspective: SIMD4<Double>
        if m[3] != 0 || m[7] != 0 || m[11] != 0 {
            var affine = CATransform3D(m)
            affine.m14 = 0; affine.m24 = 0; affine.m34 = 0; affine.m44 = 1
            guard let inverse = affine.inverse else { return nil }
            let n = SIMD16<Double>(inverse)
            let column = SIMD4(m[3], m[7], m[11], m[15])
            var p = SIMD4<Double>()
            for i in 0..<4 { p[i] = (0..<4).reduce(0.0) { $0 + n[i * 4 + $1] * column[$1] } }
            perspective = p
        } else {
            perspective = SIMD4(0, 0, 0, 1)
        }

        let rawRows = Rows3(SIMD3(m[0], m[1], m[2]), SIMD3(m[4], m[5], m[6]), SIMD3(m[8], m[9], m[10]))
        guard let basis = Self.orthonormalize(rawRows) else { return nil }
        let parts = DecomposedTransform3D(translation: SIMD3(m[12], m[13], m[14]), scale: basis.scale,
                                          skew: basis.skew, perspective: perspective)
        return (parts, basis.rows)
    }

    private static func allFinite(_ v: SIMD16<Double>) -> Bool {
        for i in 0..<16 where !v[i].isFinite { return false }
        return true
    }

    /// The transform these parts make.
    var recomposed: CATransform3D {
        let r = quaternion.rotationRows
        let a0 = r[0] * scale[0]
        let a1 = (r[1] + skew.x * r[0]) * scale[1]
        let a2 = (r[2] + skew.y * r[0] + skew.z * r[1]) * scale[2]
        let p = SIMD3(perspective.x, perspective.y, perspective.z)
        // (Scale × Skew × Rotation × Translation) × Perspective, multiplied out.
        return CATransform3D(
            m11: CGFloat(a0.x), m12: CGFloat(a0.y), m13: CGFloat(a0.z), m14: CGFloat(dot(a0, p)),
            m21: CGFloat(a1.x), m22: CGFloat(a1.y), m23: CGFloat(a1.z), m24: CGFloat(dot(a1, p)),
            m31: CGFloat(a2.x), m32: CGFloat(a2.y), m33: CGFloat(a2.z), m34: CGFloat(dot(a2, p)),
            m41: CGFloat(translation.x), m42: CGFloat(translation.y), m43: CGFloat(translation.z),
            m44: CGFloat(dot(translation, p) + perspective.w))
    }

    /// Gram-Schmidt on the rows of the 3x3 part: rows = Scale × Skew × (orthonormal rows).
    /// Zero rows are replaced by unit vectors orthogonal to the others and given scale 0.
    private static func orthonormalize(_ raw: Rows3) -> (rows: Rows3, scale: SIMD3<Double>, skew: SIMD3<Double>)? {
        let lengths = SIMD3(length(raw[0]), length(raw[1]), length(raw[2]))
        let tolerance = 1e-12 * max(max(lengths[0], lengths[1]), lengths[2])
        let collapsed = (lengths[0] <= tolerance, lengths[1] <= tolerance, lengths[2] <= tolerance)
        func isCollapsed(_ i: Int) -> Bool { i == 0 ? collapsed.0 : i == 1 ? collapsed.1 : collapsed.2 }
        var row = raw
        for i in 0..<3 where isCollapsed(i) {
            let constraints = (0..<3).filter { $0 != i && (!isCollapsed($0) || $0 < i) }.map { row[$0] }
            row[i] = unitVector(orthogonalTo: constraints, fallbackAxis: i)
        }

        var scale = SIMD3<Double>.one, skew = SIMD3<Double>.zero
        func normalizeRow(_ i: Int) -> Bool {
            scale[i] = length(row[i])
            guard scale[i] > tolerance, scale[i] > 0 else { return false }
            row[i] /= scale[i]
            return true
        }
        guard normalizeRow(0) else { return nil }
        skew.x = dot(row[0], row[1])
        row[1] -= skew.x * row[0]
        guard normalizeRow(1) else { return nil }
        skew.x /= scale[1]
        skew.y = dot(row[0], row[2])
        row[2] -= skew.y * row[0]
        skew.z = dot(row[1], row[2])
        row[2] -= skew.z * row[1]
        guard normalizeRow(2) else { return nil }
        skew.y /= scale[2]
        skew.z /= scale[2]
        for i in 0..<3 where isCollapsed(i) { scale[i] = 0 }

        // A mirrored basis: negate it and the scales so that the rows are a proper rotation.
        if dot(row[0], cross(row[1], row[2])) < 0 {
            scale = -scale
            row = Rows3(-row[0], -row[1], -row[2])
        }
        return (row, scale, skew)
    }

    /// A unit vector orthogonal to the (independent) `vectors`, or the unit axis `fallbackAxis` when
    /// there are none.
    private static func unitVector(orthogonalTo vectors: [SIMD3<Double>], fallbackAxis: Int) -> SIMD3<Double> {
        var axis = SIMD3<Double>.zero
        if vectors.count >= 2 {
            let c = cross(vectors[0], vectors[1])
            if length(c) > 0 { return c / length(c) }
        }
        guard let v = vectors.first(where: { length($0) > 0 }) else {
            axis[fallbackAxis] = 1
            return axis
        }
        // Cross with the coordinate axis least aligned with v.
        let magnitudes = [abs(v.x), abs(v.y), abs(v.z)]
        axis[magnitudes.firstIndex(of: magnitudes.min()!)!] = 1
        let c = cross(v, axis)
        return c / length(c)
    }
}

private func dot(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> Double { (u * v).sum() }
private func length(_ v: SIMD3<Double>) -> Double { dot(v, v).squareRoot() }
private func cross(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
}
