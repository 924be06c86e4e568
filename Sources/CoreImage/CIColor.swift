import CoreGraphics
import Foundation

/// An immutable colour for Core Image filters: red, green, blue and alpha in the sRGB colour
/// space, not premultiplied (`CIColorMonochrome`'s `inputColor`).
public final class CIColor: NSObject, NSCopying, @unchecked Sendable {
    // Immutable after initialization, so sharing it between threads is safe.
    /// The red component.
    public let red: CGFloat
    /// The green component.
    public let green: CGFloat
    /// The blue component.
    public let blue: CGFloat
    /// The alpha component.
    public let alpha: CGFloat

    /// Creates a colour of the given components.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        super.init()
    }

    /// Creates a colour from a Core Graphics colour, converted to sRGB.
    public convenience init(cgColor color: CGColor) {
        let c = color.rgba
        self.init(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }

    /// Creates a colour from a Core Graphics colour, converted to sRGB.
    public convenience init(color: CGColor) { self.init(cgColor: color) }

    /// Creates a colour from its string representation (`"0.6 0.45 0.3 1"`); missing
    /// components read as 0 and a missing alpha as 1.
    public convenience init(string representation: String) {
        let v = CIVector(string: representation)
        self.init(red: v.value(at: 0), green: v.value(at: 1), blue: v.value(at: 2), alpha: v.count > 3 ? v.value(at: 3) : 1)
    }

    /// The number of components: 4.
    public var numberOfComponents: Int { 4 }

    /// The components, red, green, blue and alpha.
    public var components: [CGFloat] { [red, green, blue, alpha] }

    /// The colour space of the components: sRGB.
    public var colorSpace: CGColorSpace { CGColorSpace(name: CGColorSpace.sRGB)! }

    /// The colour as a Core Graphics colour.
    public var cgColor: CGColor { CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha) }

    /// The colour as a string, `"r g b a"`, that `init(string:)` reads back.
    public var stringRepresentation: String {
        components.map(CIVector.format).joined(separator: " ")
    }

    /// Whether every component is a finite number.
    var isFinite: Bool { components.allSatisfy(\.isFinite) }

    /// Opaque black.
    public static let black = CIColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = CIColor(red: 1, green: 1, blue: 1)
    /// Opaque mid grey.
    public static let gray = CIColor(red: 0.5, green: 0.5, blue: 0.5)
    /// Opaque red.
    public static let red = CIColor(red: 1, green: 0, blue: 0)
    /// Opaque green.
    public static let green = CIColor(red: 0, green: 1, blue: 0)
    /// Opaque blue.
    public static let blue = CIColor(red: 0, green: 0, blue: 1)
    /// Opaque cyan.
    public static let cyan = CIColor(red: 0, green: 1, blue: 1)
    /// Opaque magenta.
    public static let magenta = CIColor(red: 1, green: 0, blue: 1)
    /// Opaque yellow.
    public static let yellow = CIColor(red: 1, green: 1, blue: 0)
    /// Transparent black.
    public static let clear = CIColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// Returns the colour itself: a colour is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Colours with the same components are equal.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? CIColor)?.components == components
    }

    /// A hash of the components.
    public override var hash: Int { components.hashValue }

    /// The string representation.
    public override var description: String { stringRepresentation }
}
