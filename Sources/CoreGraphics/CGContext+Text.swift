import CCairo
import CPango
import Foundation

extension CGContext {
    /// Sets the font used by `showText(_:at:)`.
    public func setFont(_ font: CGFont) {
        gstate.font = font
    }

    /// Sets the font size, in user space units, used by `showText(_:at:)`.
    public func setFontSize(_ size: CGFloat) {
        guard size.isFinite, size > 0 else { return }
        gstate.fontSize = size
    }

    /// Draws a string in the fill colour with the baseline of its first line starting at `point`
    /// (user space), in the current font and size (Helvetica, 12, when none was set). A Linux
    /// addition: like UIKit's string drawing, glyphs stand upright on the bitmap whether or not
    /// the CTM flips y.
    ///
    /// The text is shaped by Pango as `CATextLayer` text is (HarfBuzz shaping with kerning and
    /// ligatures, bidirectional text, Fontconfig's per-character font fallback); a newline starts
    /// a line below the first.
    public func showText(_ text: String, at point: CGPoint) {
        guard !text.isEmpty else { return }
        let font = TextFont(gstate)
        let color = PaintColor(gstate.fillColor, alpha: gstate.alpha)
        paint { canvas in
            let cr = canvas.cr
            cairo_save(cr)
            defer { cairo_restore(cr) }
            color.setSource(on: cr)
            cairo_translate(cr, Double(point.x), Double(point.y))
            // Pango's glyphs point down Cairo's y axis; a y-up user space flips them back.
            var matrix = cairo_matrix_t()
            cairo_get_matrix(cr, &matrix)
            if matrix.xx * matrix.yy - matrix.xy * matrix.yx < 0 { cairo_scale(cr, 1, -1) }
            _ = font.withLayout(text, for: cr) { layout in
                let baseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
                cairo_move_to(cr, 0, -baseline)
                pango_cairo_show_layout(cr, layout)
            }
        }
    }

    /// The advance width of a string in the current font and size, in user space units, as
    /// `showText(_:at:)` shapes it (the widest line's, for text of several lines; a Linux addition).
    public func textWidth(of text: String) -> CGFloat {
        let font = TextFont(gstate)
        return performAndWait { canvas in
            font.withLayout(text, for: canvas.cr) { layout in
                var logical = PangoRectangle()
                pango_layout_get_extents(layout, nil, &logical)
                return CGFloat(logical.width) / CGFloat(PANGO_SCALE)
            } ?? 0
        }
    }
}

/// The font of a text operation: the name and size Pango is asked for.
private struct TextFont: Sendable {
    var name: String
    var size: CGFloat

    init(_ state: GraphicsState) {
        name = state.font?.postScriptName ?? "Helvetica"
        size = state.fontSize
    }

    /// Lays out `text` for `cr` in this font and calls `body` with the layout; nil when Pango
    /// cannot make a layout.
    func withLayout<T>(_ text: String, for cr: OpaquePointer, _ body: (OpaquePointer) -> T) -> T? {
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        PangoLayouts.useScaleIndependentMetrics(layout)
        if let description = PangoFontDescription.make(name: name, size: size) {
            pango_layout_set_font_description(layout, description)
            pango_font_description_free(description)
        }
        pango_layout_set_text(layout, text, -1)
        return body(layout)
    }
}
