import Foundation

extension Matrix4 {
    /// Whether a plane mapped by this matrix faces away from the viewer: the sign of its
    /// homography's determinant (for the part in front of the viewer, w > 0). Both renderers
    /// cull one-sided quads and groups by it.
    public var facesAway: Bool { Homography(plane: self).determinant < 0 }
}

extension Quad {
    /// How far (local units) beyond every edge the renderers rasterise the quad so the distance
    /// field can fade its edges out: 1.5 pixels over the smallest local-to-screen scale found
    /// at the rect's corners, capped at the rect's larger side.
    public var antialiasingMargin: Float {
        let m = transform, r = rect
        let cap = Float(max(r.width, r.height, 1))
        var smallestScale = Double.infinity
        if m.m14 == 0, m.m24 == 0 {
            smallestScale = Self.smallestSingularValue(m.m11 / m.m44, m.m12 / m.m44, m.m21 / m.m44, m.m22 / m.m44)
        } else {
            for corner in 0..<4 {
                let x = corner & 1 == 0 ? r.minX : r.maxX, y = corner < 2 ? r.minY : r.maxY
                let p = m.transformHomogeneous(x: Double(x), y: Double(y))
                guard p.w > 0 else { return min(1, cap) }
                let sx = p.x / p.w, sy = p.y / p.w
                let scale = Self.smallestSingularValue((m.m11 - sx * m.m14) / p.w, (m.m12 - sy * m.m14) / p.w,
                                                       (m.m21 - sx * m.m24) / p.w, (m.m22 - sy * m.m24) / p.w)
                smallestScale = min(smallestScale, scale)
            }
        }
        guard smallestScale.isFinite, smallestScale > 1e-9 else { return cap }
        return min(Float(1.5 / smallestScale), cap)
    }

    /// The smaller singular value of the 2×2 matrix (a b; c d).
    static func smallestSingularValue(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
        let frobenius = a * a + b * b + c * c + d * d
        let det = a * d - b * c
        let root = (max(frobenius * frobenius - 4 * det * det, 0)).squareRoot()
        return (max(frobenius - root, 0) / 2).squareRoot()
    }
}
