import CPURendererKernels
import CompositorCore
import Foundation

/// The four corner discs of a rounded rect whose corners have one radius, moved in by some
/// distance, seen through an affine canvas-to-local map with w = 1 (each disc an ellipse on
/// the canvas): per row, the columns whose pixel centres lie in at least one of them, from the
/// lowest to the highest, solved for the four at once in double precision.
///
/// The rounded rect moved in by `d` (where its field is at most `-d`) is the union of its plus
/// shape's two arms (its sides moved in by `d`, stopping at the corners' centres) and these
/// discs (radius less by `d`), and it is convex: a row's columns in it run from the lowest column
/// any of those pieces gives to the highest (`hull`), beyond the plus shape into the corners.
struct CornerDiscs {
    /// The local offset of each corner's centre from the local point of canvas position (0, y)
    /// is `origin - centre + y × rowStep`; these are `origin - centre`, x and y, one lane a corner.
    var offsetX: SIMD4<Double>, offsetY: SIMD4<Double>
    /// The local step of one canvas column, and of one canvas row.
    var columnStep: (x: Double, y: Double), rowStep: (x: Double, y: Double)
    /// The squared length of the column step.
    var columnLengthSquared: Double
    var radiusSquared: Double

    /// The corner discs of `field`'s shape moved in by `inset` local units, their radius less by
    /// `slack` besides (against the rounding of the field's square root in single precision),
    /// through `inverse` (canvas to local, affine with w = 1); nil unless the four corners share
    /// one radius of at least `smallestDisc` canvas pixels once moved in.
    init?(_ field: RoundedRectField, inset: Double, inverse: Homography, slack: Double, smallestDisc: Double) {
        let m = inverse.m
        let r = field.radii
        let radius = Double(r.x) - inset - slack
        // The canvas pixels a local unit spans at least (exact for a rotation and scale).
        let pixelsPerUnit = 1 / max((m.0 * m.0 + m.1 * m.1).squareRoot(), (m.3 * m.3 + m.4 * m.4).squareRoot(), 1e-12)
        guard inverse.hasUnitW, r.x == r.y, r.y == r.z, r.z == r.w, radius > 0, radius * pixelsPerUnit >= smallestDisc,
              radius.isFinite, pixelsPerUnit.isFinite else { return nil }
        let centreX = Double(field.centerX), centreY = Double(field.centerY)
        let dx = Double(field.halfWidth) - Double(r.x), dy = Double(field.halfHeight) - Double(r.x)
        let centresX = SIMD4(centreX - dx, centreX + dx, centreX + dx, centreX - dx)
        let centresY = SIMD4(centreY - dy, centreY - dy, centreY + dy, centreY + dy)
        offsetX = SIMD4(repeating: m.6) - centresX
        offsetY = SIMD4(repeating: m.7) - centresY
        columnStep = (m.0, m.1)
        rowStep = (m.3, m.4)
        columnLengthSquared = m.0 * m.0 + m.1 * m.1
        radiusSquared = radius * radius
    }

    /// The columns of row `y` within `x0..<x1` whose centres lie in a disc, from the lowest to
    /// the highest (`(x0, x0)` when none): each disc's chord solves
    /// `|X × columnStep + v|² = radius²` for the canvas X of the row's line, `v` the local
    /// offset of the line's X = 0 from the disc's centre.
    @inline(__always)
    func span(row y: Int, from x0: Int, to x1: Int) -> (lower: Int, upper: Int) {
        let centre = Double(y) + 0.5
        let vx = offsetX + centre * rowStep.x, vy = offsetY + centre * rowStep.y
        let along = columnStep.x * vx + columnStep.y * vy
        let discriminant = along * along - columnLengthSquared * (vx * vx + vy * vy - radiusSquared)
        let inside = discriminant .> 0
        guard any(inside), columnLengthSquared > 0 else { return (x0, x0) }
        let root = discriminant.replacing(with: 0, where: .!inside).squareRoot()
        let lows = ((-along - root) / columnLengthSquared).replacing(with: .infinity, where: .!inside)
        let highs = ((root - along) / columnLengthSquared).replacing(with: -.infinity, where: .!inside)
        // Pixel x's centre is x + 0.5.
        let low = Self.least(lows) - 0.5, high = Self.greatest(highs) - 0.5
        guard low.isFinite, high.isFinite, low <= Double(x1 - 1), high >= Double(x0) else { return (x0, x0) }
        let lower = Int(SpanRegion.ceiling(max(low, Double(x0)))), upper = Int(SpanRegion.floor(min(high, Double(x1 - 1)))) + 1
        return lower < upper ? (lower, upper) : (x0, x0)
    }

    /// Writes the spans of rows `rows` within columns `x0..<x1` (a canvas's, within 32 bits) to
    /// `spans`, two a row (first column, end; `(x0, x0)` where none), room for `2 × rows.count`:
    /// the values of `span(row:from:to:)`, by the AVX2 kernel where `wide` (only where
    /// `processorRunsWideSpriteKernel`), four rows a register.
    func writeSpans(rows: Range<Int>, from x0: Int, to x1: Int, wide: Bool, into spans: UnsafeMutablePointer<Int32>) {
        guard !rows.isEmpty else { return }
        if wide {
            var form = QCCornerDiscs(offsetX: (offsetX[0], offsetX[1], offsetX[2], offsetX[3]),
                                     offsetY: (offsetY[0], offsetY[1], offsetY[2], offsetY[3]),
                                     columnStepX: columnStep.x, columnStepY: columnStep.y, rowStepX: rowStep.x, rowStepY: rowStep.y,
                                     columnLengthSquared: columnLengthSquared, radiusSquared: radiusSquared)
            qc_corner_disc_spans_avx2(&form, Int32(rows.lowerBound), Int32(rows.count), Int32(x0), Int32(x1), spans)
            return
        }
        RegionRowSpans.writeEach(rows: rows, into: spans) { span(row: $0, from: x0, to: x1) }
    }

    /// `v.min()` as the standard library reduces it (`Swift.min` lane after lane, the same answer
    /// for NaNs and signed zeros), written out: the library's reduction stayed a call per row.
    @inline(__always)
    private static func least(_ v: SIMD4<Double>) -> Double {
        var r = v[0]
        r = v[1] < r ? v[1] : r
        r = v[2] < r ? v[2] : r
        return v[3] < r ? v[3] : r
    }

    /// `v.max()` as the standard library reduces it (`Swift.max`: `y >= x ? y : x`), written out.
    @inline(__always)
    private static func greatest(_ v: SIMD4<Double>) -> Double {
        var r = v[0]
        r = v[1] >= r ? v[1] : r
        r = v[2] >= r ? v[2] : r
        return v[3] >= r ? v[3] : r
    }

    /// The columns from the lower to the upper end of two spans of one convex shape (an empty
    /// span adds nothing).
    @inline(__always)
    static func hull(_ a: (lower: Int, upper: Int), _ b: (lower: Int, upper: Int)) -> (lower: Int, upper: Int) {
        if a.lower >= a.upper { return b }
        if b.lower >= b.upper { return a }
        return (min(a.lower, b.lower), max(a.upper, b.upper))
    }
}
