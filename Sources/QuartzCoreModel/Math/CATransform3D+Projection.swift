import Foundation

// The z = 0 plane of a layer, seen through its (possibly perspective) transform. Restricted to
// points (x, y, 0, 1) the transform is the 2D homography
//     [x y 1] × H,  H = [m11 m12 m14; m21 m22 m24; m41 m42 m44]
// whose result (X, Y, W) projects to (X / W, Y / W). Hit testing and point conversion use it.

extension CATransform3D {
    /// The smallest w a projected point may have; points with a smaller w are at or behind the eye.
    package static let minimumProjectedW: CGFloat = 1e-12

    /// True when the transform maps the local z = 0 plane to the projection plane by a plain 2D
    /// affine map, with no divide: `m14 == 0`, `m24 == 0` and `m44 == 1`, so w is 1 for every point
    /// of the plane. Entries of the third row and column (`m13`, `m23`, `m43`, `m3x`, `m34`) only
    /// touch z, which does not change where a z = 0 point lands; the map is then
    /// `CGAffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)`.
    package var isAffine2D: Bool {
        m14 == 0 && m24 == 0 && m44 == 1
    }

    /// Maps `(p.x, p.y, 0, 1)` and divides by w; nil when w <= 1e-12 (the point is behind the eye).
    package func projectPoint(_ p: CGPoint) -> CGPoint? {
        let h = transform(x: p.x, y: p.y, z: 0)
        guard h.w > Self.minimumProjectedW, h.w.isFinite else { return nil }
        return CGPoint(x: h.x / h.w, y: h.y / h.w)
    }

    /// The point `q` of the local z = 0 plane whose projection is `p` (the inverse of
    /// `projectPoint(_:)`), found by inverting the plane's homography. Nil when the homography is
    /// singular (the plane is seen edge-on or collapsed), when `p` is the image of a point at
    /// infinity, or when the solution lies behind the eye.
    func unprojectPoint(_ p: CGPoint) -> CGPoint? {
        let (a, b, c) = (m11, m12, m14), (d, e, f) = (m21, m22, m24), (g, h, k) = (m41, m42, m44)
        // Cofactors of H; H⁻¹ is their transpose over det, and the 1 / det cancels in the divide below.
        let c00 = e * k - f * h, c01 = f * g - d * k, c02 = d * h - e * g
        let c10 = c * h - b * k, c11 = a * k - c * g, c12 = b * g - a * h
        let c20 = b * f - c * e, c21 = c * d - a * f, c22 = a * e - b * d
        let det = a * c00 + b * c01 + c * c02
        let rowLengths = (a * a + b * b + c * c).squareRoot() * (d * d + e * e + f * f).squareRoot()
            * (g * g + h * h + k * k).squareRoot()
        guard det.isFinite, abs(det) > Self.singularityTolerance * rowLengths else { return nil }
        let u0 = p.x * c00 + p.y * c01 + c02
        let u1 = p.x * c10 + p.y * c11 + c12
        let u2 = p.x * c20 + p.y * c21 + c22
        guard u2 != 0 else { return nil }
        let q = CGPoint(x: u0 / u2, y: u1 / u2)
        let w = q.x * m14 + q.y * m24 + m44
        guard q.x.isFinite, q.y.isFinite, w > Self.minimumProjectedW else { return nil }
        return q
    }
}
