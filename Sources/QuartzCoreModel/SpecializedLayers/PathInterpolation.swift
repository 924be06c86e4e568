import Foundation

/// Interpolation between two paths with the same number of elements, element by element: what
/// animating a shape layer's `path` draws.
///
/// Elements of the same kind interpolate their points. A line or quadratic curve paired with a
/// different drawing element is first raised to the equivalent cubic curve, so a straight edge
/// can bend into an arc. Paths whose element counts differ, or that pair a move or close with a
/// drawing element, have no interpolation (Apple leaves the result undefined).
enum PathInterpolation {
    /// The path a fraction `t` of the way from `a` to `b`, or nil when they do not correspond.
    static func interpolate(_ a: CGPath, _ b: CGPath, fraction t: Double) -> CGPath? {
        let from = a.elements, to = b.elements
        guard from.count == to.count else { return nil }
        let f = CGFloat(t)
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint { CGPoint(x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f) }
        let path = CGMutablePath()
        var cursorA = Cursor(), cursorB = Cursor()
        for (p, q) in zip(from, to) {
            switch (p, q) {
            case let (.moveToPoint(x), .moveToPoint(y)):
                path.move(to: mix(x, y))
            case (.closeSubpath, .closeSubpath):
                path.closeSubpath()
            case let (.addLineToPoint(x), .addLineToPoint(y)):
                path.addLine(to: mix(x, y))
            case let (.addQuadCurveToPoint(c1, e1), .addQuadCurveToPoint(c2, e2)):
                path.addQuadCurve(to: mix(e1, e2), control: mix(c1, c2))
            default:
                guard let x = cursorA.cubic(p), let y = cursorB.cubic(q) else { return nil }
                path.addCurve(to: mix(x.end, y.end), control1: mix(x.c1, y.c1), control2: mix(x.c2, y.c2))
            }
            cursorA.advance(p)
            cursorB.advance(q)
        }
        return path.copy()
    }

    /// The current point and subpath start while walking a path.
    private struct Cursor {
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero

        mutating func advance(_ element: CGPath.Element) {
            switch element {
            case .moveToPoint(let p): current = p; subpathStart = p
            case .closeSubpath: current = subpathStart
            default: current = element.points.last ?? current
            }
        }

        /// A drawing element as the cubic curve that traces the same points; nil for moves
        /// and closes.
        func cubic(_ element: CGPath.Element) -> (c1: CGPoint, c2: CGPoint, end: CGPoint)? {
            func lerp(_ p: CGPoint, _ q: CGPoint, _ s: CGFloat) -> CGPoint {
                CGPoint(x: p.x + (q.x - p.x) * s, y: p.y + (q.y - p.y) * s)
            }
            switch element {
            case .addLineToPoint(let e): return (lerp(current, e, 1.0 / 3), lerp(current, e, 2.0 / 3), e)
            case .addQuadCurveToPoint(let c, let e): return (lerp(current, c, 2.0 / 3), lerp(e, c, 2.0 / 3), e)
            case .addCurveToPoint(let c1, let c2, let e): return (c1, c2, e)
            case .moveToPoint, .closeSubpath: return nil
            }
        }
    }
}
