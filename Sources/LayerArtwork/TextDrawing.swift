import CCairo
import CoreGraphics
import CPango
import Foundation

/// A text layer's artwork as plain values, laid out and drawn by Pango: HarfBuzz shaping,
/// bidirectional text and Fontconfig's per-character font fallback, laid out from the top of
/// the bounds as CATextLayer lays out its text.
package struct TextDrawing {
    /// A run of text with the attributes it sets itself; nil attributes take the whole text's values.
    package struct Run {
        package var text: String
        package var fontName: String?
        package var fontSize: CGFloat?
        package var foregroundColor: CGColor?
        package var kerning: CGFloat?

        package init(text: String, fontName: String?, fontSize: CGFloat?, foregroundColor: CGColor?, kerning: CGFloat?) {
            self.text = text
            self.fontName = fontName
            self.fontSize = fontSize
            self.foregroundColor = foregroundColor
            self.kerning = kerning
        }
    }

    /// Where a line that does not fit is cut and an ellipsis put.
    package enum Truncation {
        case none, start, middle, end
    }

    /// How lines sit between the bounds' left and right edges.
    package enum Alignment {
        /// The start of each paragraph's direction.
        case natural
        case left, right, center
        /// Both edges, except each paragraph's last line, which sits as `natural`.
        case justified
    }

    package var runs: [Run]
    package var fontName: String
    package var fontSize: CGFloat
    package var foregroundColor: CGColor?
    package var isWrapped: Bool
    package var truncationMode: Truncation
    package var alignmentMode: Alignment

    package init(runs: [Run], fontName: String, fontSize: CGFloat, foregroundColor: CGColor?, isWrapped: Bool,
                 truncationMode: Truncation, alignmentMode: Alignment) {
        self.runs = runs
        self.fontName = fontName
        self.fontSize = fontSize
        self.foregroundColor = foregroundColor
        self.isWrapped = isWrapped
        self.truncationMode = truncationMode
        self.alignmentMode = alignmentMode
    }

    /// The whole text, the runs one after another.
    var text: String { runs.map(\.text).joined() }

    /// Lays out and draws the text into `cr`, whose user space is the layer's bounds (origin at
    /// the top-left corner, y down, points) and `size` the bounds' size.
    func draw(in cr: OpaquePointer, size: CGSize) {
        // Runs without a colour of their own draw in the Cairo source colour.
        if let foregroundColor {
            CairoPath.setSourceColor(foregroundColor, in: cr)
        } else {
            cairo_set_source_rgba(cr, 0, 0, 0, 0)
        }
        withLines(in: cr, size: size) { line, origin in
            cairo_move_to(cr, origin.x, origin.y)
            pango_cairo_show_layout_line(cr, line)
        }
    }

    /// A laid-out line: where its logical box starts and how wide it is, in points.
    package struct LineMetrics: Equatable {
        package var x: CGFloat
        package var baseline: CGFloat
        package var width: CGFloat
    }

    /// The lines of the layout in bounds of `size`, and whether Pango truncated any with an
    /// ellipsis (for tests and measuring).
    package func layoutMetrics(size: CGSize) -> (lines: [LineMetrics], isEllipsized: Bool) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return ([], false) }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return ([], false) }
        defer { cairo_destroy(cr) }
        var lines: [LineMetrics] = []
        let ellipsized = withLines(in: cr, size: size) { line, origin in
            var logical = PangoRectangle()
            pango_layout_line_get_extents(line, nil, &logical)
            lines.append(LineMetrics(x: origin.x, baseline: origin.y, width: CGFloat(logical.width) / CGFloat(PANGO_SCALE)))
        }
        return (lines, ellipsized)
    }

    /// The size of the laid-out text's logical box, in points, rounded up to whole points:
    /// unwrapped text on its natural lines (one per paragraph), wrapped text broken at `width`.
    package func measuredSize(width: CGFloat) -> CGSize {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return .zero }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return .zero }
        defer { cairo_destroy(cr) }
        guard let layout = makeLayout(for: cr) else { return .zero }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        if isWrapped {
            pango_layout_set_width(layout, Self.pangoUnits(max(width, 0)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        pango_cairo_update_layout(cr, layout)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = CGFloat(PANGO_SCALE)
        return CGSize(width: (CGFloat(logical.width) / scale).rounded(.up),
                      height: (CGFloat(logical.height) / scale).rounded(.up))
    }

    /// A Pango layout of the text with the layer's font and the runs' attributes, not yet
    /// given a width.
    private func makeLayout(for cr: OpaquePointer) -> OpaquePointer? {
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        PangoLayouts.useScaleIndependentMetrics(layout)
        pango_layout_set_text(layout, text, -1)
        if let font = PangoFontDescription.make(name: fontName, size: fontSize) {
            pango_layout_set_font_description(layout, font)
            pango_font_description_free(font)
        }
        if let attributes = attributeList() {
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
        return layout
    }

    /// Lays out the text for `cr` and calls `body` with each line and the point (left end of
    /// its logical box, on its baseline) where it goes. Returns whether a line was ellipsized.
    @discardableResult
    private func withLines(in cr: OpaquePointer, size: CGSize,
                           _ body: (UnsafeMutablePointer<PangoLayoutLine>, CGPoint) -> Void) -> Bool {
        guard let layout = makeLayout(for: cr) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let fitsWidth = configure(layout, width: size.width, height: size.height)
        pango_cairo_update_layout(cr, layout)
        guard let iterator = pango_layout_get_iter(layout) else { return false }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let baseline = CGFloat(pango_layout_iter_get_baseline(iterator)) / CGFloat(PANGO_SCALE)
            let x = fitsWidth ? CGFloat(logical.x) / CGFloat(PANGO_SCALE)
                : lineOrigin(width: CGFloat(logical.width) / CGFloat(PANGO_SCALE), in: size.width,
                             rightToLeft: pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL)
            body(line, CGPoint(x: x, y: baseline))
        } while pango_layout_iter_next_line(iterator) != 0
        return pango_layout_is_ellipsized(layout) != 0
    }

    /// Sets wrapping, truncation and alignment. Returns whether Pango was given the bounds' width
    /// (and so places lines itself); an unwrapped, untruncated layout has no width and its lines
    /// are placed by `lineOrigin`.
    private func configure(_ layout: OpaquePointer, width: CGFloat, height: CGFloat) -> Bool {
        let ellipsis: PangoEllipsizeMode = switch truncationMode {
        case .start: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .end: PANGO_ELLIPSIZE_END
        case .none: PANGO_ELLIPSIZE_NONE
        }
        let alignment: PangoAlignment = switch alignmentMode {
        case .right: PANGO_ALIGN_RIGHT
        case .center: PANGO_ALIGN_CENTER
        case .natural, .left, .justified: PANGO_ALIGN_LEFT
        }
        // Natural and justified text follows each paragraph's direction; left and right are absolute.
        let followsDirection = alignmentMode != .left && alignmentMode != .right
        pango_layout_set_auto_dir(layout, followsDirection ? 1 : 0)
        pango_layout_set_alignment(layout, alignment)
        pango_layout_set_justify(layout, alignmentMode == .justified ? 1 : 0)
        guard isWrapped || ellipsis != PANGO_ELLIPSIZE_NONE else { return false }
        pango_layout_set_width(layout, Self.pangoUnits(width))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(layout, ellipsis)
        // Wrapped text is truncated at the last line that fits the bounds; unwrapped text keeps
        // one line a paragraph, each truncated (Pango's default height of -1).
        if isWrapped, ellipsis != PANGO_ELLIPSIZE_NONE { pango_layout_set_height(layout, Self.pangoUnits(height)) }
        return true
    }

    /// The x of a line of an unwrapped, untruncated layout within the bounds' width.
    private func lineOrigin(width lineWidth: CGFloat, in boundsWidth: CGFloat, rightToLeft: Bool) -> CGFloat {
        switch alignmentMode {
        case .right: boundsWidth - lineWidth
        case .center: (boundsWidth - lineWidth) / 2
        case .left: 0
        // Natural and justified: every line of an unwrapped layout ends its paragraph, which
        // justification leaves at the paragraph direction's start.
        case .natural, .justified: rightToLeft ? boundsWidth - lineWidth : 0
        }
    }

    /// The runs' own attributes as a Pango attribute list over the text's UTF-8 bytes; nil when
    /// no run sets any.
    private func attributeList() -> OpaquePointer? {
        var attributes: [UnsafeMutablePointer<PangoAttribute>] = []
        var start = 0
        for run in runs {
            let end = start + run.text.utf8.count
            defer { start = end }
            var made: [UnsafeMutablePointer<PangoAttribute>?] = []
            if run.fontName != nil || run.fontSize != nil,
               let font = PangoFontDescription.make(name: run.fontName, size: run.fontSize) {
                made.append(pango_attr_font_desc_new(font))
                pango_font_description_free(font)
            }
            if let color = run.foregroundColor {
                let rgba = color.rgba
                made.append(pango_attr_foreground_new(Self.channel(rgba.red), Self.channel(rgba.green),
                                                      Self.channel(rgba.blue)))
                // Pango's alpha runs from 1 to 65535; 1 is invisible in 8-bit pixels.
                made.append(pango_attr_foreground_alpha_new(max(1, Self.channel(rgba.alpha))))
            }
            if let kerning = run.kerning, kerning.isFinite {
                made.append(pango_attr_letter_spacing_new(Self.pangoUnits(kerning)))
            }
            for attribute in made.compactMap({ $0 }) {
                attribute.pointee.start_index = UInt32(start)
                attribute.pointee.end_index = UInt32(end)
                attributes.append(attribute)
            }
        }
        guard !attributes.isEmpty, let list = pango_attr_list_new() else {
            attributes.forEach { pango_attribute_destroy($0) }
            return nil
        }
        attributes.forEach { pango_attr_list_insert(list, $0) }
        return list
    }

    /// Points as Pango units, clamped to Pango's range.
    private static func pangoUnits(_ points: CGFloat) -> Int32 {
        Int32(max(min(points * CGFloat(PANGO_SCALE), CGFloat(Int32.max / 2)), CGFloat(Int32.min / 2)))
    }

    /// A colour component (0...1) as Pango's 16-bit value.
    private static func channel(_ value: CGFloat) -> UInt16 {
        UInt16((min(max(value, 0), 1) * 65535).rounded())
    }
}
