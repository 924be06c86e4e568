/// The cubic Bézier of a timing function (`CAMediaTimingFunction`) as a plain value: the
/// curve's polynomial coefficients and the solver that reads progress off it.
///
/// A compiled animation keeps the curve inline and evaluates it in place at every frame, with
/// no reference to retain and release; `CAMediaTimingFunction.value(at:)` runs the same code.
struct TimingCurve: Sendable, Equatable {
    /// The Bézier's polynomial coefficients in x and y (`((a t + b) t + c) t`).
    private let ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double
    /// Whether the curve is the identity (both control points on the diagonal).
    let isLinear: Bool

    /// The curve through (0,0), (x1,y1), (x2,y2) and (1,1); the x coordinates are already
    /// clamped to 0...1.
    init(x1: Float, y1: Float, x2: Float, y2: Float) {
        let p1x = Double(x1), p1y = Double(y1), p2x = Double(x2), p2y = Double(y2)
        cx = 3 * p1x; bx = 3 * (p2x - p1x) - cx; ax = 1 - cx - bx
        cy = 3 * p1y; by = 3 * (p2y - p1y) - cy; ay = 1 - cy - by
        isLinear = p1x == p1y && p2x == p2y
    }

    /// The solver's tolerance on the curve parameter. 1e-7 is finer than a pixel even for a
    /// long animation: a 10,000-pixel move is off by at most 1e-7 × 10,000 = 0.001 px.
    static let tolerance = 1e-7

    /// The progress (y) at time fraction `x` (clamped to 0...1): solves the curve's x(t) = x by
    /// Newton–Raphson, falling back to bisection where the slope is too flat, then returns y(t).
    func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if isLinear { return x }
        let t = solveCurveX(x)
        return ((ay * t + by) * t + cy) * t
    }

    /// The curve parameter t in 0...1 with x(t) = x, to `tolerance`.
    private func solveCurveX(_ x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = ((ax * t + bx) * t + cx) * t - x
            if abs(error) < Self.tolerance { return t }
            let slope = (3 * ax * t + 2 * bx) * t + cx
            if abs(slope) < 1e-6 { break }
            t -= error / slope
            if t < 0 || t > 1 { break }
        }
        // Bisection: x(t) is monotonic on 0...1 because the control x values lie in 0...1.
        var low = 0.0, high = 1.0
        t = x
        while high - low > Self.tolerance {
            let value = ((ax * t + bx) * t + cx) * t
            if abs(value - x) < Self.tolerance { return t }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }
}
