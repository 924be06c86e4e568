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
/// rect. A quad marked opaque may be drawn without blending, where no output rounds away: its
/// reach is half a pixel and a little more. A blurred quad changes pixels only where it is
/// drawn: within 3 sigma widened by the pixel footprint (`BlurredRoundedRect.effectiveSigma`) on
/// the CPU, within 3 sigma plus the antialiasing margin on the GPU, and 1/64 pixel more for rounding.
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
        let lowX = Double(r.minX), lowY = Double(r.minY), highX = Double(r.maxX), highY = Double(r.maxY)
        // Canvas extents of a disc of radius 1 (an ellipse): |(m11, m21)| along x, |(m12, m22)| along y.
        let unitX = (m.m11 * m.m11 + m.m21 * m.m21).squareRoot(), unitY = (m.m12 * m.m12 + m.m22 * m.m22).squareRoot()
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        /// Adds the disc of `radius` about local point (x, y) to the box.
        @inline(__always) func addDisc(_ x: Double, _ y: Double, _ radius: Double) {
            let cx = x * m.m11 + y * m.m21 + m.m41, cy = x * m.m12 + y * m.m22 + m.m42
            minX = min(minX, cx - radius * unitX); maxX = max(maxX, cx + radius * unitX)
            minY = min(minY, cy - radius * unitY); maxY = max(maxY, cy + radius * unitY)
        }
        /// Adds the rect grown by `reach` on every side, as a rect.
        @inline(__always) func addGrownRect(_ reach: Double) {
            addDisc(lowX - reach, lowY - reach, 0); addDisc(highX + reach, highY + reach, 0)
            addDisc(lowX - reach, highY + reach, 0); addDisc(highX + reach, lowY - reach, 0)
        }
        if quad.blurSigma > 0 {
            let sigma = Double(quad.blurSigma), footprint = 0.3 * unitsPerPixel
            let cpu = 3 * (sigma * sigma + footprint * footprint).squareRoot()
            let gpu = 3 * sigma + Double(quad.antialiasingMargin)
            addGrownRect(max(cpu, gpu) + unitsPerPixel / 64)
        } else {
            // A quad marked opaque may be drawn with blending off (the GLES renderer's `.replace` batches).
            let reach = (quad.isOpaque ? DamageBounds.replacingReach : DamageBounds.coverageReach) * unitsPerPixel
            let c = quad.cornerRadii
            // Written so that a NaN radius takes the rect.
            if c.minXMinY >= 0, c.maxXMinY >= 0, c.maxXMaxY >= 0, c.minXMaxY >= 0 {
                let cap = 0.5 * min(highX - lowX, highY - lowY)
                let a = min(Double(c.minXMinY), cap), b = min(Double(c.maxXMinY), cap)
                let d = min(Double(c.maxXMaxY), cap), e = min(Double(c.minXMaxY), cap)
                addDisc(lowX + a, lowY + a, a + reach)
                addDisc(highX - b, lowY + b, b + reach)
                addDisc(highX - d, highY - d, d + reach)
                addDisc(lowX + e, highY - e, e + reach)
            } else {
                addGrownRect(reach)
            }
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        // Pixel i changes only if its centre i + 0.5 lies in the box.
        let limit = Double(1 << 30)
        @inline(__always) func first(_ low: Double) -> Double { min(max((low - 0.5).rounded(.up), -limit), limit) }
        @inline(__always) func end(_ high: Double, after start: Double) -> Double {
            max(min(max((high - 0.5).rounded(.down) + 1, -limit), limit), start)
        }
        let x0 = first(minX), y0 = first(minY), x1 = end(maxX, after: x0), y1 = end(maxY, after: y0)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
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
