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
    /// The curve as a plain value, which compiled animations keep inline.
    let curve: TimingCurve

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
        curve = TimingCurve(x1: x1, y1: y1, x2: x2, y2: y2)
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

    /// The progress (y) at time fraction `x` (clamped to 0...1): solves the curve's x(t) = x by
    /// Newton–Raphson, falling back to bisection where the slope is too flat, then returns y(t)
    /// (to `TimingCurve.tolerance` on the curve parameter). Allocates nothing.
    package func value(at x: Double) -> Double {
        curve.value(at: x)
    }
}
