import Foundation

// The matrices of Core Image's colour filters, from the formulas Apple's Core Image Filter
// Reference gives (or, where it gives none, the W3C Filter Effects formulas it matches).
extension ColorMatrix {
    /// Rec. 709 luma weights, with which Core Image's colour filters weigh red, green and blue.
    public static let lumaWeights = SIMD4<Float>(0.2125, 0.7154, 0.0721, 0)

    /// `CIColorMatrix`: each result component is its vector dotted with (r, g, b, a) plus its
    /// component of the bias vector.
    public static func colorMatrix(red: SIMD4<Float>, green: SIMD4<Float>, blue: SIMD4<Float>, alpha: SIMD4<Float>,
                                   bias: SIMD4<Float>) -> ColorMatrix {
        ColorMatrix(red: red, green: green, blue: blue, alpha: alpha, bias: bias)
    }

    /// `CIColorControls`: saturation interpolates between the luma grey (0) and the colour (1),
    /// extrapolating beyond; brightness is added; contrast scales about mid grey,
    /// `(c - 0.5) * contrast + 0.5`. Applied in that order.
    public static func colorControls(saturation s: Float, brightness b: Float, contrast c: Float) -> ColorMatrix {
        let w = lumaWeights
        func saturated(_ unit: SIMD4<Float>) -> SIMD4<Float> { (1 - s) * w + s * unit }
        let saturation = ColorMatrix(red: saturated(SIMD4(1, 0, 0, 0)), green: saturated(SIMD4(0, 1, 0, 0)),
                                     blue: saturated(SIMD4(0, 0, 1, 0)), alpha: SIMD4(0, 0, 0, 1))
        let offset = b * c + 0.5 * (1 - c)
        let brightnessAndContrast = ColorMatrix(red: SIMD4(c, 0, 0, 0), green: SIMD4(0, c, 0, 0), blue: SIMD4(0, 0, c, 0),
                                                alpha: SIMD4(0, 0, 0, 1), bias: SIMD4(offset, offset, offset, 0))
        return saturation.then(brightnessAndContrast)
    }

    /// `CIColorInvert`: each colour component becomes 1 minus itself; alpha is kept.
    public static let colorInvert = ColorMatrix(red: SIMD4(-1, 0, 0, 0), green: SIMD4(0, -1, 0, 0),
                                                blue: SIMD4(0, 0, -1, 0), alpha: SIMD4(0, 0, 0, 1),
                                                bias: SIMD4(1, 1, 1, 0))

    /// `CISepiaTone`: the sepia matrix (W3C Filter Effects `sepia()`), mixed with the colour by
    /// `intensity` (0 keeps the colour, 1 is full sepia).
    public static func sepiaTone(intensity i: Float) -> ColorMatrix {
        let sepia: [SIMD4<Float>] = [SIMD4(0.393, 0.769, 0.189, 0), SIMD4(0.349, 0.686, 0.168, 0),
                                     SIMD4(0.272, 0.534, 0.131, 0)]
        let units: [SIMD4<Float>] = [SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0)]
        let rows = (0..<3).map { (1 - i) * units[$0] + i * sepia[$0] }
        return ColorMatrix(red: rows[0], green: rows[1], blue: rows[2], alpha: SIMD4(0, 0, 0, 1))
    }

    /// `CIColorMonochrome`: the colour's luma times `color` (straight red, green, blue), mixed
    /// with the colour by `intensity`.
    public static func colorMonochrome(color: SIMD4<Float>, intensity i: Float) -> ColorMatrix {
        let units: [SIMD4<Float>] = [SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0)]
        let rows = (0..<3).map { (1 - i) * units[$0] + i * color[$0] * lumaWeights }
        return ColorMatrix(red: rows[0], green: rows[1], blue: rows[2], alpha: SIMD4(0, 0, 0, 1))
    }

    /// `CIExposureAdjust`: Core Image multiplies linear-light colour by 2^EV; on the encoded
    /// components layers blend in (a 2.2 power law) that is a factor of 2^(EV / 2.2).
    public static func exposureAdjust(ev: Float) -> ColorMatrix {
        let k = Float(pow(2, Double(ev) / 2.2))
        return ColorMatrix(red: SIMD4(k, 0, 0, 0), green: SIMD4(0, k, 0, 0), blue: SIMD4(0, 0, k, 0),
                           alpha: SIMD4(0, 0, 0, 1))
    }
}
