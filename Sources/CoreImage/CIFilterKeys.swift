// The keys of Apple's Core Image filter parameters and attribute dictionaries, with Apple's
// spelling and values.

/// The key of the image a filter processes; a layer's filters are given the layer's rendering.
public let kCIInputImageKey = "inputImage"
/// The key of the image a compositing or blend filter draws over (what lies behind the layer).
public let kCIInputBackgroundImageKey = "inputBackgroundImage"
/// The key of a filter's result image.
public let kCIOutputImageKey = "outputImage"
/// The key of a radius, in pixels (`CIGaussianBlur`, `CIBloom`).
public let kCIInputRadiusKey = "inputRadius"
/// The key of an intensity (`CIBloom`, `CISepiaTone`, `CIColorMonochrome`).
public let kCIInputIntensityKey = "inputIntensity"
/// The key of a colour (`CIColorMonochrome`).
public let kCIInputColorKey = "inputColor"
/// The key of a saturation (`CIColorControls`).
public let kCIInputSaturationKey = "inputSaturation"
/// The key of a brightness (`CIColorControls`).
public let kCIInputBrightnessKey = "inputBrightness"
/// The key of a contrast (`CIColorControls`).
public let kCIInputContrastKey = "inputContrast"
/// The key of an exposure value, in f-stops (`CIExposureAdjust`).
public let kCIInputEVKey = "inputEV"
/// The key of an amount (`CIVibrance`).
public let kCIInputAmountKey = "inputAmount"
/// The key of the bias vector of `CIColorMatrix`, added to each result.
public let kCIInputBiasVectorKey = "inputBiasVector"

/// The key, in an attribute dictionary, of the filter's name (`"CIGaussianBlur"`).
public let kCIAttributeFilterName = "CIAttributeFilterName"
/// The key, in an attribute dictionary, of the filter's name for display (`"Gaussian Blur"`).
public let kCIAttributeFilterDisplayName = "CIAttributeFilterDisplayName"
/// The key, in an attribute dictionary, of the filter's categories.
public let kCIAttributeFilterCategories = "CIAttributeFilterCategories"
/// The key, in a parameter's attributes, of the parameter's class name (`"NSNumber"`).
public let kCIAttributeClass = "CIAttributeClass"
/// The key, in a parameter's attributes, of the parameter's type (`kCIAttributeTypeScalar`...).
public let kCIAttributeType = "CIAttributeType"
/// The key, in a parameter's attributes, of the value `setDefaults()` gives it.
public let kCIAttributeDefault = "CIAttributeDefault"
/// The key, in a parameter's attributes, of the value at which the filter has no effect.
public let kCIAttributeIdentity = "CIAttributeIdentity"
/// The key, in a parameter's attributes, of the smallest meaningful value.
public let kCIAttributeMin = "CIAttributeMin"
/// The key, in a parameter's attributes, of the largest meaningful value.
public let kCIAttributeMax = "CIAttributeMax"
/// The key, in a parameter's attributes, of the low end of a slider's range.
public let kCIAttributeSliderMin = "CIAttributeSliderMin"
/// The key, in a parameter's attributes, of the high end of a slider's range.
public let kCIAttributeSliderMax = "CIAttributeSliderMax"
/// The key, in a parameter's attributes, of the parameter's name for display.
public let kCIAttributeDisplayName = "CIAttributeDisplayName"

/// A parameter type: a number.
public let kCIAttributeTypeScalar = "CIAttributeTypeScalar"
/// A parameter type: a distance, in pixels.
public let kCIAttributeTypeDistance = "CIAttributeTypeDistance"
/// A parameter type: a colour.
public let kCIAttributeTypeColor = "CIAttributeTypeColor"
/// A parameter type: a colour without alpha.
public let kCIAttributeTypeOpaqueColor = "CIAttributeTypeOpaqueColor"
/// A parameter type: an image.
public let kCIAttributeTypeImage = "CIAttributeTypeImage"

/// A filter category: blurs.
public let kCICategoryBlur = "CICategoryBlur"
/// A filter category: colour adjustments.
public let kCICategoryColorAdjustment = "CICategoryColorAdjustment"
/// A filter category: colour effects.
public let kCICategoryColorEffect = "CICategoryColorEffect"
/// A filter category: stylizing effects.
public let kCICategoryStylize = "CICategoryStylize"
/// A filter category: compositing and blend-mode operations.
public let kCICategoryCompositeOperation = "CICategoryCompositeOperation"
/// A filter category: filters that work on video.
public let kCICategoryVideo = "CICategoryVideo"
/// A filter category: filters that work on still images.
public let kCICategoryStillImage = "CICategoryStillImage"
/// A filter category: Apple's built-in filters.
public let kCICategoryBuiltIn = "CICategoryBuiltIn"
/// A filter category: filters that accept high-dynamic-range values.
public let kCICategoryHighDynamicRange = "CICategoryHighDynamicRange"
/// A filter category: filters that process non-square pixels.
public let kCICategoryNonSquarePixels = "CICategoryNonSquarePixels"
/// A filter category: filters that apply a different effect at each pixel (none here).
public let kCICategoryInterlaced = "CICategoryInterlaced"
