import CPango
import Foundation

/// Pango font descriptions for the font names Core Graphics and Core Animation clients use: family names
/// ("Helvetica", "DejaVu Sans") and PostScript names ("Helvetica-BoldOblique"), which
/// Fontconfig resolves to an installed font, falling back per character for scripts the
/// chosen font lacks.
///
/// Shared by `CATextLayer` and `CGContext` text (package access).
package enum PangoFontDescription {
    /// A new description (free it with `pango_font_description_free`) of `name` at `size` points
    /// (user units); nil parts are left unset so that they inherit the layout's font.
    package static func make(name: String?, size: CGFloat?) -> OpaquePointer? {
        guard let description = pango_font_description_new() else { return nil }
        if let name, !name.isEmpty {
            let (family, style) = split(postScriptName: name)
            pango_font_description_set_family(description, family)
            if let style { apply(style: style, to: description) }
        }
        if let size, size.isFinite, size > 0 {
            pango_font_description_set_absolute_size(description, Double(size) * Double(PANGO_SCALE))
        }
        return description
    }

    /// The family and the style suffix of a PostScript name ("Helvetica-Bold" -> "Helvetica", "Bold").
    package static func split(postScriptName name: String) -> (family: String, style: String?) {
        guard let dash = name.lastIndex(of: "-"), dash != name.startIndex,
              name.index(after: dash) != name.endIndex, !name.contains(" ") else { return (name, nil) }
        return (String(name[..<dash]), String(name[name.index(after: dash)...]))
    }

    /// Sets weight and slant from a PostScript style suffix ("Bold", "LightItalic", "Oblique").
    private static func apply(style: String, to description: OpaquePointer) {
        let lower = style.lowercased()
        let weights: [(String, PangoWeight)] = [
            ("semibold", PANGO_WEIGHT_SEMIBOLD), ("demibold", PANGO_WEIGHT_SEMIBOLD), ("extrabold", PANGO_WEIGHT_ULTRABOLD),
            ("heavy", PANGO_WEIGHT_HEAVY), ("black", PANGO_WEIGHT_HEAVY), ("bold", PANGO_WEIGHT_BOLD),
            ("medium", PANGO_WEIGHT_MEDIUM), ("ultralight", PANGO_WEIGHT_ULTRALIGHT), ("thin", PANGO_WEIGHT_THIN),
            ("light", PANGO_WEIGHT_LIGHT),
        ]
        if let weight = weights.first(where: { lower.contains($0.0) })?.1 {
            pango_font_description_set_weight(description, weight)
        }
        if lower.contains("italic") { pango_font_description_set_style(description, PANGO_STYLE_ITALIC) }
        if lower.contains("oblique") { pango_font_description_set_style(description, PANGO_STYLE_OBLIQUE) }
    }

    /// The family Fontconfig picks for `name` (for example "DejaVu Sans" for "Helvetica" where
    /// Helvetica is not installed); nil when no font can be loaded.
    package static func resolvedFamily(forFontNamed name: String) -> String? {
        guard let fontMap = pango_cairo_font_map_new() else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
        guard let context = pango_font_map_create_context(fontMap) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        guard let description = make(name: name, size: 12) else { return nil }
        defer { pango_font_description_free(description) }
        guard let font = pango_font_map_load_font(fontMap, context, description) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        guard let described = pango_font_describe(font) else { return nil }
        defer { pango_font_description_free(described) }
        return pango_font_description_get_family(described).map { String(cString: $0) }
    }
}
