import Foundation

/// Up to eight half planes of the canvas, `a x + b y + c >= 0` at pixel centres: the region a
/// row's span is solved in.
struct SpanRegion {
    var a: SIMD8<Double>, b: SIMD8<Double>, c: SIMD8<Double>

    /// Every pixel.
    static let everywhere = SpanRegion(a: .zero, b: .zero, c: SIMD8(repeating: 1))

    /// The columns of row `y` inside every half plane, within `x0..<x1` (empty when `lower >= upper`).
    ///
    /// Four planes at once: each plane's bound `-value / slope` in every lane, then the largest
    /// lower and the smallest upper bound, rounded once (rounding up or down is monotonic and
    /// `x0`, `x1` are whole, so this is the lane-by-lane `max(lower, ⌈b⌉)`, `min(upper, ⌊b⌋ + 1)`
    /// exactly; a NaN bound is ignored, as `max` and `min` ignored it). Reading the lanes one by
    /// one went through memory and cost more than the divisions. The last four lanes are skipped
    /// when they hold no plane (zero slopes and a value of at least zero), as in most regions.
    /// Transparent: an `@inline(__always)` call was left out of line past a size of the band
    /// loop, and copied the region for every row.
    @_transparent
    func span(row y: Int, from x0: Int, to x1: Int) -> (lower: Int, upper: Int) {
        let centre = Double(y) + 0.5
        var bounds = Self.bounds(a: a.lowHalf, b: b.lowHalf, c: c.lowHalf, centre: centre)
        let zero = SIMD4<Double>(repeating: 0)
        if !Self.allLanes((a.highHalf .== zero) .& (b.highHalf .== zero) .& (c.highHalf .>= zero)) {
            let more = Self.bounds(a: a.highHalf, b: b.highHalf, c: c.highHalf, centre: centre)
            bounds.lows = bounds.lows.replacing(with: more.lows, where: more.lows .> bounds.lows)
            bounds.highs = bounds.highs.replacing(with: more.highs, where: more.highs .< bounds.highs)
            bounds.outside = bounds.outside | more.outside
        }
        // A plane parallel to the columns that the row's centre is outside of: no column.
        let outside = bounds.outside.lowHalf | bounds.outside.highHalf
        if outside.x | outside.y != 0 { return (x0, x0) }
        let lows = bounds.lows.lowHalf.replacing(with: bounds.lows.highHalf, where: bounds.lows.highHalf .> bounds.lows.lowHalf)
        let highs = bounds.highs.lowHalf.replacing(with: bounds.highs.highHalf, where: bounds.highs.highHalf .< bounds.highs.lowHalf)
        let low = lows.y > lows.x ? lows.y : lows.x, high = highs.y < highs.x ? highs.y : highs.x
        let lower = Self.ceiling(low > Double(x0) ? low : Double(x0))
        let upper = Self.floor(high < Double(x1 - 1) ? high : Double(x1 - 1)) + 1
        guard lower < upper else { return (x0, x0) }
        return (Self.whole(lower), Self.whole(upper))
    }

    /// A whole number of magnitude below 2^51 as an integer, from the bits of its sum with
    /// 1.5 × 2^52 (whose last place is 1), without the range checks of `Int(_:)`: the span's ends
    /// lie within `x0...x1`.
    @inline(__always) private static func whole(_ v: Double) -> Int {
        Int(truncatingIfNeeded: Int64(bitPattern: (v + 6_755_399_441_055_744).bitPattern) &- 0x4338_0000_0000_0000)
    }

    /// Four planes' bounds on the columns of the row whose centre is `centre`: lower bounds
    /// (-infinity for planes that give none), upper bounds (+infinity likewise), and the planes
    /// parallel to the columns that the row lies outside of (all bits set).
    @inline(__always)
    private static func bounds(a: SIMD4<Double>, b: SIMD4<Double>, c: SIMD4<Double>, centre: Double)
        -> (lows: SIMD4<Double>, highs: SIMD4<Double>, outside: SIMD4<Int64>) {
        let value = a * 0.5 + b * centre + c
        let zero = SIMD4<Double>(repeating: 0)
        let bound = -value / a
        let lows = SIMD4<Double>(repeating: -.infinity).replacing(with: bound, where: (a .> zero) .& (bound .== bound))
        let highs = SIMD4<Double>(repeating: .infinity).replacing(with: bound, where: (a .< zero) .& (bound .== bound))
        return (lows, highs, unsafeBitCast((a .== zero) .& (value .< zero), to: SIMD4<Int64>.self))
    }

    /// Whether every lane of `mask` is set.
    @inline(__always) private static func allLanes(_ mask: SIMDMask<SIMD4<Int64>>) -> Bool {
        let v = unsafeBitCast(mask, to: SIMD4<Int64>.self)
        let two = v.lowHalf & v.highHalf
        return two.x & two.y != 0
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
