/// The names of the predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The constant's string value.
    public let rawValue: String

    /// Creates a timing-function name from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Linear pacing: the same as no timing function; control points (0,0) and (1,1).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Slow start, then speeding up until a sudden stop; control points (0.42,0) and (1,1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Fast start, slowing down to a gentle stop; control points (0,0) and (0.58,1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Slow start and slow stop, symmetric; control points (0.42,0) and (0.58,1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The curve of implicit animations: like `easeInEaseOut` with a quicker start and slower
    /// end; control points (0.25,0.1) and (0.25,1) (001:6049-6075).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A function that defines the pacing of an animation as a cubic Bézier curve from (0,0) to
/// (1,1), where x is the fraction of time elapsed and y the fraction of progress (001:6257-6395).
public final class CAMediaTimingFunction: Sendable, Equatable, CustomStringConvertible {
    /// The two inner control points: c1 = (x1, y1), c2 = (x2, y2).
    private let x1: Float, y1: Float, x2: Float, y2: Float
    /// The Bézier's polynomial coefficients in x and y (`((a t + b) t + c) t`).
    private let ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double
    /// Whether the curve is the identity (both control points on the diagonal).
    private let isLinear: Bool

    /// Creates one of the predefined timing functions; an unknown name gives the `default` curve.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .linear: self.init(controlPoints: 0, 0, 1, 1)
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        }
    }

    /// Creates a timing function from the two inner control points of a cubic Bézier curve whose
    /// end points are (0,0) and (1,1). The x coordinates are clamped to 0...1 so that the curve
    /// is a function of time.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        x1 = min(max(c1x, 0), 1); y1 = c1y; x2 = min(max(c2x, 0), 1); y2 = c2y
        let p1x = Double(x1), p1y = Double(y1), p2x = Double(x2), p2y = Double(y2)
        cx = 3 * p1x; bx = 3 * (p2x - p1x) - cx; ax = 1 - cx - bx
        cy = 3 * p1y; by = 3 * (p2y - p1y) - cy; ay = 1 - cy - by
        isLinear = p1x == p1y && p2x == p2y
    }

    /// Writes the control point at `idx` (0...3) to `ptr[0]` (x) and `ptr[1]` (y). Point 0 is
    /// (0,0) and point 3 is (1,1) (001:6283-6316); other indices leave `ptr` unchanged.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        switch idx {
        case 0: ptr[0] = 0; ptr[1] = 0
        case 1: ptr[0] = x1; ptr[1] = y1
        case 2: ptr[0] = x2; ptr[1] = y2
        case 3: ptr[0] = 1; ptr[1] = 1
        default: break
        }
    }

    /// A description listing the control points.
    public var description: String { "CAMediaTimingFunction(\(x1), \(y1), \(x2), \(y2))" }

    /// Two timing functions are equal when their control points are.
    public static func == (lhs: CAMediaTimingFunction, rhs: CAMediaTimingFunction) -> Bool {
        lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
    }

    /// The solver's tolerance on the curve parameter. 1e-7 is finer than a pixel even for a
    /// long animation: a 10,000-pixel move is off by at most 1e-7 × 10,000 = 0.001 px.
    static let tolerance = 1e-7

    /// The progress (y) at time fraction `x` (clamped to 0...1): solves the curve's x(t) = x by
    /// Newton–Raphson, falling back to bisection where the slope is too flat, then returns y(t).
    /// Allocates nothing.
    package func value(at x: Double) -> Double {
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
