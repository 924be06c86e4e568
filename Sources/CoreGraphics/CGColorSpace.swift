import Foundation

/// Models for colour spaces.
public enum CGColorSpaceModel: Int32, Sendable {
    /// An unknown colour space model.
    case unknown = -1
    /// A monochrome colour space model: one colour component (gray) plus alpha.
    case monochrome = 0
    /// An RGB colour space model: red, green and blue components plus alpha.
    case rgb = 1
    /// A CMYK colour space model.
    case cmyk = 2
    /// A Lab colour space model.
    case lab = 3
    /// A DeviceN colour space model.
    case deviceN = 4
    /// An indexed colour space model.
    case indexed = 5
    /// A pattern colour space model.
    case pattern = 6
    /// An XYZ colour space model.
    case XYZ = 7
}

/// A profile that specifies how to interpret a colour value for display.
///
/// This implementation knows the gray and RGB spaces Core Animation uses. Colour spaces are immutable;
/// two are equal when they interpret components the same way (device RGB is sRGB, as on iOS).
public final class CGColorSpace: Equatable, Hashable, Sendable {
    /// The name of the standard Red Green Blue (sRGB) colour space.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// The name of the sRGB colour space with a linear transfer function.
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    /// The name of the extended sRGB colour space: sRGB primaries and transfer, components outside 0...1 allowed.
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// The name of the generic gray colour space with a gamma value of 2.2.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// The name of the gray colour space with a linear transfer function.
    public static let linearGray = "kCGColorSpaceLinearGray"
    /// The name of the device-dependent RGB colour space.
    static let deviceRGBName = "kCGColorSpaceDeviceRGB"
    /// The name of the device-dependent gray colour space.
    static let deviceGrayName = "kCGColorSpaceDeviceGray"

    /// The name of the colour space.
    public let name: String?
    /// The colour space model.
    public let model: CGColorSpaceModel
    /// Whether components are linear light rather than encoded with the sRGB transfer function.
    let isLinear: Bool
    /// Whether components may lie outside 0...1.
    let isExtended: Bool

    private init(name: String, model: CGColorSpaceModel, isLinear: Bool = false, isExtended: Bool = false) {
        self.name = name
        self.model = model
        self.isLinear = isLinear
        self.isExtended = isExtended
    }

    /// Creates a colour space from the name of a system-defined colour space.
    ///
    /// Returns `nil` for names this implementation does not know.
    public convenience init?(name: String) {
        switch name {
        case Self.sRGB, Self.deviceRGBName: self.init(name: name, model: .rgb)
        case Self.linearSRGB: self.init(name: name, model: .rgb, isLinear: true)
        case Self.extendedSRGB: self.init(name: name, model: .rgb, isExtended: true)
        // Gray with gamma 2.2 shares sRGB's encoding here, as UIKit's gray colours do on iOS.
        case Self.genericGrayGamma2_2, Self.deviceGrayName: self.init(name: name, model: .monochrome)
        case Self.linearGray: self.init(name: name, model: .monochrome, isLinear: true)
        default: return nil
        }
    }

    /// The shared sRGB colour space.
    static let sRGBSpace = CGColorSpace(name: CGColorSpace.sRGB, model: .rgb)
    /// The shared generic gray (gamma 2.2) colour space.
    static let genericGraySpace = CGColorSpace(name: CGColorSpace.genericGrayGamma2_2, model: .monochrome)

    /// The number of colour components in the colour space, not counting alpha.
    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }

    /// Returns whether two colour spaces interpret components the same way.
    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs.model == rhs.model && lhs.isLinear == rhs.isLinear && lhs.isExtended == rhs.isExtended
    }

    /// Hashes the properties that equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(model)
        hasher.combine(isLinear)
        hasher.combine(isExtended)
    }
}

/// Creates a device-dependent RGB colour space (sRGB, as on iOS).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
    CGColorSpace(name: CGColorSpace.deviceRGBName) ?? CGColorSpace.sRGBSpace
}

/// Creates a device-dependent gray colour space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace {
    CGColorSpace(name: CGColorSpace.deviceGrayName) ?? CGColorSpace.genericGraySpace
}

/// Rendering intents: how to map colours outside the gamut of the destination colour space.
public enum CGColorRenderingIntent: Int32, Sendable {
    /// The default rendering intent for the graphics context.
    case defaultIntent = 0
    /// Map colours outside the gamut to the closest possible match, without adapting the white point.
    case absoluteColorimetric = 1
    /// Map colours outside the gamut to the closest possible match, adapting the white point.
    case relativeColorimetric = 2
    /// Preserve the visual relationship between colours by compressing the gamut.
    case perceptual = 3
    /// Preserve the relative saturation of colours.
    case saturation = 4
}
