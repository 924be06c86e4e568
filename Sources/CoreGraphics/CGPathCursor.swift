import Foundation

/// Tracks the current point and subpath state while walking or building a path.
struct PathCursor {
    /// The first point of the current subpath.
    private(set) var subpathStart = CGPoint.zero
    /// The current point; `.zero` when there is none.
    private(set) var current = CGPoint.zero
    /// Whether a subpath has been started.
    private(set) var hasCurrentPoint = false
    /// Whether the current subpath was closed (the next segment starts a new subpath at `current`).
    private(set) var isClosed = false

    /// Creates a cursor at the end of a list of elements.
    init(after elements: [CGPath.Element] = []) {
        for element in elements { advance(over: element) }
    }

    /// Moves the cursor past one element.
    mutating func advance(over element: CGPath.Element) {
        switch element {
        case .moveToPoint(let point):
            subpathStart = point
            current = point
            hasCurrentPoint = true
            isClosed = false
        case .closeSubpath:
            current = subpathStart
            isClosed = true
        case .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint:
            if isClosed { subpathStart = current }
            current = element.points.last ?? current
            isClosed = false
        }
    }
}
