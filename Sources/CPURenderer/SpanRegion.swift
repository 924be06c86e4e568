import Foundation

/// Up to eight half planes of the canvas, `a x + b y + c >= 0` at pixel centres: the region a
/// row's span is solved in.
struct SpanRegion {
    var a: SIMD8<Double>, b: SIMD8<Double>, c: SIMD8<Double>

    /// Every pixel.
    static let everywhere = SpanRegion(a: .zero, b: .zero, c: SIMD8(repeating: 1))

    /// The columns of row `y` inside every half plane, within `x0..<x1` (empty when `lower >= upper`).
    ///
    /// All eight planes at once: a plane rising along the row (`a > 0`) bounds the span below at
    /// the first column whose centre is inside, a falling one above, a flat one empties the span
    /// when the row is outside it. Bounds that are not numbers are ignored.
    @inline(__always)
    func span(row y: Int, from x0: Int, to x1: Int) -> (lower: Int, upper: Int) {
        let centre = Double(y) + 0.5
        let valueAtZero = a * 0.5 + b * centre + c
        let rising = a .> 0, falling = a .< 0
        if any(.!(rising .| falling) .& (valueAtZero .< 0)) { return (x0, x0) }
        // The column, from the pixel centre at x + 0.5, where each plane's value is zero.
        let crossing = (-valueAtZero / a).replacing(with: 0, where: .!(rising .| falling))
        let clamped = crossing.clamped(lowerBound: SIMD8(repeating: -Self.limit), upperBound: SIMD8(repeating: Self.limit))
        let lowerBounds = Self.ceiling(clamped).replacing(with: -.infinity, where: .!rising .| (crossing .!= crossing))
        let upperBounds = (Self.floor(clamped) + 1).replacing(with: .infinity, where: .!falling .| (crossing .!= crossing))
        let lower = Swift.max(Double(x0), lowerBounds.max()), upper = Swift.min(Double(x1), upperBounds.min())
        guard lower < upper else { return (x0, x0) }
        return (Int(lower), Int(upper))
    }

    /// Crossings beyond this are far off any canvas (and below 2^51, where `ceiling` and `floor` are exact).
    private static let limit = 1.0e15
    /// Adding and subtracting 1.5 × 2^52 rounds a double below 2^51 in magnitude to an integer.
    private static let roundingBias = 6_755_399_441_055_744.0

    /// `rounded(.up)` of eight values within ±`limit`, without a library call or a rounding
    /// instruction (baseline x86-64 has none).
    @inline(__always) static func ceiling(_ v: SIMD8<Double>) -> SIMD8<Double> {
        let nearest = (v + roundingBias) - roundingBias
        return nearest.replacing(with: nearest + 1, where: nearest .< v)
    }

    /// `rounded(.down)` of eight values within ±`limit`.
    @inline(__always) static func floor(_ v: SIMD8<Double>) -> SIMD8<Double> {
        let nearest = (v + roundingBias) - roundingBias
        return nearest.replacing(with: nearest - 1, where: nearest .> v)
    }
}
