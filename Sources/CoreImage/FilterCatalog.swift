import CoreGraphics

/// A built-in filter: its name, display name, categories and parameters.
struct FilterDescription: Sendable {
    let name: String
    let displayName: String
    let categories: [String]
    let parameters: [FilterParameter]

    /// The parameter named `key`.
    func parameter(_ key: String) -> FilterParameter? { parameters.first { $0.key == key } }
}

/// The built-in filters, with the defaults and ranges of Apple's Core Image Filter Reference.
enum FilterCatalog {
    private static let common = [kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn]
    private static let pixelwise = common + [kCICategoryInterlaced, kCICategoryNonSquarePixels, kCICategoryHighDynamicRange]
    private static let image = FilterParameter(key: kCIInputImageKey, displayName: "Image", kind: .image)
    private static let background = FilterParameter(key: kCIInputBackgroundImageKey, displayName: "Background", kind: .image)

    /// Every built-in filter, by name.
    static let filters: [String: FilterDescription] = {
        var all: [FilterDescription] = [
            FilterDescription(name: "CIGaussianBlur", displayName: "Gaussian Blur",
                              categories: [kCICategoryBlur] + common + [kCICategoryHighDynamicRange], parameters: [
                image,
                .scalar(kCIInputRadiusKey, "Radius", type: kCIAttributeTypeScalar, default: 10, identity: 0, min: 0,
                        sliderMin: 0, sliderMax: 100),
            ]),
            FilterDescription(name: "CIBloom", displayName: "Bloom",
                              categories: [kCICategoryStylize] + common + [kCICategoryHighDynamicRange], parameters: [
                image,
                .scalar(kCIInputRadiusKey, "Radius", type: kCIAttributeTypeDistance, default: 10, identity: 0, min: 0,
                        sliderMin: 0, sliderMax: 100),
                .scalar(kCIInputIntensityKey, "Intensity", default: 0.5, identity: 0, min: 0, sliderMin: 0, sliderMax: 1),
            ]),
            FilterDescription(name: "CIColorControls", displayName: "Color Controls",
                              categories: [kCICategoryColorAdjustment] + pixelwise, parameters: [
                image,
                .scalar(kCIInputSaturationKey, "Saturation", default: 1, identity: 1, min: 0, sliderMin: 0, sliderMax: 2),
                .scalar(kCIInputBrightnessKey, "Brightness", default: 0, identity: 0, min: -1, sliderMin: -1, sliderMax: 1),
                .scalar(kCIInputContrastKey, "Contrast", default: 1, identity: 1, min: 0, sliderMin: 0.25, sliderMax: 4),
            ]),
            FilterDescription(name: "CIColorMatrix", displayName: "Color Matrix",
                              categories: [kCICategoryColorAdjustment] + pixelwise, parameters: [
                image,
                FilterParameter(key: "inputRVector", displayName: "Red Vector", kind: .vector(default: [1, 0, 0, 0])),
                FilterParameter(key: "inputGVector", displayName: "Green Vector", kind: .vector(default: [0, 1, 0, 0])),
                FilterParameter(key: "inputBVector", displayName: "Blue Vector", kind: .vector(default: [0, 0, 1, 0])),
                FilterParameter(key: "inputAVector", displayName: "Alpha Vector", kind: .vector(default: [0, 0, 0, 1])),
                FilterParameter(key: kCIInputBiasVectorKey, displayName: "Bias Vector", kind: .vector(default: [0, 0, 0, 0])),
            ]),
            FilterDescription(name: "CIColorInvert", displayName: "Color Invert",
                              categories: [kCICategoryColorEffect] + pixelwise, parameters: [image]),
            FilterDescription(name: "CISepiaTone", displayName: "Sepia Tone",
                              categories: [kCICategoryColorEffect] + pixelwise, parameters: [
                image,
                .scalar(kCIInputIntensityKey, "Intensity", default: 1, identity: 0, min: 0, max: 1, sliderMin: 0, sliderMax: 1),
            ]),
            FilterDescription(name: "CIColorMonochrome", displayName: "Color Monochrome",
                              categories: [kCICategoryColorEffect] + pixelwise, parameters: [
                image,
                FilterParameter(key: kCIInputColorKey, displayName: "Color", kind: .color(default: [0.6, 0.45, 0.3, 1])),
                .scalar(kCIInputIntensityKey, "Intensity", default: 1, identity: 0, min: 0, max: 1, sliderMin: 0, sliderMax: 1),
            ]),
            FilterDescription(name: "CIExposureAdjust", displayName: "Exposure Adjust",
                              categories: [kCICategoryColorAdjustment] + pixelwise, parameters: [
                image,
                .scalar(kCIInputEVKey, "EV", default: 0.5, identity: 0, sliderMin: -10, sliderMax: 10),
            ]),
            FilterDescription(name: "CIVibrance", displayName: "Vibrance",
                              categories: [kCICategoryColorAdjustment] + pixelwise, parameters: [
                image,
                .scalar(kCIInputAmountKey, "Amount", default: 0, identity: 0, min: -1, max: 1, sliderMin: -1, sliderMax: 1),
            ]),
        ]
        let blendModes = [
            ("CIMultiplyBlendMode", "Multiply Blend Mode"), ("CIScreenBlendMode", "Screen Blend Mode"),
            ("CIOverlayBlendMode", "Overlay Blend Mode"), ("CIDarkenBlendMode", "Darken Blend Mode"),
            ("CILightenBlendMode", "Lighten Blend Mode"), ("CIColorDodgeBlendMode", "Color Dodge Blend Mode"),
            ("CIColorBurnBlendMode", "Color Burn Blend Mode"), ("CISoftLightBlendMode", "Soft Light Blend Mode"),
            ("CIHardLightBlendMode", "Hard Light Blend Mode"), ("CIDifferenceBlendMode", "Difference Blend Mode"),
            ("CIExclusionBlendMode", "Exclusion Blend Mode"), ("CIHueBlendMode", "Hue Blend Mode"),
            ("CISaturationBlendMode", "Saturation Blend Mode"), ("CIColorBlendMode", "Color Blend Mode"),
            ("CILuminosityBlendMode", "Luminosity Blend Mode"), ("CISourceOverCompositing", "Source Over"),
            ("CIAdditionCompositing", "Addition"), ("CIMultiplyCompositing", "Multiply"),
        ]
        for (name, displayName) in blendModes {
            all.append(FilterDescription(name: name, displayName: displayName,
                                         categories: [kCICategoryCompositeOperation] + pixelwise,
                                         parameters: [image, background]))
        }
        return Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    }()
}
