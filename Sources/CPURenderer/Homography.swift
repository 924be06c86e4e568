import Foundation
import CompositorCore

/// A plane's 3x3 homography in Core Animation's row-vector convention: `[x y 1] × H`.
///
/// A quad or clip lies in the plane z = 0 of its local space, so its `Matrix4` reduces to the
/// rows 1, 2 and 4 restricted to the columns x, y and w.
struct Homography {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    /// The homography of the plane z = 0 of `matrix` (local to canvas homogeneous (x, y, w)).
    init(plane matrix: Matrix4) {
        m = (matrix.m11, matrix.m12, matrix.m14, matrix.m21, matrix.m22, matrix.m24, matrix.m41, matrix.m42, matrix.m44)
    }

    private init(_ m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { self.m = m }

    /// A homography that maps every point to the origin with w = 0: nothing lies in front of it.
    static let degenerate = Homography((0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// Whether w does not depend on the point (an affine map).
    var isAffine: Bool { m.2 == 0 && m.5 == 0 }

    /// The inverse, or nil when the plane is seen edge-on (singular relative to its entries).
    var inverse: Homography? {
        let (a, b, c, d, e, f, g, h, i) = m
        let c0 = e * i - f * h, c1 = f * g - d * i, c2 = d * h - e * g
        let det = a * c0 + b * c1 + c * c2
        let largest = max(abs(a), abs(b), abs(c), abs(d), abs(e), abs(f), abs(g), abs(h), abs(i))
        guard det.isFinite, abs(det) > 1e-12 * largest * largest * largest else { return nil }
        let k = 1 / det
        return Homography((c0 * k, (c * h - b * i) * k, (b * f - c * e) * k,
                           c1 * k, (a * i - c * g) * k, (c * d - a * f) * k,
                           c2 * k, (b * g - a * h) * k, (a * e - b * d) * k))
    }

    /// The same map with w scaled to exactly 1 when it is a positive constant (an affine map in
    /// front of the viewer), so local coordinates need no division; otherwise unchanged.
    var normalized: Homography {
        guard isAffine, m.8 > 0, m.8.isFinite else { return self }
        let w = m.8
        return Homography((m.0 / w, m.1 / w, 0, m.3 / w, m.4 / w, 0, m.6 / w, m.7 / w, 1))
    }

    /// Whether w is exactly 1 everywhere.
    var hasUnitW: Bool { m.2 == 0 && m.5 == 0 && m.8 == 1 }

    /// The mapped homogeneous coordinates of eight pixel centres of row `row` from column
    /// `column` on: the first in double precision (canvas coordinates reach thousands, where
    /// single precision would misplace an edge by a thousandth of a pixel), the steps in single.
    @inline(__always)
    func lanes(column: Int, row: Int) -> (x: Lanes, y: Lanes, w: Lanes) {
        let base = apply(Double(column) + 0.5, Double(row) + 0.5)
        return (Float(base.x) + Float(m.0) * laneOffsets, Float(base.y) + Float(m.1) * laneOffsets,
                Float(base.w) + Float(m.2) * laneOffsets)
    }

    /// `[x y 1] × H`.
    @inline(__always) func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (x * m.0 + y * m.3 + m.6, x * m.1 + y * m.4 + m.7, x * m.2 + y * m.5 + m.8)
    }

    /// The canvas pixels whose centre maps (through this canvas-to-local homography) into the
    /// rect `minX...maxX` x `minY...maxY` in front of the viewer (w > 0). With w > 0 every bound
    /// `x / w >= minX` becomes the linear condition `x − minX × w >= 0`.
    func region(minX: Double, minY: Double, maxX: Double, maxY: Double) -> SpanRegion {
        let (a, b, c, d, e, f, g, h, i) = m
        return SpanRegion(
            a: SIMD8(a - minX * c, maxX * c - a, b - minY * c, maxY * c - b, c, 0, 0, 0),
            b: SIMD8(d - minX * f, maxX * f - d, e - minY * f, maxY * f - e, f, 0, 0, 0),
            c: SIMD8(g - minX * i, maxX * i - g, h - minY * i, maxY * i - h, i - 1e-9, 1, 1, 1))
    }
}

/// Up to eight half planes of the canvas, `a x + b y + c >= 0` at pixel centres: the region a
/// row's span is solved in.
struct SpanRegion {
    var a: SIMD8<Double>, b: SIMD8<Double>, c: SIMD8<Double>

    /// Every pixel.
    static let everywhere = SpanRegion(a: .zero, b: .zero, c: SIMD8(repeating: 1))

    /// The columns of row `y` inside every half plane, within `x0..<x1` (empty when `lower >= upper`).
    @inline(__always)
    func span(row y: Int, from x0: Int, to x1: Int) -> (lower: Int, upper: Int) {
        let centre = Double(y) + 0.5
        let valueAtZero = a * 0.5 + b * centre + c
        var lower = Double(x0), upper = Double(x1)
        for lane in 0..<8 {
            let slope = a[lane], value = valueAtZero[lane]
            if slope > 0 {
                lower = max(lower, Self.ceiling(-value / slope))
            } else if slope < 0 {
                upper = min(upper, Self.floor(-value / slope) + 1)
            } else if value < 0 {
                return (x0, x0)
            }
        }
        guard lower < upper else { return (x0, x0) }
        return (Int(lower), Int(upper))
    }

    /// `rounded(.up)` without a library call (baseline x86-64 has no rounding instruction);
    /// values beyond ±2^52 are already whole or far off the canvas.
    @inline(__always) static func ceiling(_ v: Double) -> Double {
        guard abs(v) < 4.0e15 else { return v }
        let t = Double(Int64(v))
        return t < v ? t + 1 : t
    }

    /// `rounded(.down)` without a library call.
    @inline(__always) static func floor(_ v: Double) -> Double {
        guard abs(v) < 4.0e15 else { return v }
        let t = Double(Int64(v))
        return t > v ? t - 1 : t
    }
}
