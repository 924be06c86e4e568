import Foundation

/// The type of an element in a path.
public enum CGPathElementType: Int32, Sendable {
    /// The element starts a new subpath at one point.
    case moveToPoint = 0
    /// The element adds a line from the current point to one point.
    case addLineToPoint = 1
    /// The element adds a quadratic Bézier curve: a control point, then the end point.
    case addQuadCurveToPoint = 2
    /// The element adds a cubic Bézier curve: two control points, then the end point.
    case addCurveToPoint = 3
    /// The element closes the current subpath with a line back to its start.
    case closeSubpath = 4
}

/// A structure that describes one element of a path, as passed to `CGPath.applyWithBlock(_:)`.
public struct CGPathElement {
    /// The type of the element.
    public var type: CGPathElementType
    /// The element's points: 1 for moves and lines, 2 for quadratic curves, 3 for cubic curves, none for close.
    public var points: UnsafeMutablePointer<CGPoint>

    /// Creates a path element from its type and points.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// Rules for determining which regions are interior to a path.
public enum CGPathFillRule: Int, Sendable {
    /// A point is inside when the path winds around it a nonzero number of times.
    case winding = 0
    /// A point is inside when a ray from it crosses the path an odd number of times.
    case evenOdd = 1
}

extension CGPath {
    /// One element of a path, as a Swift value: the form `elements` exposes (a Linux addition).
    public enum Element: Equatable, Hashable, Sendable {
        /// Starts a new subpath at a point.
        case moveToPoint(CGPoint)
        /// Adds a line from the current point.
        case addLineToPoint(CGPoint)
        /// Adds a quadratic Bézier curve from the current point.
        case addQuadCurveToPoint(control: CGPoint, end: CGPoint)
        /// Adds a cubic Bézier curve from the current point.
        case addCurveToPoint(control1: CGPoint, control2: CGPoint, end: CGPoint)
        /// Closes the current subpath.
        case closeSubpath

        /// The element's type.
        public var type: CGPathElementType {
            switch self {
            case .moveToPoint: .moveToPoint
            case .addLineToPoint: .addLineToPoint
            case .addQuadCurveToPoint: .addQuadCurveToPoint
            case .addCurveToPoint: .addCurveToPoint
            case .closeSubpath: .closeSubpath
            }
        }

        /// The element's points, in `CGPathElement` order (control points first, end point last).
        public var points: [CGPoint] {
            switch self {
            case .moveToPoint(let point), .addLineToPoint(let point): [point]
            case .addQuadCurveToPoint(let control, let end): [control, end]
            case .addCurveToPoint(let control1, let control2, let end): [control1, control2, end]
            case .closeSubpath: []
            }
        }

        /// The element with every point transformed.
        func applying(_ t: CGAffineTransform) -> Element {
            switch self {
            case .moveToPoint(let point): .moveToPoint(point.applying(t))
            case .addLineToPoint(let point): .addLineToPoint(point.applying(t))
            case .addQuadCurveToPoint(let control, let end):
                .addQuadCurveToPoint(control: control.applying(t), end: end.applying(t))
            case .addCurveToPoint(let control1, let control2, let end):
                .addCurveToPoint(control1: control1.applying(t), control2: control2.applying(t), end: end.applying(t))
            case .closeSubpath: .closeSubpath
            }
        }

        /// Hashes the element's type and point coordinates.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(type)
            for point in points {
                hasher.combine(point.x)
                hasher.combine(point.y)
            }
        }
    }
}
