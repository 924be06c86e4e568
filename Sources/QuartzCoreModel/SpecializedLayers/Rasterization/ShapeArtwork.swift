import Foundation
import LayerArtwork

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

    /// The artwork as Cairo paints it: the path, its fill and stroke in Core Graphics terms, and the
    /// pieces of a trimmed stroke, measured along the path to `tolerance` (in layer units).
    func drawing(tolerance: CGFloat) -> ShapeDrawing {
        let fill = fillColor.map { ShapeDrawing.Fill(color: $0, rule: fillRule == .evenOdd ? .evenOdd : .winding) }
        guard let stroke else { return ShapeDrawing(path: path, fill: fill, stroke: nil, trimmedStroke: nil) }
        let style = ShapeDrawing.Stroke(color: stroke.color, lineWidth: stroke.lineWidth, miterLimit: stroke.miterLimit,
                                        lineCap: Self.lineCap(stroke.lineCap), lineJoin: Self.lineJoin(stroke.lineJoin),
                                        dashPattern: stroke.dashPattern, dashPhase: stroke.dashPhase)
        guard stroke.start > 0 || stroke.end < 1 else {
            return ShapeDrawing(path: path, fill: fill, stroke: style, trimmedStroke: nil)
        }
        let contours = PathContour.contours(of: path, tolerance: tolerance)
        let total = contours.reduce(0) { $0 + $1.length }
        let pieces = PathContour.trimmed(contours, from: stroke.start * total, to: stroke.end * total, tolerance: tolerance)
        return ShapeDrawing(path: path, fill: fill, stroke: style, trimmedStroke: pieces.map {
            ShapeDrawing.StrokePiece(path: $0.path, offsetInSubpath: $0.offsetInSubpath)
        })
    }

    private static func lineCap(_ cap: CAShapeLayerLineCap) -> CGLineCap {
        switch cap {
        case .round: .round
        case .square: .square
        default: .butt
        }
    }

    private static func lineJoin(_ join: CAShapeLayerLineJoin) -> CGLineJoin {
        switch join {
        case .round: .round
        case .bevel: .bevel
        default: .miter
        }
    }
}
