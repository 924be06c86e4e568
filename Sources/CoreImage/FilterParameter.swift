import CoreGraphics
import Foundation

/// One input parameter of a built-in filter, with the attributes Apple's filter reference lists.
struct FilterParameter: Sendable {
    /// What the parameter holds.
    enum Kind: Sendable {
        /// A number, with its attribute type (`kCIAttributeTypeScalar`, `kCIAttributeTypeDistance`).
        case scalar(type: String, range: ScalarRange)
        /// A vector of `default.count` values.
        case vector(default: [CGFloat])
        /// A colour (red, green, blue, alpha).
        case color(default: [CGFloat])
        /// An image, supplied by the layer (the filter's input or what lies behind the layer).
        case image
    }

    /// The default, identity and ranges of a number; nil where Apple gives no such attribute.
    struct ScalarRange: Sendable {
        var defaultValue: Double
        var identity: Double?
        var min: Double?
        var max: Double?
        var sliderMin: Double?
        var sliderMax: Double?
    }

    let key: String
    let displayName: String
    let kind: Kind

    /// A number parameter.
    static func scalar(_ key: String, _ displayName: String, type: String = kCIAttributeTypeScalar,
                       default defaultValue: Double, identity: Double? = nil, min: Double? = nil, max: Double? = nil,
                       sliderMin: Double? = nil, sliderMax: Double? = nil) -> Self {
        Self(key: key, displayName: displayName, kind: .scalar(type: type, range: ScalarRange(
            defaultValue: defaultValue, identity: identity, min: min, max: max, sliderMin: sliderMin, sliderMax: sliderMax)))
    }

    /// The value `setDefaults()` gives the parameter; nil for an image.
    var defaultValue: Any? {
        switch kind {
        case .scalar(_, let range): NSNumber(value: range.defaultValue)
        case .vector(let values): CIVector(values: values)
        case .color(let c): CIColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        case .image: nil
        }
    }

    /// The parameter's attribute dictionary, with Apple's keys.
    var attributes: [String: Any] {
        var attributes: [String: Any] = [kCIAttributeDisplayName: displayName]
        switch kind {
        case .scalar(let type, let range):
            attributes[kCIAttributeClass] = "NSNumber"
            attributes[kCIAttributeType] = type
            attributes[kCIAttributeDefault] = NSNumber(value: range.defaultValue)
            let optional: [(String, Double?)] = [
                (kCIAttributeIdentity, range.identity), (kCIAttributeMin, range.min), (kCIAttributeMax, range.max),
                (kCIAttributeSliderMin, range.sliderMin), (kCIAttributeSliderMax, range.sliderMax),
            ]
            for case let (key, value?) in optional { attributes[key] = NSNumber(value: value) }
        case .vector(let values):
            attributes[kCIAttributeClass] = "CIVector"
            attributes[kCIAttributeDefault] = CIVector(values: values)
            attributes[kCIAttributeIdentity] = CIVector(values: values)
        case .color(let c):
            attributes[kCIAttributeClass] = "CIColor"
            attributes[kCIAttributeType] = kCIAttributeTypeColor
            attributes[kCIAttributeDefault] = CIColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        case .image:
            attributes[kCIAttributeClass] = "CIImage"
            attributes[kCIAttributeType] = kCIAttributeTypeImage
        }
        return attributes
    }

    /// `value` in the parameter's stored form, or why it is refused (a wrong type, a
    /// non-finite number).
    func accepted(_ value: Any) -> Result<Any, FilterValueError> {
        switch kind {
        case .scalar:
            guard let number = Self.number(value) else { return .failure(.wrongType(expected: "a number")) }
            guard number.isFinite else { return .failure(.nonFinite) }
            return .success(NSNumber(value: number))
        case .vector:
            guard let vector = value as? CIVector else { return .failure(.wrongType(expected: "a CIVector")) }
            guard vector.isFinite else { return .failure(.nonFinite) }
            return .success(vector)
        case .color:
            guard let color = value as? CIColor else { return .failure(.wrongType(expected: "a CIColor")) }
            guard color.isFinite else { return .failure(.nonFinite) }
            return .success(color)
        case .image:
            return .failure(.suppliedByLayer)
        }
    }

    /// A number given as any Swift numeric type or `NSNumber`.
    static func number(_ value: Any) -> Double? {
        switch value {
        case let v as Double: v
        case let v as Float: Double(v)
        case let v as CGFloat: Double(v)
        case let v as Int: Double(v)
        case let v as NSNumber: v.doubleValue
        case let v as any BinaryInteger: Double(v)
        default: nil
        }
    }
}

/// Why a filter refused a value.
enum FilterValueError: Error, CustomStringConvertible {
    case wrongType(expected: String)
    case nonFinite
    case suppliedByLayer

    var description: String {
        switch self {
        case .wrongType(let expected): "the value is not \(expected)"
        case .nonFinite: "the value is not a finite number"
        case .suppliedByLayer: "the layer supplies this image; there is no CIImage here"
        }
    }
}
