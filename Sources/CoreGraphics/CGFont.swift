import Foundation

/// A font, found by name through Fontconfig when text is drawn.
///
/// A PostScript-style name such as `"Helvetica-Bold"` or `"DejaVuSans-Oblique"` is split into
/// a family (`"Helvetica"`) and a style (bold, italic); Fontconfig substitutes the closest
/// installed family (DejaVu Sans on a minimal system).
public final class CGFont: Sendable {
    /// The name the font was created with.
    public let postScriptName: String?
    /// The family Fontconfig is asked for.
    let family: String
    /// Whether the name asks for a bold face.
    let isBold: Bool
    /// Whether the name asks for an italic or oblique face.
    let isItalic: Bool

    /// Creates a font from a name, or returns nil for an empty name.
    public init?(_ name: CFString) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        postScriptName = trimmed
        let parts = trimmed.split(separator: "-", maxSplits: 1).map(String.init)
        let style = parts.count > 1 ? parts[1].lowercased() : ""
        family = parts[0]
        isBold = style.contains("bold") || style.contains("heavy") || style.contains("black")
        isItalic = style.contains("italic") || style.contains("oblique")
    }

    /// The full name of the font.
    public var fullName: String? { postScriptName }
}
