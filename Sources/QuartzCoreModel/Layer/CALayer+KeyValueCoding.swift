import Foundation

/// Why a key-value-coding access failed.
public enum CALayerKeyValueError: Error, CustomStringConvertible, Equatable {
    /// The key path names no property, field or custom key of the layer.
    case unknownKeyPath(String)
    /// The value cannot be stored at the key path (a colour where a point is expected, say).
    case typeMismatch(keyPath: String, value: String)
    /// The value contains NaN or infinity.
    case nonFinite(keyPath: String)

    /// A textual description, for logs and error messages.
    public var description: String {
        switch self {
        case .unknownKeyPath(let k): return "no property at key path \"\(k)\""
        case .typeMismatch(let k, let v): return "value \(v) has the wrong type for key path \"\(k)\""
        case .nonFinite(let k): return "non-finite value for key path \"\(k)\""
        }
    }
}

extension CALayer {
    // MARK: Apple's key-value coding

    /// The behaviour of `value` (the overridable member in `CALayer`'s body forwards here).
    func baseValue(forKey key: String) -> Any? {
        try? checkedValue(forKeyPath: key)
    }

    /// The behaviour of `value` (the overridable member in `CALayer`'s body forwards here).
    func baseValue(forKeyPath keyPath: String) -> Any? {
        try? checkedValue(forKeyPath: keyPath)
    }

    /// The behaviour of `setValue` (the overridable member in `CALayer`'s body forwards here).
    func baseSetValue(_ value: Any?, forKey key: String) {
        setValue(value, forKeyPath: key)
    }

    /// The behaviour of `setValue` (the overridable member in `CALayer`'s body forwards here).
    func baseSetValue(_ value: Any?, forKeyPath keyPath: String) {
        do {
            try setCheckedValue(value, forKeyPath: keyPath)
        } catch {
            Diagnostics.reject("CALayer.setValue(forKeyPath:): \(error)")
        }
    }

    // MARK: Checked access (Linux additions)

    /// Returns the value at `keyPath`, or throws `CALayerKeyValueError.unknownKeyPath`.
    public func checkedValue(forKeyPath keyPath: String) throws -> Any? {
        switch keyPath {
        case "contents": return contentsObject
        case "name": return name
        case "frame": return frame
        case "sublayers": return sublayers
        case "superlayer": return superlayer
        case "mask": return mask
        case "actions": return actions
        case "style": return style
        case "filters": return filters
        case "backgroundFilters": return backgroundFilters
        case "compositingFilter": return compositingFilter
        default: break
        }
        if let object = specializedObject(forKeyPath: keyPath) { return object }
        let (head, rest) = KeyPathFields.split(keyPath)
        if head == "frame", let rest {
            // `frame.origin.x`, `frame.size`, ...: fields of the derived frame.
            guard let field = KeyPathFields.field(rest, of: .rect(frame)) else {
                throw CALayerKeyValueError.unknownKeyPath(keyPath)
            }
            if case .scalar(let d) = field { return CGFloat(d) }
            return field.anyValue
        }
        if rest == nil {
            // Apple's key-value coding calls the (overridable) getter.
            if let property = Self.publicProperty(named: head) { return property.get(self) }
            if let accessor = state.propertyAccessor(forKey: head) { return accessor.native(state) }
            if let custom = customObjects[head] { return custom }
            if let styled = style?[head] { return styled }
            if let fallback = type(of: self).defaultValue(forKey: head) { return fallback }
            throw CALayerKeyValueError.unknownKeyPath(keyPath)
        }
        guard let value = state.animatableValue(forKeyPath: keyPath) else {
            throw CALayerKeyValueError.unknownKeyPath(keyPath)
        }
        // Every structure field (`position.x`, `bounds.size.width`, `transform.rotation.z`) is a
        // CGFloat; return it as one so that `as? CGFloat` works (Linux does not bridge Double).
        if case .scalar(let d) = value { return CGFloat(d) }
        return value.anyValue
    }

    /// Sets the value at `keyPath`, or throws without changing anything.
    public func setCheckedValue(_ value: Any?, forKeyPath keyPath: String) throws {
        switch keyPath {
        case "contents": contents = value; return
        case "name": name = try Self.optional(String.self, value, keyPath); return
        case "mask": mask = try Self.optional(CALayer.self, value, keyPath); return
        case "sublayers": sublayers = try Self.optional([CALayer].self, value, keyPath); return
        case "actions": actions = try Self.optional([String: CAAction].self, value, keyPath); return
        case "style": style = try Self.optional([AnyHashable: Any].self, value, keyPath); return
        case "filters": filters = try Self.optional([Any].self, value, keyPath); return
        case "backgroundFilters": backgroundFilters = try Self.optional([Any].self, value, keyPath); return
        case "compositingFilter": compositingFilter = value; return
        default: break
        }
        if try setSpecializedObject(value, forKeyPath: keyPath) { return }
        if LayerFilters.isParameterKeyPath(keyPath) { return try setFilterValue(value, forKeyPath: keyPath) }
        let (head, rest) = KeyPathFields.split(keyPath)
        if head == "frame" {
            // `frame` and its fields (`frame.size.width`) are set through the derived frame.
            let given = Self.keyValueForm(of: value)
            guard let animatable = AnimatableValue(given),
                  case .rect(let rect)? = rest.map({ KeyPathFields.setting($0, of: .rect(frame), to: animatable) }) ?? animatable
            else {
                if rest != nil, KeyPathFields.field(rest!, of: .rect(frame)) == nil {
                    throw CALayerKeyValueError.unknownKeyPath(keyPath)
                }
                throw CALayerKeyValueError.typeMismatch(keyPath: keyPath, value: String(describing: value))
            }
            guard rect.isFiniteValue else { throw CALayerKeyValueError.nonFinite(keyPath: keyPath) }
            frame = rect
            return
        }
        let isProperty = state.propertyAccessor(forKey: head) != nil
        if !isProperty && rest == nil {
            // A custom key: stored as given; its animatable form (if any) feeds animations.
            customObjects[head] = value
            let before = willChangeProperty(head)
            state.customValues[head] = AnimatableValue(value)
            didChangeProperty(head, before: before)
            return
        }
        let value = Self.keyValueForm(of: value)
        guard let animatable = AnimatableValue(value) ?? (value == nil ? Self.nilValue(for: head, in: state) : nil) else {
            throw CALayerKeyValueError.typeMismatch(keyPath: keyPath, value: String(describing: value))
        }
        guard animatable.isFiniteValue else { throw CALayerKeyValueError.nonFinite(keyPath: keyPath) }
        var updated = state
        guard state.animatableValue(forKeyPath: keyPath) != nil else {
            throw CALayerKeyValueError.unknownKeyPath(keyPath)
        }
        guard updated.setAnimatableValue(animatable, forKeyPath: keyPath) else {
            throw CALayerKeyValueError.typeMismatch(keyPath: keyPath, value: String(describing: value))
        }
        if !isProperty { customObjects[head] = updated.customValues[head]?.anyValue }
        // Bounds are kept standardized, as the `bounds` setter keeps them.
        if head == "bounds" { updated.bounds = updated.bounds.standardized }
        updated.applySetterValidation()
        // Apple's key-value coding calls the property's setter, so a subclass's override runs
        // (for a field such as `bounds.size.width`, with the whole updated structure).
        if isProperty, let property = Self.publicProperty(named: head) {
            property.set(self, updated)
            return
        }
        if isProperty, state.specialized != nil, setSpecializedPublicProperty(head, from: updated) { return }
        // The action is the property's (`position` for `position.x`), so a field set through
        // KVC animates implicitly like the whole property and finds the same actions.
        let before = willChangeProperty(head)
        state = updated
        didChangeProperty(head, before: before)
    }

    /// `value` in the form the property table stores: the properties' own constant types
    /// (`CALayerContentsGravity`, `CACornerMask`, ...) become their raw values, and integers of
    /// any width become `Double`, so that what `value(forKey:)` returns can be set back.
    private static func keyValueForm(of value: Any?) -> Any? {
        func double<T: BinaryInteger>(_ n: T) -> Double { Double(n) }
        var unwrapped = value
        if let raw = value as? any RawRepresentable { unwrapped = raw.rawValue }
        if let n = unwrapped as? any BinaryInteger { return double(n) }
        return unwrapped
    }

    /// `value` as an optional `T` for a property of that type, or a type-mismatch error.
    private static func optional<T>(_ type: T.Type, _ value: Any?, _ keyPath: String) throws -> T? {
        guard let value else { return nil }
        guard let typed = value as? T else {
            throw CALayerKeyValueError.typeMismatch(keyPath: keyPath, value: String(describing: value))
        }
        return typed
    }

    /// The animatable form of `nil` for optional properties (colours, images, paths).
    private static func nilValue(for key: String, in state: LayerState) -> AnimatableValue? {
        guard let accessor = state.propertyAccessor(forKey: key) else { return nil }
        switch accessor.get(state) {
        case .color: return .color(nil)
        case .image: return .image(nil)
        case .path: return .path(nil)
        default: return nil
        }
    }

    /// Applies a subclass's `defaultValue(forKey:)` overrides to a new layer.
    func applyClassDefaults() {
        guard type(of: self) != CALayer.self else { return }
        for key in LayerPropertyAccessor.all.keys {
            guard let value = type(of: self).defaultValue(forKey: key),
                  let animatable = AnimatableValue(value) else { continue }
            state.setAnimatableValue(animatable, forKeyPath: key)
        }
    }
}
