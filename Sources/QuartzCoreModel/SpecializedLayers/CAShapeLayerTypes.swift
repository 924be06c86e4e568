import Foundation

/// The rules that decide which regions of a path a shape layer fills.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// The string value of the constant, as Apple spells it.
    public let rawValue: String
    /// Creates a fill rule from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A point is inside when the path winds around it a non-zero number of times (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// A point is inside when a ray from it crosses the path an odd number of times.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// The shapes of the ends of a shape layer's stroked open subpaths.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// The string value of the constant, as Apple spells it.
    public let rawValue: String
    /// Creates a line cap from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The line ends squarely at its end point (the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// The line ends in a half circle around its end point.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// The line ends squarely half a line width beyond its end point.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The shapes of the joints between the segments of a shape layer's stroked path.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// The string value of the constant, as Apple spells it.
    public let rawValue: String
    /// Creates a line join from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The outer edges meet in a sharp point, bevelled beyond `miterLimit` (the default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// The joint is rounded.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// The joint is cut off squarely.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}
