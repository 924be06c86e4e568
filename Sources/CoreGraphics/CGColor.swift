import Foundation

/// A colour: components in a colour space, with alpha last.
///
/// Colours are immutable and compare equal when their colour spaces and components are equal.
public final class CGColor: Equatable, Hashable, @unchecked Sendable {
    /// The colour's components, alpha last (for example red, green, blue, alpha).
    public let components: [CGFloat]?

    /// Creates a colour in the sRGB colour space from red, green, blue and alpha (0...1).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha]
    }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.components == rhs.components }
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }
}
