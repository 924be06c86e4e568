import CCairo
import Foundation

extension CGContext {
    /// Fills the clip with a gradient along the line from `start` to `end` (user space). Options
    /// extend it with its end colours beyond the start or the end.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        let area = GradientArea.linear(start: start, end: end, options: options)
        paintGradient(gradient, options: options, area: area) {
            cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y))
        }
    }

    /// Fills the clip with a gradient between two circles (user space). Options extend it with its
    /// end colours inside the start circle or outside the end circle.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        guard startRadius >= 0, endRadius >= 0 else { return }
        let area = GradientArea.radial(startCenter: startCenter, startRadius: startRadius,
                                       endCenter: endCenter, endRadius: endRadius, options: options)
        paintGradient(gradient, options: options, area: area) {
            cairo_pattern_create_radial(Double(startCenter.x), Double(startCenter.y), Double(startRadius),
                                        Double(endCenter.x), Double(endCenter.y), Double(endRadius))
        }
    }

    private func paintGradient(_ gradient: CGGradient, options: CGGradientDrawingOptions, area: GradientArea,
                               makePattern: @escaping @Sendable () -> OpaquePointer?) {
        let alpha = Double(gstate.alpha)
        let extend = options.isEmpty ? CAIRO_EXTEND_NONE : CAIRO_EXTEND_PAD
        paint { canvas in
            guard let pattern = makePattern() else { return }
            defer { cairo_pattern_destroy(pattern) }
            for stop in gradient.stops {
                cairo_pattern_add_color_stop_rgba(pattern, stop.location, stop.color.red, stop.color.green,
                                                  stop.color.blue, stop.color.alpha)
            }
            cairo_pattern_set_extend(pattern, extend)
            cairo_save(canvas.cr)
            area.clip(canvas.cr)
            cairo_set_source(canvas.cr, pattern)
            cairo_paint_with_alpha(canvas.cr, alpha)
            cairo_restore(canvas.cr)
        }
    }
}

/// Where a gradient extended on one side only may paint (Cairo extends both sides or neither).
enum GradientArea: Sendable {
    case everywhere
    /// The half-plane on one side of the line through `point` perpendicular to `direction`
    /// (the side `direction` points to).
    case halfPlane(point: CGPoint, direction: CGPoint)
    /// Inside a circle.
    case inside(center: CGPoint, radius: CGFloat)
    /// Outside a circle.
    case outside(center: CGPoint, radius: CGFloat)

    static func linear(start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) -> GradientArea {
        let d = CGPoint(x: end.x - start.x, y: end.y - start.y)
        switch (options.contains(.drawsBeforeStartLocation), options.contains(.drawsAfterEndLocation)) {
        case (true, false): return .halfPlane(point: end, direction: CGPoint(x: -d.x, y: -d.y))
        case (false, true): return .halfPlane(point: start, direction: d)
        default: return .everywhere
        }
    }

    static func radial(startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
                       options: CGGradientDrawingOptions) -> GradientArea {
        switch (options.contains(.drawsBeforeStartLocation), options.contains(.drawsAfterEndLocation)) {
        case (true, false): return .inside(center: endCenter, radius: endRadius)
        case (false, true): return .outside(center: startCenter, radius: startRadius)
        default: return .everywhere
        }
    }

    /// Intersects the clip with the area (user space).
    func clip(_ cr: OpaquePointer) {
        let far = 1.0e6
        switch self {
        case .everywhere:
            return
        case .halfPlane(let p, let d):
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            guard length > 0 else { return }
            let ux = Double(d.x / length), uy = Double(d.y / length)
            let px = Double(p.x), py = Double(p.y)
            cairo_new_path(cr)
            cairo_move_to(cr, px - uy * far, py + ux * far)
            cairo_line_to(cr, px + uy * far, py - ux * far)
            cairo_line_to(cr, px + uy * far + ux * far, py - ux * far + uy * far)
            cairo_line_to(cr, px - uy * far + ux * far, py + ux * far + uy * far)
            cairo_close_path(cr)
        case .inside(let c, let r):
            cairo_new_path(cr)
            cairo_arc(cr, Double(c.x), Double(c.y), Double(r), 0, 2 * Double.pi)
        case .outside(let c, let r):
            cairo_new_path(cr)
            cairo_rectangle(cr, -far, -far, 2 * far, 2 * far)
            cairo_new_sub_path(cr)
            cairo_arc(cr, Double(c.x), Double(c.y), Double(r), 0, 2 * Double.pi)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        }
        cairo_clip(cr)
    }
}
