import CCairo
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

    /// Draws a string in the fill colour with its baseline starting at `point` (user space), in
    /// the current font and size (Helvetica, 12, when none was set). A Linux addition: like UIKit's
    /// string drawing, glyphs stand upright on the bitmap whether or not the CTM flips y.
    public func showText(_ text: String, at point: CGPoint) {
        guard !text.isEmpty else { return }
        let font = TextStyle(gstate)
        let color = PaintColor(gstate.fillColor, alpha: gstate.alpha)
        paint { canvas in
            font.apply(to: canvas.cr)
            color.setSource(on: canvas.cr)
            cairo_move_to(canvas.cr, Double(point.x), Double(point.y))
            cairo_show_text(canvas.cr, text)
        }
    }

    /// The advance width of a string in the current font and size, in user space units (a Linux addition).
    public func textWidth(of text: String) -> CGFloat {
        let font = TextStyle(gstate)
        return performAndWait { canvas in
            cairo_save(canvas.cr)
            font.apply(to: canvas.cr)
            var extents = cairo_text_extents_t()
            cairo_text_extents(canvas.cr, text, &extents)
            cairo_restore(canvas.cr)
            return CGFloat(extents.x_advance)
        }
    }
}

/// The font settings of a text operation, ready for Cairo's toy font API (Fontconfig underneath).
private struct TextStyle: Sendable {
    var family: String
    var bold: Bool
    var italic: Bool
    var size: Double

    init(_ state: GraphicsState) {
        family = state.font?.family ?? "Helvetica"
        bold = state.font?.isBold ?? false
        italic = state.font?.isItalic ?? false
        size = Double(state.fontSize)
    }

    /// Selects the face and a font matrix that keeps glyphs upright on the bitmap: Cairo's glyphs
    /// point down its y axis, so when user space has y up (the matrix flips) the glyphs flip back.
    func apply(to cr: OpaquePointer) {
        cairo_select_font_face(cr, family, italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                               bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let flips = matrix.xx * matrix.yy - matrix.xy * matrix.yx < 0
        var fontMatrix = cairo_matrix_t(xx: size, yx: 0, xy: 0, yy: flips ? -size : size, x0: 0, y0: 0)
        cairo_set_font_matrix(cr, &fontMatrix)
    }
}
