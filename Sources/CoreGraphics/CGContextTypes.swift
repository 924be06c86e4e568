import Foundation

/// How the ends of stroked lines are drawn.
public enum CGLineCap: Int32, Sendable {
    /// Squared off exactly at the end point.
    case butt = 0
    /// A half circle beyond the end point.
    case round = 1
    /// A half square beyond the end point.
    case square = 2
}

/// How the joins of stroked lines are drawn.
public enum CGLineJoin: Int32, Sendable {
    /// A sharp corner, bevelled beyond the miter limit.
    case miter = 0
    /// A rounded corner.
    case round = 1
    /// A squared-off corner.
    case bevel = 2
}

/// Which parts of the current path `drawPath(using:)` paints.
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fill with the nonzero winding rule.
    case fill = 0
    /// Fill with the even-odd rule.
    case eoFill = 1
    /// Stroke.
    case stroke = 2
    /// Fill with the nonzero winding rule, then stroke.
    case fillStroke = 3
    /// Fill with the even-odd rule, then stroke.
    case eoFillStroke = 4
}

/// How painted colours combine with the colours already in the context.
///
/// Every mode maps to a Cairo operator except `plusDarker`, which Cairo lacks: it paints as `normal`.
public enum CGBlendMode: Int32, Sendable {
    /// Source over destination.
    case normal = 0
    /// Source times destination.
    case multiply
    /// Inverse of the product of the inverses.
    case screen
    /// Multiply or screen, by the destination.
    case overlay
    /// The darker of source and destination.
    case darken
    /// The lighter of source and destination.
    case lighten
    /// Brightens the destination to reflect the source.
    case colorDodge
    /// Darkens the destination to reflect the source.
    case colorBurn
    /// Darkens or lightens, by the source, softly.
    case softLight
    /// Multiply or screen, by the source.
    case hardLight
    /// The absolute difference.
    case difference
    /// A lower-contrast difference.
    case exclusion
    /// The source's hue with the destination's saturation and luminosity.
    case hue
    /// The source's saturation with the destination's hue and luminosity.
    case saturation
    /// The source's hue and saturation with the destination's luminosity.
    case color
    /// The source's luminosity with the destination's hue and saturation.
    case luminosity
    /// Clears to transparent.
    case clear
    /// Replaces the destination with the source.
    case copy
    /// The source where the destination is opaque.
    case sourceIn
    /// The source where the destination is transparent.
    case sourceOut
    /// The source over the destination, where the destination is opaque.
    case sourceAtop
    /// The destination over the source.
    case destinationOver
    /// The destination where the source is opaque.
    case destinationIn
    /// The destination where the source is transparent.
    case destinationOut
    /// The destination over the source, where the source is opaque.
    case destinationAtop
    /// Exclusive or of source and destination coverage.
    case xor
    /// Saturating sum, darkened (painted as `normal`: Cairo has no such operator).
    case plusDarker
    /// Saturating sum.
    case plusLighter
}

/// How much care image drawing takes when it scales.
public enum CGInterpolationQuality: Int32, Sendable {
    /// The context's default (medium).
    case `default` = 0
    /// Nearest neighbour.
    case none = 1
    /// Fast smoothing.
    case low = 2
    /// Bilinear smoothing.
    case medium = 4
    /// The best smoothing Cairo offers.
    case high = 3
}

/// Whether a gradient extends beyond its start and end.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt32
    /// Creates options from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Fill beyond the start with the first colour.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    /// Fill beyond the end with the last colour.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}
