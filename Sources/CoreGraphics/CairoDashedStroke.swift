import CCairo
import Foundation

/// Strokes Cairo's current path with its dash pattern at a cost bounded by what can be visible.
///
/// Cairo 1.16 walks a dashed path one dash at a time in user space, also far outside the surface
/// and where millions of dashes fall in one pixel (a squashing transform), so a dashed line to a
/// far point never finishes (issue 33). A path with few dashes is stroked by Cairo as it is, so
/// ordinary strokes keep their exact pixels. A longer one is flattened, cut to the clip grown by
/// what joins and caps can reach, and each piece is stroked with the dash offset it has in its
/// subpath; a piece whose dashes are far below a pixel long gets a pattern of the same coverage
/// a quarter pixel long, as Cairo itself does for patterns finer than its tolerance.
package enum CairoDashedStroke {
    /// Above this many dashes (an upper bound from the control polygon) a stroke is cut to what
    /// can be visible; Cairo walks this many in a few milliseconds.
    static let dashBudget = 20_000.0

    /// Strokes and clears `cr`'s current path as `cairo_stroke` does, with the same line style,
    /// dash pattern, source and operator, leaving the dash pattern as it was.
    package static func stroke(_ cr: OpaquePointer) {
        guard let pattern = DashStyle(of: cr),
              !(CairoPathWalk.controlPolygonLength(of: cr) / pattern.period <= dashBudget),
              let bounds = CairoPathWalk.reach(of: cr) else {
            return cairo_stroke(cr)
        }
        let pieces = CairoPathWalk.pieces(of: cr, within: bounds)
        cairo_new_path(cr)
        let strokes = DashedPieceStroke.strokes(of: pieces, pattern: pattern, in: cr)
        stroke(strokes, in: cr)
    }

    /// Strokes each group of pieces with its own dash pattern; several groups are painted as one
    /// mask, so that where pieces cross the source is applied once, as by one `cairo_stroke`.
    private static func stroke(_ strokes: [DashedPieceStroke], in cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        let masked = strokes.count > 1
        let source = cairo_pattern_reference(cairo_get_source(cr))
        defer { cairo_pattern_destroy(source) }
        if masked {
            cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
        }
        for group in strokes {
            group.dashes.withUnsafeBufferPointer {
                cairo_set_dash(cr, $0.baseAddress, Int32($0.count), group.phase)
            }
            for piece in group.pieces { piece.append(to: cr) }
            cairo_stroke(cr)
        }
        if masked {
            let mask = cairo_pop_group(cr)
            defer { cairo_pattern_destroy(mask) }
            cairo_set_source(cr, source)
            cairo_mask(cr, mask)
        }
    }
}

/// A dash pattern as Cairo reads it: an odd count repeats with on and off swapped.
struct DashStyle {
    var dashes: [Double]
    var phase: Double

    /// The length after which the pattern repeats.
    var period: Double { dashes.reduce(0, +) * (dashes.count % 2 == 1 ? 2 : 1) }

    /// `cr`'s dash pattern, or nil for a solid line or a pattern without a finite, positive period.
    init?(of cr: OpaquePointer) {
        let count = Int(cairo_get_dash_count(cr))
        guard count > 0 else { return nil }
        dashes = [Double](repeating: 0, count: count)
        phase = 0
        cairo_get_dash(cr, &dashes, &phase)
        guard period > 0, period.isFinite else { return nil }
    }
}
