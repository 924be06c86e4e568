import Foundation

/// The kinds of gradient a `CAGradientLayer` draws.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// The string value of the constant, as Apple spells it.
    public let rawValue: String
    /// Creates a gradient type from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Colours vary along the line from `startPoint` to `endPoint` (the default).
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Colours vary with the distance from `startPoint`; `endPoint` defines the ellipse's
    /// half-axes, where the last colour is reached.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Colours vary with the angle around `startPoint`, starting in the direction of `endPoint`.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}
