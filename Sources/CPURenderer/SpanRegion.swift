import Foundation

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
