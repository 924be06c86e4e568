import Foundation

/// Where a `CATextLayer` truncates text that does not fit its bounds.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    /// The string value of the constant, as Apple spells it.
    public let rawValue: String
    /// Creates a truncation mode from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The text is not truncated (the default).
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// Characters at the start of the line are replaced by an ellipsis.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// Characters at the end of the line are replaced by an ellipsis.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// Characters in the middle of the line are replaced by an ellipsis.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// How a `CATextLayer` aligns its lines within its bounds.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    /// The string value of the constant, as Apple spells it.
    public let rawValue: String
    /// Creates an alignment mode from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The natural alignment of the script: left for left-to-right text (the default).
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Lines are aligned to the left edge.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Lines are aligned to the right edge.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Lines are centred.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Lines are stretched to both edges, except the last line of a paragraph.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// A value that names a font, and optionally its size, for `CATextLayer.font` and the `.font`
/// attribute of an attributed string (the role `CTFont` and `CGFont` play on Apple platforms).
/// `String` conforms: a string is a font name.
public protocol CATextLayerFontDescribing {
    /// The font's PostScript or family name, resolved through Fontconfig when drawn.
    var textLayerFontName: String { get }
    /// The font's size in points, or nil to use the layer's `fontSize`.
    var textLayerFontSize: CGFloat? { get }
}

extension String: CATextLayerFontDescribing {
    /// The string itself: a string is a font name.
    public var textLayerFontName: String { self }
    /// Nil: a font name carries no size.
    public var textLayerFontSize: CGFloat? { nil }
}
