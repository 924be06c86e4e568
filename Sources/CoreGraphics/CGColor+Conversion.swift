import Foundation

extension CGColor {
    /// The colour as straight (not premultiplied) sRGB components, alpha unchanged.
    ///
    /// Gray colours give equal red, green and blue; linear spaces are encoded with the sRGB transfer
    /// function. This property is a Linux addition used by the renderers.
    public var rgba: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        // Read in place, without the arrays of `encodedRGB()`: renderers ask for every layer's
        // colours every frame.
        let gray = space.model == .monochrome
        let red = values[0], green = gray ? red : values[1], blue = gray ? red : values[2]
        guard space.isLinear else { return (red, green, blue, alpha) }
        return (ColorTransfer.encode(red), ColorTransfer.encode(green), ColorTransfer.encode(blue), alpha)
    }

    /// Creates a new colour in a different colour space that matches the provided colour.
    ///
    /// Converts between gray and RGB spaces (gray from RGB is the Rec. 709 luminance in linear light).
    /// Components are clamped to 0...1 unless the destination is an extended space.
    /// Rendering intents and options have no effect between these spaces.
    public func converted(to space: CGColorSpace, intent: CGColorRenderingIntent,
                          options: [String: Any]? = nil) -> CGColor? {
        guard CGColor.isSupported(space) else { return nil }
        let linear = encodedRGB().map(ColorTransfer.linearize)
        var converted: [CGFloat]
        if space.model == .rgb {
            converted = linear
        } else {
            converted = [0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]]
        }
        if !space.isLinear { converted = converted.map(ColorTransfer.encode) }
        if !space.isExtended { converted = converted.map { min(max($0, 0), 1) } }
        return CGColor(space: space, values: converted + [alpha])
    }

    /// Red, green and blue encoded with the sRGB transfer function.
    private func encodedRGB() -> [CGFloat] {
        let colour = Array(values.dropLast())
        let rgb = space.model == .monochrome ? [colour[0], colour[0], colour[0]] : colour
        return space.isLinear ? rgb.map(ColorTransfer.encode) : rgb
    }
}

/// The sRGB transfer function, extended to negative values by symmetry (as extended sRGB is).
enum ColorTransfer {
    /// Converts an sRGB-encoded component to linear light.
    static func linearize(_ value: CGFloat) -> CGFloat {
        let magnitude = abs(value)
        let linear = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
        return value < 0 ? -linear : linear
    }

    /// Converts a linear-light component to its sRGB encoding.
    static func encode(_ value: CGFloat) -> CGFloat {
        let magnitude = abs(value)
        let encoded = magnitude <= 0.0031308 ? magnitude * 12.92 : 1.055 * pow(magnitude, 1 / 2.4) - 0.055
        return value < 0 ? -encoded : encoded
    }
}
