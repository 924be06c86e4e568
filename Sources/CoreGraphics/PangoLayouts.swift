import CCairo
import CPango
import Foundation

/// Settings every Pango layout of this library shares, whether `CATextLayer` or `CGContext`
/// text made it (package access).
package enum PangoLayouts {
    /// Turns off hinting and glyph-position rounding, so that a layout's line breaks and advances
    /// are the same at every scale and text re-rasterized for another scale only gets sharper.
    package static func useScaleIndependentMetrics(_ layout: OpaquePointer) {
        let context = pango_layout_get_context(layout)
        guard let options = cairo_font_options_create() else { return }
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        pango_context_set_round_glyph_positions(context, 0)
        pango_layout_context_changed(layout)
    }
}
