import Foundation

/// A font, found by name through Pango and Fontconfig when text is drawn.
///
/// A PostScript-style name such as `"Helvetica-Bold"` or `"DejaVuSans-Oblique"` is split into
/// a family (`"Helvetica"`) and a style (weight, slant), as `CATextLayer` font names are;
/// Fontconfig substitutes the closest installed family (DejaVu Sans on a minimal system).
public final class CGFont: Sendable {
    /// The name the font was created with.
    public let postScriptName: String?

    /// Creates a font from a name, or returns nil for an empty name.
    public init?(_ name: CFString) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        postScriptName = trimmed
    }

    /// The full name of the font.
    public var fullName: String? { postScriptName }
}
