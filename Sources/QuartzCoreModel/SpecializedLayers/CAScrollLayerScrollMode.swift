import Foundation

/// The directions in which a `CAScrollLayer` may scroll.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    /// The string value of the constant, as Apple spells it.
    public let rawValue: String
    /// Creates a scroll mode from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer does not scroll.
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    /// The layer scrolls only along the x axis.
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// The layer scrolls only along the y axis.
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    /// The layer scrolls along both axes (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}
