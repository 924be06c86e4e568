import CoreImage
import Foundation

/// The filters of a layer as its state holds them: copies of its `filters`,
/// `backgroundFilters` and `compositingFilter`, reached by key path and committed with the
/// rest of the layer.
package struct LayerFilters: Sendable, Equatable {
    var filters: [LayerFilterState] = []
    package var backgroundFilters: [LayerFilterState] = []
    var compositingFilter: LayerFilterState?

    /// Whether the layer has no filter of any kind.
    var isEmpty: Bool { filters.isEmpty && backgroundFilters.isEmpty && compositingFilter == nil }

    /// The array properties whose filters key paths reach by name.
    enum List: String, CaseIterable {
        case filters
        case backgroundFilters

        var path: WritableKeyPath<LayerFilters, [LayerFilterState]> {
            switch self {
            case .filters: \.filters
            case .backgroundFilters: \.backgroundFilters
            }
        }
    }

    /// Splits `filters.NAME.KEY` (or `backgroundFilters.NAME.KEY`) into its list, the filter's
    /// name and the key; nil for any other key path.
    static func parse(_ keyPath: String) -> (list: List, name: Substring, key: Substring)? {
        let parts = keyPath.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let list = List(rawValue: String(parts[0])), !parts[1].isEmpty, !parts[2].isEmpty else {
            return nil
        }
        return (list, parts[1], parts[2])
    }

    /// Whether `keyPath` names a filter's parameter (`filters.NAME.KEY`).
    static func isParameterKeyPath(_ keyPath: String) -> Bool {
        keyPath.hasPrefix("filters.") || keyPath.hasPrefix("backgroundFilters.") ? parse(keyPath) != nil : false
    }

    /// The value at a filter key path; nil when no filter of that name has that key.
    func value(forKeyPath keyPath: String) -> AnimatableValue? {
        guard let (list, name, key) = Self.parse(keyPath) else { return nil }
        return self[keyPath: list.path].first { $0.name == name }?.value(forKey: key)
    }

    /// Sets the value at a filter key path: whether it was set (the first filter of that name
    /// takes it, as Apple's key-value coding finds the first).
    mutating func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) -> Bool {
        guard let (list, name, key) = Self.parse(keyPath),
              let index = self[keyPath: list.path].firstIndex(where: { $0.name == name }) else { return false }
        return self[keyPath: list.path][index].setValue(value, forKey: key)
    }

    /// The copies of the `CIFilter`s in `array`; anything else is logged and left out.
    static func states(of array: [Any]?, property: String) -> [LayerFilterState] {
        (array ?? []).compactMap { element in
            guard let filter = element as? CIFilter else {
                Diagnostics.reject("CALayer.\(property): \(type(of: element)) is not a CIFilter; ignored")
                return nil
            }
            return LayerFilterState(filter)
        }
    }

    /// The copy of a compositing filter: a `CIFilter`, or the Core Animation name of a blend
    /// mode (`"multiplyBlendMode"`, which names `CIMultiplyBlendMode`); nil, logged, for
    /// anything else.
    static func compositingState(of value: Any?) -> LayerFilterState? {
        guard let value else { return nil }
        if let filter = value as? CIFilter {
            guard filter.attributes[kCIAttributeFilterCategories].flatMap({ $0 as? [String] })?
                .contains(kCICategoryCompositeOperation) == true else {
                Diagnostics.reject("CALayer.compositingFilter: \(filter.filterName) is not a compositing filter; ignored")
                return nil
            }
            return LayerFilterState(filter)
        }
        if let name = value as? String, let first = name.first {
            let kind = "CI" + first.uppercased() + name.dropFirst()
            if CIFilter(name: kind) != nil, kind.hasSuffix("BlendMode") || kind.hasSuffix("Compositing") {
                return LayerFilterState(kind: kind)
            }
        }
        Diagnostics.reject("CALayer.compositingFilter: \(String(describing: value)) is not a compositing filter; ignored")
        return nil
    }
}
