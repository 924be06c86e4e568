import CoreGraphics
import Foundation

/// An image processor: one of Core Image's built-in filters with its parameter values.
///
/// Here filters are given to layers (`CALayer.filters`, `backgroundFilters`,
/// `compositingFilter`), which supply the input images; the renderer applies them. A filter is
/// made by name with its parameters at their defaults, as Apple's:
///
/// ```swift
/// let blur = CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 20])!
/// layer.backgroundFilters = [blur]
/// ```
///
/// Parameters are read and written by key (`setValue(_:forKey:)`, `value(forKey:)`). A key the
/// filter does not have, a value of the wrong type, or a NaN or infinite number is logged and
/// ignored, leaving the parameter as it was; values outside a parameter's
/// `kCIAttributeMin`...`kCIAttributeMax` are kept as given, as Apple's are, and the renderer
/// clamps what it must (see `CALayer.filters`).
open class CIFilter: NSObject, NSCopying {
    /// The description of the built-in filter this is.
    let filterDescription: FilterDescription
    /// The parameter values, by key; images are supplied by the layer and never stored.
    private var values: [String: Any] = [:]

    /// The name of the built-in filter (`"CIGaussianBlur"`), whatever `name` has been set to.
    package var filterName: String { filterDescription.name }

    /// The filter's name: the built-in filter's (`"CIBloom"`) until set. Core Animation uses it
    /// to reach the filter's parameters through a layer's key paths
    /// (`filters.pulseFilter.inputIntensity`), so give a filter a name unique among the
    /// layer's filters before adding it.
    open var name: String

    /// Whether the filter is applied; a disabled filter passes its input through. Defaults to
    /// true. (A Core Animation addition to `CIFilter`, key `"enabled"`.)
    open var isEnabled = true

    /// Creates the built-in filter named `name` with its parameters at their defaults; nil
    /// when there is no such filter.
    public init?(name: String) {
        guard let description = FilterCatalog.filters[name] else {
            CoreImageLog.logger.error("CIFilter(name:): no filter named \"\(name)\"")
            return nil
        }
        filterDescription = description
        self.name = name
        super.init()
        setDefaults()
    }

    /// Creates the built-in filter named `name` with its parameters at their defaults, then
    /// sets each of `parameters`; nil when there is no such filter.
    public convenience init?(name: String, parameters: [String: Any]?) {
        self.init(name: name)
        for (key, value) in parameters ?? [:] { setValue(value, forKey: key) }
    }

    /// The names of the built-in filters in `category`.
    open class func filterNames(inCategory category: String?) -> [String] {
        filterNames(inCategories: category.map { [$0] })
    }

    /// The names of the built-in filters in every one of `categories` (all of them for nil).
    open class func filterNames(inCategories categories: [String]?) -> [String] {
        FilterCatalog.filters.values
            .filter { description in (categories ?? []).allSatisfy(description.categories.contains) }
            .map(\.name).sorted()
    }

    /// The keys of the filter's input parameters, images included.
    open var inputKeys: [String] { filterDescription.parameters.map(\.key) }

    /// The keys of the filter's outputs.
    open var outputKeys: [String] { [kCIOutputImageKey] }

    /// The filter's attributes: its name, display name and categories, and for each input key
    /// a dictionary of the parameter's class, type, default, identity and ranges.
    open var attributes: [String: Any] {
        var attributes: [String: Any] = [
            kCIAttributeFilterName: filterDescription.name,
            kCIAttributeFilterDisplayName: filterDescription.displayName,
            kCIAttributeFilterCategories: filterDescription.categories,
        ]
        for parameter in filterDescription.parameters { attributes[parameter.key] = parameter.attributes }
        return attributes
    }

    /// Sets every input parameter to its default value.
    open func setDefaults() {
        for parameter in filterDescription.parameters {
            values[parameter.key] = parameter.defaultValue
        }
    }

    /// The value of the parameter `key` (or of `"name"`, `"enabled"`); nil for an unknown key
    /// (logged) and for the images, which the layer supplies.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "name": return name
        case "enabled": return isEnabled
        case "attributes": return attributes
        case "inputKeys": return inputKeys
        case "outputKeys": return outputKeys
        default: break
        }
        guard filterDescription.parameter(key) != nil else {
            CoreImageLog.logger.error("CIFilter \(name): value(forKey:): no parameter \"\(key)\"")
            return nil
        }
        return values[key]
    }

    /// Sets the parameter `key` (or `"name"`, `"enabled"`). An unknown key, a value of the wrong
    /// type and a NaN or infinite number are logged and ignored; nil sets the default.
    open func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "name":
            guard let newName = value as? String else { return reject(key, "the value is not a String") }
            name = newName
            return
        case "enabled":
            guard let number = value.flatMap(FilterParameter.number) else { return reject(key, "the value is not a Bool") }
            isEnabled = number != 0
            return
        default: break
        }
        guard let parameter = filterDescription.parameter(key) else { return reject(key, "no such parameter") }
        guard let value else {
            values[key] = parameter.defaultValue
            return
        }
        if let bool = value as? Bool, case .scalar = parameter.kind {
            values[key] = NSNumber(value: bool ? 1.0 : 0.0)
            return
        }
        switch parameter.accepted(value) {
        case .success(let stored): values[key] = stored
        case .failure(let why): reject(key, "\(why) (\(String(describing: value)))")
        }
    }

    /// Sets several parameters, as `setValue(_:forKey:)` does each.
    open func setValuesForKeys(_ keyedValues: [String: Any]) {
        for (key, value) in keyedValues { setValue(value, forKey: key) }
    }

    private func reject(_ key: String, _ why: String) {
        CoreImageLog.logger.error("CIFilter \(name): setValue(_:forKey: \"\(key)\") ignored: \(why)")
    }

    /// A copy with the same name, enabled state and parameter values.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = CIFilter(copying: self)
        return copy
    }

    private init(copying other: CIFilter) {
        filterDescription = other.filterDescription
        name = other.name
        isEnabled = other.isEnabled
        values = other.values
        super.init()
    }

    /// The filter's name and parameter values.
    open override var description: String {
        let parameters = values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: " ")
        return "<CIFilter \(filterDescription.name) \"\(name)\"\(parameters.isEmpty ? "" : " ")\(parameters)>"
    }

    // MARK: Reading values (for the renderer)

    /// The number at `key`; nil when the filter has no such number.
    package func scalar(_ key: String) -> Double? {
        (values[key] as? NSNumber)?.doubleValue
    }

    /// The vector at `key`; nil when the filter has no such vector.
    package func vector(_ key: String) -> CIVector? { values[key] as? CIVector }

    /// The colour at `key`; nil when the filter has no such colour.
    package func color(_ key: String) -> CIColor? { values[key] as? CIColor }
}
