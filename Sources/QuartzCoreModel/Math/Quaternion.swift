import Foundation

/// A unit quaternion `(x, y, z, w)` = `(axis · sin(θ/2), cos(θ/2))`, the rotation part of a
/// decomposed transform. Its matrix follows Core Animation's row-vector convention, so the
/// quaternion of `CATransform3DMakeRotation(θ, 0, 0, 1)` is `(0, 0, sin(θ/2), cos(θ/2))`.
struct Quaternion: Equatable, Sendable {
    var vector: SIMD4<Double>

    /// The quaternion with components `(x, y, z, w)`, normalized.
    init(x: Double, y: Double, z: Double, w: Double) {
        let v = SIMD4(x, y, z, w)
        let length = (v * v).sum().squareRoot()
        vector = length > 0 ? v / length : SIMD4(0, 0, 0, 1)
    }

    /// No rotation.
    static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// The rotation whose row-vector matrix has the orthonormal, right-handed rows `r`
    /// (Shepperd's method: divide by the largest of the four diagonal combinations, for accuracy
    /// at every angle including half turns). The result has `w >= 0`.
    init(rotationRows r: Rows3) {
        let trace = r[0].x + r[1].y + r[2].z
        var q: SIMD4<Double>
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = SIMD4((r[1].z - r[2].y) / s, (r[2].x - r[0].z) / s, (r[0].y - r[1].x) / s, s / 4)
        } else if r[0].x > r[1].y && r[0].x > r[2].z {
            let s = (1 + r[0].x - r[1].y - r[2].z).squareRoot() * 2
            q = SIMD4(s / 4, (r[0].y + r[1].x) / s, (r[0].z + r[2].x) / s, (r[1].z - r[2].y) / s)
        } else if r[1].y > r[2].z {
            let s = (1 + r[1].y - r[0].x - r[2].z).squareRoot() * 2
            q = SIMD4((r[0].y + r[1].x) / s, s / 4, (r[1].z + r[2].y) / s, (r[2].x - r[0].z) / s)
        } else {
            let s = (1 + r[2].z - r[0].x - r[1].y).squareRoot() * 2
            q = SIMD4((r[0].z + r[2].x) / s, (r[1].z + r[2].y) / s, s / 4, (r[0].y - r[1].x) / s)
        }
        if q.w < 0 { q = -q }
        self.init(x: q.x, y: q.y, z: q.z, w: q.w)
    }

    /// The rows of the rotation's 3x3 matrix, in the row-vector convention (`[x y z] × R`).
    var rotationRows: Rows3 {
        let (x, y, z, w) = (vector.x, vector.y, vector.z, vector.w)
        return Rows3(
            SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
            SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
            SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)))
    }

    /// Spherical linear interpolation along the shorter arc; `fraction` outside 0...1
    /// extrapolates along the same great circle (for spring overshoot).
    func slerp(to other: Quaternion, fraction t: Double) -> Quaternion {
        var target = other.vector
        var cosine = (vector * target).sum()
        if cosine < 0 { target = -target; cosine = -cosine }
        let result: SIMD4<Double>
        if cosine > 1 - 1e-12 {
            // Nearly the same rotation: the arc is a straight line to within rounding.
            result = vector + (target - vector) * t
        } else {
            let angle = acos(min(cosine, 1))
            let sine = sin(angle)
            result = vector * (sin((1 - t) * angle) / sine) + target * (sin(t * angle) / sine)
        }
        return Quaternion(x: result.x, y: result.y, z: result.z, w: result.w)
    }

    /// The rotation about x by `angles.x`, then about y by `angles.y`, then about z by `angles.z`
    /// (radians; points are rotated about x first): the matrix `Rx × Ry × Rz`.
    init(eulerAngles angles: SIMD3<Double>) {
        let m = CATransform3DMakeRotation(CGFloat(angles.x), 1, 0, 0)
            .concatenating(CATransform3DMakeRotation(CGFloat(angles.y), 0, 1, 0))
            .concatenating(CATransform3DMakeRotation(CGFloat(angles.z), 0, 0, 1))
        self.init(rotationRows: Rows3(SIMD3(Double(m.m11), Double(m.m12), Double(m.m13)),
                                      SIMD3(Double(m.m21), Double(m.m22), Double(m.m23)),
                                      SIMD3(Double(m.m31), Double(m.m32), Double(m.m33))))
    }

    /// The Euler angles `(x, y, z)` of `init(eulerAngles:)` that give this rotation, with y in
    /// -π/2...π/2. At y = ±π/2 (gimbal lock) x and z turn about the same axis; z is then 0.
    var eulerAngles: SIMD3<Double> {
        let r = rotationRows
        // Rx × Ry × Rz has r[0] = (cz·cy, sz·cy, -sy), r[1].z = cy·sx, r[2].z = cy·cx.
        let sinY = max(-1, min(1, -r[0].z))
        let y = asin(sinY)
        if abs(sinY) < 1 - 1e-12 {
            return SIMD3(atan2(r[1].z, r[2].z), y, atan2(r[0].y, r[0].x))
        }
        // cy = 0, z = 0: r[1] = (sy·sx, cx, 0).
        return SIMD3(atan2(sinY * r[1].x, r[1].y), y, 0)
    }
}
