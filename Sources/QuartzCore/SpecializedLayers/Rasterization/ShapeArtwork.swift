import CCairo
import Foundation

/// Everything a shape layer's picture depends on, normalized so that values that cannot change
/// the picture (the stroke's settings when nothing is stroked) do not make it look different to
/// the contents cache.
struct ShapeArtwork: Hashable {
    var path: CGPath
    var fillColor: CGColor?
    var fillRule: CAShapeLayerFillRule
    var stroke: Stroke?

    /// The stroke's settings, present only when the stroke draws something.
    struct Stroke: Hashable {
        var color: CGColor
        var start: CGFloat
        var end: CGFloat
        var lineWidth: CGFloat
        var miterLimit: CGFloat
        var lineCap: CAShapeLayerLineCap
        var lineJoin: CAShapeLayerLineJoin
        var dashPhase: CGFloat
        /// Nil for a solid line, including patterns Cairo cannot dash (negative, non-finite or all zero).
        var dashPattern: [Double]?
    }

    /// The artwork of a shape layer; nil when the layer draws nothing (no path, or neither a
    /// visible fill nor a visible stroke).
    init?(_ state: ShapeLayerState) {
        guard let path = state.path, !path.isEmpty else { return nil }
        self.path = path
        fillColor = state.fillColor.flatMap { $0.alpha > 0 ? $0 : nil }
        fillRule = state.fillRule
        let start = min(max(state.strokeStart, 0), 1), end = min(max(state.strokeEnd, 0), 1)
        if let color = state.strokeColor, color.alpha > 0, state.lineWidth > 0, state.lineWidth.isFinite, start < end {
            let pattern = state.lineDashPattern.flatMap { values in
                values.allSatisfy({ $0 >= 0 && $0.isFinite }) && values.contains(where: { $0 > 0 }) ? values : nil
            }
            stroke = Stroke(color: color, start: start, end: end, lineWidth: state.lineWidth,
                            miterLimit: state.miterLimit, lineCap: state.lineCap, lineJoin: state.lineJoin,
                            dashPhase: pattern == nil ? 0 : state.lineDashPhase, dashPattern: pattern)
        } else {
            stroke = nil
        }
        if fillColor == nil, stroke == nil { return nil }
    }

    /// A rectangle holding everything the artwork draws: the path's bounding box, grown by how
    /// far the stroke can reach beyond the path (half the line width, times the miter limit for
    /// miter joins and √2 for square caps), plus a pixel-sized margin for antialiasing.
    var inkBounds: CGRect {
        let box = path.boundingBoxOfPath
        guard let stroke, !box.isNull else { return box.insetBy(dx: -1, dy: -1) }
        var reach = stroke.lineWidth / 2
        if stroke.lineJoin == .miter { reach *= max(stroke.miterLimit, 1) }
        if stroke.lineCap == .square { reach = max(reach, stroke.lineWidth / 2 * 2.squareRoot()) }
        return box.insetBy(dx: -reach - 1, dy: -reach - 1)
    }

    /// Fills, then strokes, the path into `cr`, whose user space is the layer's (y down);
    /// `tolerance` is the flattening tolerance in user units for measuring arc lengths.
    func draw(in cr: OpaquePointer, tolerance: CGFloat) {
        if let fillColor {
            CairoPathBuilding.append(path, to: cr)
            cairo_set_fill_rule(cr, fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            Self.setSourceColor(fillColor, in: cr)
            cairo_fill(cr)
        }
        if let stroke { draw(stroke, in: cr, tolerance: tolerance) }
    }

    private func draw(_ stroke: Stroke, in cr: OpaquePointer, tolerance: CGFloat) {
        cairo_set_line_width(cr, stroke.lineWidth)
        cairo_set_miter_limit(cr, stroke.miterLimit)
        cairo_set_line_cap(cr, Self.cairoCap(stroke.lineCap))
        cairo_set_line_join(cr, Self.cairoJoin(stroke.lineJoin))
        Self.setSourceColor(stroke.color, in: cr)
        guard stroke.start > 0 || stroke.end < 1 else {
            Self.setDash(stroke, offset: 0, in: cr)
            CairoPathBuilding.append(path, to: cr)
            cairo_stroke(cr)
            return
        }
        let contours = PathContour.contours(of: path, tolerance: tolerance)
        let total = contours.reduce(0) { $0 + $1.length }
        let pieces = PathContour.trimmed(contours, from: stroke.start * total, to: stroke.end * total,
                                         tolerance: tolerance)
        // A dashed piece that starts inside its subpath continues the subpath's dash pattern, so the
        // dashes stay where they are while strokeStart moves. Pieces with the same dash offset are
        // stroked together; when there are several offsets, a translucent stroke is drawn opaque
        // into a group and composited once, so that crossing pieces do not darken.
        let offsets = stroke.dashPattern == nil ? [0] : Array(Set(pieces.map(\.offsetInSubpath))).sorted()
        let grouped = offsets.count > 1 && stroke.color.alpha < 1
        if grouped {
            cairo_push_group(cr)
            Self.setSourceColor(stroke.color, alpha: 1, in: cr)
        }
        for offset in offsets {
            Self.setDash(stroke, offset: offset, in: cr)
            for piece in pieces where stroke.dashPattern == nil || piece.offsetInSubpath == offset {
                CairoPathBuilding.append(piece, to: cr)
            }
            cairo_stroke(cr)
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

    static func setSourceColor(_ color: CGColor, alpha: CGFloat? = nil, in cr: OpaquePointer) {
        let rgba = color.rgba
        cairo_set_source_rgba(cr, rgba.red, rgba.green, rgba.blue, alpha ?? rgba.alpha)
    }

    private static func cairoCap(_ cap: CAShapeLayerLineCap) -> cairo_line_cap_t {
        switch cap {
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        default: CAIRO_LINE_CAP_BUTT
        }
    }

    private static func cairoJoin(_ join: CAShapeLayerLineJoin) -> cairo_line_join_t {
        switch join {
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        default: CAIRO_LINE_JOIN_MITER
        }
    }
}
