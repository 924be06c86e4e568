import CCairo
import CoreGraphics
import Foundation

/// Core Graphics paths and colours handed to a Cairo context.
enum CairoPath {
    /// Appends every element of `path` to `cr`'s current path; quadratic curves become the
    /// equivalent cubic curves.
    static func append(_ path: CGPath, to cr: OpaquePointer) {
        var current = CGPoint.zero, subpathStart = CGPoint.zero
        for element in path.elements {
            switch element {
            case .moveToPoint(let point):
                cairo_move_to(cr, point.x, point.y)
                current = point
                subpathStart = point
            case .addLineToPoint(let point):
                cairo_line_to(cr, point.x, point.y)
                current = point
            case .addQuadCurveToPoint(let c, let b):
                // The cubic with the same curve: controls two thirds of the way to the quadratic control.
                let a = current
                cairo_curve_to(cr, a.x + 2 / 3 * (c.x - a.x), a.y + 2 / 3 * (c.y - a.y),
                               b.x + 2 / 3 * (c.x - b.x), b.y + 2 / 3 * (c.y - b.y), b.x, b.y)
                current = b
            case .addCurveToPoint(let c1, let c2, let b):
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, b.x, b.y)
                current = b
            case .closeSubpath:
                cairo_close_path(cr)
                current = subpathStart
            }
        }
    }

    /// Sets `cr`'s source to `color`, with `alpha` instead of the colour's own when given.
    static func setSourceColor(_ color: CGColor, alpha: CGFloat? = nil, in cr: OpaquePointer) {
        let rgba = color.rgba
        cairo_set_source_rgba(cr, rgba.red, rgba.green, rgba.blue, alpha ?? rgba.alpha)
    }
}
