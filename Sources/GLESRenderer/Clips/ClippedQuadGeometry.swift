import CompositorCore
import CoreGraphics
import Foundation

/// Quads drawn as only the part of their rect that their clip can cover.
///
/// A quad with an analytic clip (`ClipResolver`) is often partly outside it: a child overflowing
/// a `masksToBounds` parent, or content scrolled within a small clipping layer. Rasterizing the
/// whole quad shades every fragment outside the clip only for its coverage to come out zero.
/// Instead the drawn rect (the quad's rect outset by its margin) is cut by the four sides of the
/// clip's box, grown by a little more than half the clip's units per pixel (beyond which its
/// coverage is zero), in the quad's own plane, and the bounding rect of that convex polygon in
/// the quad's axes is drawn: a rect within the drawn rect, so the vertex stage still draws two
/// triangles (several triangles along the polygon would shade the pixel blocks along every
/// inner edge twice, which costs a software rasterizer more than small cuts save). Every pixel
/// with non-zero coverage is still shaded, so the pixels do not change (but for a level of
/// rounding where the rasterizer interpolates from other corners, as for damage rectangles).
///
/// The rect travels in the `a_texClamp` attribute, which an untextured quad does not use, and
/// flag 128 of the params attribute tells quad.vert.glsl to draw it. The cut is made for
/// untextured, affine quads (the clip's units per pixel are then the same everywhere).
enum ClippedQuadGeometry {
    /// The params attribute's flag bit (quad.vert.glsl's `flagShrunkToClip`): the quad is drawn
    /// as the rect in its `a_texClamp` attribute.
    static let shrunkToClipFlag = 128
    /// The offsets of the flags (params.z) and of the texture clamp box in an instance
    /// (`QuadInstance.write`).
    private static let flagsOffset = 26
    private static let drawnRectOffset = 36
    /// How far beyond the clip's box the cut is made, in canvas pixels: half a pixel, where the
    /// clip's coverage ramp ends, and 1/128 pixel against rounding.
    static let reach = 0.5 + 1.0 / 128

    /// The part of the drawn rect of `quad` (outset by `margin`) that its clip can cover, in
    /// local units (minX, minY, maxX, maxY; empty when none), or nil when it is drawn whole:
    /// textured, not affine, without an analytic clip, or not cut by it.
    static func drawnRect(of quad: Quad, margin: Float, textured: Bool, clip: ClipResolver.Resolution) -> SIMD4<Double>? {
        guard !textured, let analytic = clip.analytic else { return nil }
        let m = quad.transform
        let determinant = m.m11 * m.m22 - m.m21 * m.m12
        guard m.m14 == 0, m.m24 == 0, m.m44 == 1, Swift.abs(determinant) > 1e-12 else { return nil }
        // Clip-local units per canvas pixel: the clip's map times the inverse of the quad's.
        let cx = SIMD2(Double(analytic.x.x), Double(analytic.x.y)), cy = SIMD2(Double(analytic.y.x), Double(analytic.y.y))
        let inverseColumnX = SIMD2(m.m22, -m.m12) / determinant, inverseColumnY = SIMD2(-m.m21, m.m11) / determinant
        let jx = SIMD2((cx * inverseColumnX).sum(), (cy * inverseColumnX).sum())
        let jy = SIMD2((cx * inverseColumnY).sum(), (cy * inverseColumnY).sum())
        let grow = reach * (0.5 * ((jx * jx).sum() + (jy * jy).sum())).squareRoot()
        let rect = quad.rect.standardized.insetBy(dx: -CGFloat(margin), dy: -CGFloat(margin))
        let lo = SIMD2(Double(rect.minX), Double(rect.minY)), hi = SIMD2(Double(rect.maxX), Double(rect.maxY))
        // The four sides: limit − sign × (row · (x, y) + offset) ≥ 0 inside.
        let sides = [(cx, Double(analytic.x.z), Double(analytic.x.w), 1.0), (cx, Double(analytic.x.z), Double(analytic.x.w), -1.0),
                     (cy, Double(analytic.y.z), Double(analytic.y.w), 1.0), (cy, Double(analytic.y.z), Double(analytic.y.w), -1.0)]
        let box = withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: 16) { buffer -> SIMD4<Double> in
            var polygon = buffer.baseAddress!, kept = buffer.baseAddress! + 8
            polygon[0] = lo; polygon[1] = SIMD2(hi.x, lo.y); polygon[2] = hi; polygon[3] = SIMD2(lo.x, hi.y)
            var count = 4
            for (row, offset, half, sign) in sides {
                let limit = half + grow
                func inside(_ p: SIMD2<Double>) -> Double { limit - sign * ((row * p).sum() + offset) }
                var keptCount = 0
                for i in 0..<count {
                    let a = polygon[i], b = polygon[i + 1 < count ? i + 1 : 0]
                    let inA = inside(a), inB = inside(b)
                    if inA >= 0 && keptCount < 8 { kept[keptCount] = a; keptCount += 1 }
                    if (inA >= 0) != (inB >= 0) && keptCount < 8 {
                        kept[keptCount] = a + (b - a) * (inA / (inA - inB)); keptCount += 1
                    }
                }
                swap(&polygon, &kept)
                count = keptCount
                if count == 0 { return SIMD4(lo.x, lo.y, lo.x, lo.y) }
            }
            var boxMin = polygon[0], boxMax = polygon[0]
            for i in 1..<count { boxMin = pointwiseMin(boxMin, polygon[i]); boxMax = pointwiseMax(boxMax, polygon[i]) }
            return SIMD4(boxMin.x, boxMin.y, boxMax.x, boxMax.y)
        }
        // Not cut: drawn whole, exactly as without a clip.
        if box.x <= lo.x && box.y <= lo.y && box.z >= hi.x && box.w >= hi.y { return nil }
        return box
    }

    /// Flags the instance written at `instance` to be drawn as `rect` (minX, minY, maxX, maxY).
    @inline(__always)
    static func write(_ rect: SIMD4<Double>, into instance: UnsafeMutablePointer<Float>) {
        instance[flagsOffset] = Float(Int(instance[flagsOffset]) | shrunkToClipFlag)
        instance[drawnRectOffset] = Float(rect.x); instance[drawnRectOffset + 1] = Float(rect.y)
        instance[drawnRectOffset + 2] = Float(rect.z); instance[drawnRectOffset + 3] = Float(rect.w)
    }
}
