import Foundation

/// Up to eight half planes of the canvas, `a x + b y + c >= 0` at pixel centres: the region a
/// row's span is solved in.
struct SpanRegion {
    var a: SIMD8<Double>, b: SIMD8<Double>, c: SIMD8<Double>

    /// Every pixel.
    static let everywhere = SpanRegion(a: .zero, b: .zero, c: SIMD8(repeating: 1))

    /// The columns of row `y` inside every half plane, within `x0..<x1` (empty when `lower >= upper`).
    ///
    /// All eight planes at once: each plane's bound `-value / slope` in every lane, then the
    /// largest lower and the smallest upper bound, rounded once (rounding up or down is monotonic
    /// and `x0`, `x1` are whole, so this is the lane-by-lane `max(lower, ⌈b⌉)`, `min(upper, ⌊b⌋ + 1)`
    /// exactly; a NaN bound is ignored, as `max` and `min` ignored it). Reading the lanes one by
    /// one went through memory and cost more than the divisions.
    @inline(__always)
    func span(row y: Int, from x0: Int, to x1: Int) -> (lower: Int, upper: Int) {
        let centre = Double(y) + 0.5
        let value = a * 0.5 + b * centre + c
        let zero = SIMD8<Double>(repeating: 0)
        let bound = -value / a
        // A plane parallel to the columns that the row's centre is outside of: no column.
        if Self.anyLane((a .== zero) .& (value .< zero)) { return (x0, x0) }
        let lows = SIMD8<Double>(repeating: -.infinity).replacing(with: bound, where: (a .> zero) .& (bound .== bound))
        let highs = SIMD8<Double>(repeating: .infinity).replacing(with: bound, where: (a .< zero) .& (bound .== bound))
        let low = Self.largest(lows), high = Self.smallest(highs)
        let lower = Self.ceiling(low > Double(x0) ? low : Double(x0))
        let upper = Self.floor(high < Double(x1 - 1) ? high : Double(x1 - 1)) + 1
        guard lower < upper else { return (x0, x0) }
        return (Int(lower), Int(upper))
    }

    /// Whether any lane of `mask` is set, by halving vector ORs.
    @inline(__always) private static func anyLane(_ mask: SIMDMask<SIMD8<Int64>>) -> Bool {
        let v = unsafeBitCast(mask, to: SIMD8<Int64>.self)
        let four = v.lowHalf | v.highHalf, two = four.lowHalf | four.highHalf
        return two.x | two.y != 0
    }

    /// The largest lane, by halving (no lane is NaN).
    @inline(__always) private static func largest(_ v: SIMD8<Double>) -> Double {
        let four = v.lowHalf.replacing(with: v.highHalf, where: v.highHalf .> v.lowHalf)
        let two = four.lowHalf.replacing(with: four.highHalf, where: four.highHalf .> four.lowHalf)
        return two.y > two.x ? two.y : two.x
    }

    /// The smallest lane, by halving (no lane is NaN).
    @inline(__always) private static func smallest(_ v: SIMD8<Double>) -> Double {
        let four = v.lowHalf.replacing(with: v.highHalf, where: v.highHalf .< v.lowHalf)
        let two = four.lowHalf.replacing(with: four.highHalf, where: four.highHalf .< four.lowHalf)
        return two.y < two.x ? two.y : two.x
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
