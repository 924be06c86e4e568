import Foundation

/// A colour: components in a colour space, with alpha last.
///
/// Colours are immutable and compare equal when their colour spaces and components are equal.
public final class CGColor: Equatable, Hashable, Sendable {
    /// The colour's components, alpha last (for example red, green, blue, alpha).
    public let components: [CGFloat]?
    /// The colour space the components are expressed in.
    let space: CGColorSpace
    /// The components, alpha last (the same values as `components`, without the optional).
    let values: [CGFloat]

    /// Creates a colour from components that already match the colour space (alpha last).
    init(space: CGColorSpace, values: [CGFloat]) {
        self.space = space
        self.values = values
        self.components = values
    }

    /// Creates a colour in the sRGB colour space from red, green, blue and alpha (0...1).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .sRGBSpace, values: [red, green, blue, alpha])
    }

    /// Creates a colour in the sRGB colour space from red, green, blue and alpha (0...1).
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Creates a colour in the generic gray colour space from a gray value and alpha (0...1).
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: .genericGraySpace, values: [gray, alpha])
    }

    /// Creates a colour in the generic gray (gamma 2.2) colour space from a gray value and alpha (0...1).
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(gray: gray, alpha: alpha)
    }

    /// Creates a colour from components in a colour space: `colorSpace.numberOfComponents` values, then alpha.
    ///
    /// Returns `nil` when the colour space's model is neither monochrome nor RGB.
    public convenience init?(colorSpace: CGColorSpace, components: UnsafePointer<CGFloat>) {
        guard Self.isSupported(colorSpace) else { return nil }
        let count = colorSpace.numberOfComponents + 1
        self.init(space: colorSpace, values: Array(UnsafeBufferPointer(start: components, count: count)))
    }

    /// Creates a colour from an array of components in a colour space: `colorSpace.numberOfComponents` values, then alpha.
    ///
    /// Returns `nil` when the count does not match or the colour space's model is neither monochrome nor RGB.
    /// This array form is a Linux addition.
    public convenience init?(colorSpace: CGColorSpace, components: [CGFloat]) {
        guard Self.isSupported(colorSpace), components.count == colorSpace.numberOfComponents + 1 else { return nil }
        self.init(space: colorSpace, values: components)
    }

    /// Whether colours can be made in the colour space (gray and RGB models).
    static func isSupported(_ colorSpace: CGColorSpace) -> Bool {
        colorSpace.model == .rgb || colorSpace.model == .monochrome
    }

    /// The colour black (generic gray 0, opaque).
    public static let black = CGColor(gray: 0, alpha: 1)
    /// The colour white (generic gray 1, opaque).
    public static let white = CGColor(gray: 1, alpha: 1)
    /// The clear colour (generic gray 0, alpha 0).
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The value of the alpha component.
    public var alpha: CGFloat { values[values.count - 1] }

    /// The number of components, including alpha.
    public var numberOfComponents: Int { values.count }

    /// The colour space associated with the colour.
    public var colorSpace: CGColorSpace? { space }

    /// Creates a copy of the colour with a different alpha value.
    public func copy(alpha: CGFloat) -> CGColor? {
        var copied = values
        copied[copied.count - 1] = alpha
        return CGColor(space: space, values: copied)
    }

    /// Returns whether two colours have equal colour spaces and components.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.space == rhs.space && lhs.values == rhs.values
    }

    /// Hashes the colour space and components.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(space)
        hasher.combine(values)
    }
}
