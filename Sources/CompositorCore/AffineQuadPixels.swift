import CoreGraphics
import Foundation

/// The canvas pixels an affine quad can change, as both renderers shade it: the damage a
/// changed quad causes (`DamageBounds.of(_:)`) and the test that culls quads against damage.
///
/// Both renderers give a pixel the quad's colour times its coverage at the pixel centre, and
/// the colour, texel, opacity and clip factors are at most 1 (quads whose colours or opacity
/// exceed 1 are left to the coarser bounds). The coverage of an unblurred quad is
/// `0.5 − distance / unitsPerPixel` (zero or one at a hard side, inside the rect), where
/// `distance` is measured to its rounded rect, each quadrant with its own corner radius capped at
/// half the shorter side. A pixel therefore changes only where its centre lies within
/// `DamageBounds.coverageReach × unitsPerPixel` local units of that rounded rect. The rounded
/// rect is the hull of its four corner discs, so the points that near it are the hull of the
/// discs grown by as much, and its canvas box is that of the four projected discs (ellipses).
/// (In a quadrant the field is the distance to the rounded rect with that quadrant's radius
/// everywhere, whose nearest point to a point of the quadrant lies in the quadrant, where the two
/// shapes agree: it is never less than the distance to the quad's shape.) A negative radius makes
/// the field no less than the distance to the rect's box along either axis: the box grown as a
/// rect. A blurred quad changes pixels only where it is drawn: within 3 sigma widened by the
/// pixel footprint (`BlurredRoundedRect.effectiveSigma`) on the CPU, within 3 sigma plus the
/// antialiasing margin on the GPU, and 1/64 pixel more for rounding.
enum AffineQuadPixels {
    /// The whole pixels whose centres lie in the box a quad can change (an empty rect when
    /// none), or nil when the quad is not affine, its map is degenerate or not finite, or a
    /// colour or its opacity exceeds 1.
    static func of(_ quad: Quad) -> CGRect? {
        let m = quad.transform
        guard m.m14 == 0, m.m24 == 0, m.m44 == 1, hasUnitColors(quad) else { return nil }
        let determinant = m.m11 * m.m22 - m.m21 * m.m12
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return nil }
        // Local units per canvas pixel: the root mean square of the inverse map's two pixel steps,
        // as both renderers measure it (|(m22, −m12)| and |(−m21, m11)| over the determinant).
        let unitsPerPixel = (0.5 * (m.m11 * m.m11 + m.m12 * m.m12 + m.m21 * m.m21 + m.m22 * m.m22)).squareRoot() / abs(determinant)
        let r = quad.rect
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        let low = SIMD2(Double(r.minX), Double(r.minY)), high = SIMD2(Double(r.maxX), Double(r.maxY))
        // Canvas extents of a disc of radius 1 (an ellipse): |(m11, m21)| along x, |(m12, m22)| along y.
        let unit = SIMD2((m.m11 * m.m11 + m.m21 * m.m21).squareRoot(), (m.m12 * m.m12 + m.m22 * m.m22).squareRoot())
        func canvas(_ p: SIMD2<Double>) -> SIMD2<Double> { SIMD2(p.x * m.m11 + p.y * m.m21 + m.m41, p.x * m.m12 + p.y * m.m22 + m.m42) }
        var boxLow = SIMD2(repeating: Double.infinity), boxHigh = SIMD2(repeating: -Double.infinity)
        /// Adds the disc of `radius` about local point `p` to the box.
        func addDisc(_ p: SIMD2<Double>, _ radius: Double) {
            let c = canvas(p)
            boxLow = pointwiseMin(boxLow, c - radius * unit); boxHigh = pointwiseMax(boxHigh, c + radius * unit)
        }
        /// Adds the rect grown by `reach` on every side, as a rect.
        func addGrownRect(_ reach: Double) {
            addDisc(low - reach, 0); addDisc(high + reach, 0)
            addDisc(SIMD2(low.x - reach, high.y + reach), 0); addDisc(SIMD2(high.x + reach, low.y - reach), 0)
        }
        if quad.blurSigma > 0 {
            let sigma = Double(quad.blurSigma), footprint = 0.3 * unitsPerPixel
            let cpu = 3 * (sigma * sigma + footprint * footprint).squareRoot()
            let gpu = 3 * sigma + Double(quad.antialiasingMargin)
            addGrownRect(max(cpu, gpu) + unitsPerPixel / 64)
        } else {
            let reach = DamageBounds.coverageReach * unitsPerPixel
            let c = quad.cornerRadii
            let given = SIMD4(Double(c.minXMinY), Double(c.maxXMinY), Double(c.maxXMaxY), Double(c.minXMaxY))
            // Not `given.min() >= 0`: a NaN radius must take the rect.
            if given.x >= 0, given.y >= 0, given.z >= 0, given.w >= 0 {
                let radius = pointwiseMin(given, SIMD4(repeating: 0.5 * min(high.x - low.x, high.y - low.y)))
                addDisc(low + radius.x, radius.x + reach)
                addDisc(SIMD2(high.x - radius.y, low.y + radius.y), radius.y + reach)
                addDisc(high - radius.z, radius.z + reach)
                addDisc(SIMD2(low.x + radius.w, high.y - radius.w), radius.w + reach)
            } else {
                addGrownRect(reach)
            }
        }
        guard boxLow.x.isFinite, boxLow.y.isFinite, boxHigh.x.isFinite, boxHigh.y.isFinite else { return nil }
        // Pixel i changes only if its centre i + 0.5 lies in the box.
        let limit = SIMD2(repeating: Double(1 << 30))
        let first = pointwiseMin(pointwiseMax((boxLow - 0.5).rounded(.up), -limit), limit)
        let end = pointwiseMax(pointwiseMin(pointwiseMax((boxHigh - 0.5).rounded(.down) + 1, -limit), limit), first)
        return CGRect(x: first.x, y: first.y, width: end.x - first.x, height: end.y - first.y)
    }

    /// Whether every colour the quad paints and its opacity are at most 1 in magnitude, so that
    /// its output is at most its coverage.
    private static func hasUnitColors(_ quad: Quad) -> Bool {
        func unit(_ c: PremultipliedColor) -> Bool {
            max(max(abs(c.red), abs(c.green)), max(abs(c.blue), abs(c.alpha))) <= 1
        }
        guard abs(quad.opacity) <= 1, unit(quad.fillColor), unit(quad.borderColor), unit(quad.textureTint) else { return false }
        guard let gradient = quad.gradient else { return true }
        return gradient.stops.allSatisfy { max(max(abs($0.red), abs($0.green)), max(abs($0.blue), abs($0.alpha))) <= 1 }
    }
}
