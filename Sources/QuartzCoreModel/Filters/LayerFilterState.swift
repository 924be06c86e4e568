import CoreImage
import Foundation

/// A layer's copy of one `CIFilter`, taken when the filter is given to the layer: what the
/// render tree carries and what key paths (`filters.glow.inputRadius`) read, set and animate.
///
/// As the guide says (000:770), a filter cannot be changed once added to a layer except
/// through the layer's `setValue(_:forKeyPath:)`: changing the `CIFilter` object afterwards
/// does not reach the layer.
package struct LayerFilterState: Sendable, Equatable {
    /// The built-in filter (`"CIGaussianBlur"`).
    var kind: String
    /// The filter's `name`, by which key paths reach it.
    var name: String
    /// Whether the filter is applied (`CIFilter.isEnabled`, key `enabled`).
    var isEnabled: Bool
    /// The parameter values in animatable form: numbers as `.scalar`, vectors as `.array` of
    /// scalars, colours as `.color`.
    var parameters: [String: AnimatableValue]

    /// The copy of `filter`.
    init(_ filter: CIFilter) {
        kind = filter.filterName
        name = filter.name
        isEnabled = filter.isEnabled
        var parameters: [String: AnimatableValue] = [:]
        for key in filter.inputKeys {
            if let value = filter.value(forKey: key).flatMap(Self.animatable) { parameters[key] = value }
        }
        self.parameters = parameters
    }

    /// A filter with no parameters, for a compositing filter given by its Core Animation
    /// name (`"multiplyBlendMode"`).
    init(kind: String) {
        self.kind = kind
        name = kind
        isEnabled = true
        parameters = [:]
    }

    /// The animatable form of a parameter value (`NSNumber`, `CIVector`, `CIColor`).
    static func animatable(_ value: Any) -> AnimatableValue? {
        switch value {
        case let v as CIVector: .array(v.componentsArray.map { .scalar(Double($0)) })
        case let v as CIColor: .color(v.cgColor)
        case let v as NSNumber: .scalar(v.doubleValue)
        default: AnimatableValue(value).flatMap { $0.scalarValue.map(AnimatableValue.scalar) }
        }
    }

    /// The value at `key`: a parameter, or `enabled`/`name`.
    func value(forKey key: Substring) -> AnimatableValue? {
        switch key {
        case "enabled": .bool(isEnabled)
        case "name": .string(name)
        default: parameters[String(key)]
        }
    }

    /// Sets the value at `key` when it has the type of the value there: a number for a number,
    /// a vector of as many values for a vector, a colour for a colour. Returns whether it did.
    mutating func setValue(_ value: AnimatableValue, forKey key: Substring) -> Bool {
        if key == "enabled" {
            guard let on = value.scalarValue else { return false }
            isEnabled = on != 0
            return true
        }
        guard let current = parameters[String(key)] else { return false }
        switch (current, value) {
        case (.scalar, _):
            guard let number = value.scalarValue else { return false }
            parameters[String(key)] = .scalar(number)
        case (.array(let old), .array(let new)) where old.count == new.count && new.allSatisfy({ $0.scalarValue != nil }):
            parameters[String(key)] = value
        case (.color, .color(let c?)):
            parameters[String(key)] = .color(c)
        default:
            return false
        }
        return true
    }

    /// The number at `key`, or `fallback` when there is none.
    func scalar(_ key: String, or fallback: Double) -> Double {
        parameters[key]?.scalarValue ?? fallback
    }

    /// The vector at `key` as numbers, or `fallback` when there is none.
    func vector(_ key: String, or fallback: [Double]) -> [Double] {
        guard case .array(let items)? = parameters[key] else { return fallback }
        let numbers = items.compactMap(\.scalarValue)
        return numbers.count == items.count ? numbers : fallback
    }

    /// The colour at `key` as sRGB components, or `fallback` when there is none.
    func color(_ key: String, or fallback: [Double]) -> [Double] {
        guard case .color(let c?)? = parameters[key] else { return fallback }
        let rgba = c.rgba
        return [Double(rgba.red), Double(rgba.green), Double(rgba.blue), Double(rgba.alpha)]
    }
}
