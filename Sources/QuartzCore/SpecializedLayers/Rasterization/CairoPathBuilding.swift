import CCairo
import Foundation

/// Appends Core Graphics paths and trimmed contours to a Cairo context's current path.
enum CairoPathBuilding {
    /// Appends every element of `path`; quadratic curves become the equivalent cubic curves.
    static func append(_ path: CGPath, to cr: OpaquePointer) {
        var current = CGPoint.zero, subpathStart = CGPoint.zero
        for element in path.elements {
            switch element {
            case .moveToPoint(let point):
                cairo_move_to(cr, point.x, point.y)
                current = point
                subpathStart = point
            case .closeSubpath:
                cairo_close_path(cr)
                current = subpathStart
            case .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint:
                let segment = PathSegment(start: current, through: element.points)
                appendSegment(segment, to: cr)
                current = segment.end
            }
        }
    }

    /// Appends a trimmed piece of a subpath as a subpath of its own.
    static func append(_ contour: TrimmedContour, to cr: OpaquePointer) {
        guard let first = contour.segments.first else { return }
        cairo_move_to(cr, first.start.x, first.start.y)
        for segment in contour.segments { appendSegment(segment, to: cr) }
        if contour.isClosed { cairo_close_path(cr) }
    }

    /// Appends a segment whose start is Cairo's current point.
    private static func appendSegment(_ segment: PathSegment, to cr: OpaquePointer) {
        switch segment {
        case let .line(_, b):
            cairo_line_to(cr, b.x, b.y)
        case let .quadCurve(a, c, b):
            // The cubic with the same curve: controls two thirds of the way to the quadratic control.
            cairo_curve_to(cr, a.x + 2 / 3 * (c.x - a.x), a.y + 2 / 3 * (c.y - a.y),
                           b.x + 2 / 3 * (c.x - b.x), b.y + 2 / 3 * (c.y - b.y), b.x, b.y)
        case let .curve(_, c1, c2, b):
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, b.x, b.y)
        }
    }
}
