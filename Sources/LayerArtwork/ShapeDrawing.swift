import CCairo
import CoreGraphics
import Foundation

/// A shape layer's artwork as plain Core Graphics values, ready to draw with Cairo: a path,
/// an optional fill, and an optional stroke, trimmed to pieces when `strokeStart`/`strokeEnd`
/// cut it (the model measures and cuts the path; this only paints).
package struct ShapeDrawing {
    /// How the path is filled.
    package struct Fill {
        package var color: CGColor
        package var rule: CGPathFillRule

        package init(color: CGColor, rule: CGPathFillRule) {
            self.color = color
            self.rule = rule
        }
    }

    /// How the path is stroked.
    package struct Stroke {
        package var color: CGColor
        package var lineWidth: CGFloat
        package var miterLimit: CGFloat
        package var lineCap: CGLineCap
        package var lineJoin: CGLineJoin
        /// Nil for a solid line.
        package var dashPattern: [Double]?
        package var dashPhase: CGFloat

        package init(color: CGColor, lineWidth: CGFloat, miterLimit: CGFloat, lineCap: CGLineCap,
                     lineJoin: CGLineJoin, dashPattern: [Double]?, dashPhase: CGFloat) {
            self.color = color
            self.lineWidth = lineWidth
            self.miterLimit = miterLimit
            self.lineCap = lineCap
            self.lineJoin = lineJoin
            self.dashPattern = dashPattern
            self.dashPhase = dashPhase
        }
    }

    /// A piece of a trimmed stroke, and how far along its subpath it starts (where its dash
    /// pattern continues from).
    package struct StrokePiece {
        package var path: CGPath
        package var offsetInSubpath: CGFloat

        package init(path: CGPath, offsetInSubpath: CGFloat) {
            self.path = path
            self.offsetInSubpath = offsetInSubpath
        }
    }

    package var path: CGPath
    package var fill: Fill?
    package var stroke: Stroke?
    /// The pieces the stroke paints when it is trimmed; nil strokes the whole path.
    package var trimmedStroke: [StrokePiece]?

    package init(path: CGPath, fill: Fill?, stroke: Stroke?, trimmedStroke: [StrokePiece]?) {
        self.path = path
        self.fill = fill
        self.stroke = stroke
        self.trimmedStroke = trimmedStroke
    }

    /// Fills, then strokes, the path into `cr`, whose user space is the layer's (y down).
    func draw(in cr: OpaquePointer) {
        if let fill {
            CairoPath.append(path, to: cr, for: .fill)
            cairo_set_fill_rule(cr, fill.rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            CairoPath.setSourceColor(fill.color, in: cr)
            cairo_fill(cr)
        }
        if let stroke { draw(stroke, in: cr) }
    }

    private func draw(_ stroke: Stroke, in cr: OpaquePointer) {
        cairo_set_line_width(cr, stroke.lineWidth)
        cairo_set_miter_limit(cr, stroke.miterLimit)
        cairo_set_line_cap(cr, Self.cairoCap(stroke.lineCap))
        cairo_set_line_join(cr, Self.cairoJoin(stroke.lineJoin))
        CairoPath.setSourceColor(stroke.color, in: cr)
        // CairoDashedStroke, not cairo_stroke: Cairo walks every dash, also of a path reaching
        // 1e125 away, and never finishes (issue 33); ordinary paths keep Cairo's pixels.
        guard let pieces = trimmedStroke else {
            Self.setDash(stroke, offset: 0, in: cr)
            CairoPath.append(path, to: cr, for: .stroke)
            CairoDashedStroke.stroke(cr)
            return
        }
        // A dashed piece that starts inside its subpath continues the subpath's dash pattern, so the
        // dashes stay where they are while strokeStart moves. Pieces with the same dash offset are
        // stroked together; when there are several offsets, a translucent stroke is drawn opaque
        // into a group and composited once, so that crossing pieces do not darken.
        let offsets = stroke.dashPattern == nil ? [0] : Array(Set(pieces.map(\.offsetInSubpath))).sorted()
        let grouped = offsets.count > 1 && stroke.color.alpha < 1
        if grouped {
            cairo_push_group(cr)
            CairoPath.setSourceColor(stroke.color, alpha: 1, in: cr)
        }
        for offset in offsets {
            Self.setDash(stroke, offset: offset, in: cr)
            for piece in pieces where stroke.dashPattern == nil || piece.offsetInSubpath == offset {
                CairoPath.append(piece.path, to: cr, for: .stroke)
            }
            CairoDashedStroke.stroke(cr)
        }
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, stroke.color.alpha)
        }
    }

    private static func setDash(_ stroke: Stroke, offset: CGFloat, in cr: OpaquePointer) {
        guard let pattern = stroke.dashPattern else { return cairo_set_dash(cr, nil, 0, 0) }
        pattern.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), stroke.dashPhase + offset) }
    }

    private static func cairoCap(_ cap: CGLineCap) -> cairo_line_cap_t {
        switch cap {
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        case .butt: CAIRO_LINE_CAP_BUTT
        }
    }

    private static func cairoJoin(_ join: CGLineJoin) -> cairo_line_join_t {
        switch join {
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        case .miter: CAIRO_LINE_JOIN_MITER
        }
    }
}
