import Foundation

extension CALayer {
    /// Keys Apple archives from the start: their values come from the application bundle's
    /// settings rather than from the class, so a new layer already has them to archive.
    private static let archivedFromTheStart: Set<String> = ["allowsEdgeAntialiasing", "allowsGroupOpacity"]

    /// Keys Apple never archives: `frame` is derived from `bounds`, `position` and `transform`
    /// (which are archived instead), and the superlayer is archived by the tree that holds it.
    private static let neverArchived: Set<String> = ["frame", "superlayer"]

    /// The behaviour of `shouldArchiveValue(forKey:)` (the overridable member in `CALayer`'s
    /// body forwards here).
    ///
    /// A property is archived once it has been given a value, as Apple's QuartzCore measurably
    /// answers (GNUstep libs-quartzcore `Tests/quartzcore/CALayer/archiving.m`). Apple keeps a
    /// flag per property; this layer reads "given" as holding a value other than its class's
    /// default (`defaultValue(forKey:)`, or the zero of the property's type where there is
    /// none), so a property set back to its default reads as never given. An optional object
    /// property (a mask, filters, a delegate, an extra key-value-coding value) counts as given
    /// whenever it holds something, even an empty array.
    func baseShouldArchiveValue(forKey key: String) -> Bool {
        if Self.archivedFromTheStart.contains(key) { return true }
        if key.isEmpty || Self.neverArchived.contains(key) { return false }
        switch key {
        case "sublayers": return !(sublayers ?? []).isEmpty
        case "delegate": return delegate != nil
        default: break
        }
        let defaultValue = type(of: self).defaultValue(forKey: key)
        // No value where the class has one (a shape layer's fill colour set to nil) was given.
        guard let value = value(forKey: key) else { return defaultValue != nil }
        if let defaultValue {
            guard let comparable = value as? any Equatable else { return true }
            return !comparable.isEqual(toValue: defaultValue)
        }
        // An array (filters, a dash pattern) was given even when empty: its default is none.
        if value is [Any] { return true }
        return !LayerClassDefaults.isZero(value)
    }
}

extension CALayer {
    /// The archive key of the values stored under keys that are not properties.
    private static let customValuesKey = "customValues"

    /// The object-valued keys archived beside the properties, in the order they are restored.
    private static let archivedObjectKeys = ["name", "mask", "sublayers", "style", "actions", "filters",
                                             "backgroundFilters", "compositingFilter"]

    /// The behaviour of `encode(with:)` (the overridable member in `CALayer`'s body forwards
    /// here): every property `shouldArchiveValue(forKey:)` names, the layer's name, mask,
    /// sublayers (archived in turn), style, actions, filters and the values stored under keys
    /// that are not properties. The delegate, the superlayer, animations and the layout manager
    /// are not archived. A value that cannot be archived (a Swift object that is not
    /// `NSCoding`) is logged and left out.
    func baseEncode(with coder: NSCoder) {
        let state = self.state
        for key in archivedPropertyKeys(of: state) where shouldArchiveValue(forKey: key) {
            guard let accessor = state.propertyAccessor(forKey: key) else { continue }
            // A property given no value (nil where the class has a default) is archived as such.
            coder.encodeAnimationValue(accessor.get(state).anyValue ?? NSNull(), forKey: key)
        }
        for key in Self.archivedObjectKeys where shouldArchiveValue(forKey: key) {
            coder.encodeAnimationValue(value(forKey: key), forKey: key)
        }
        if !state.customValues.isEmpty {
            coder.encodeAnimationValue(state.customValues.mapValues { $0.anyValue as Any }, forKey: Self.customValuesKey)
        }
    }

    /// Restores the properties every layer has; called once, by `init?(coder:)`.
    func decodeArchivedProperties(from coder: NSCoder) {
        decodeArchivedValues(forKeys: LayerPropertyAccessor.all.keys, from: coder)
    }

    /// Restores a specialized layer's own properties; called by its `init?(coder:)` once its
    /// payload is installed (before that its keys have nowhere to go).
    package func decodeArchivedSpecializedProperties(from coder: NSCoder) {
        if let keys = state.specialized?.accessors.keys { decodeArchivedValues(forKeys: keys, from: coder) }
    }

    private func decodeArchivedValues(forKeys keys: some Sequence<String>, from coder: NSCoder) {
        for key in keys {
            guard let value = coder.decodeAnimationValue(forKey: key) else { continue }
            setValue(value is NSNull ? nil : value, forKey: key)
        }
    }

    /// Restores the object-valued keys and the values stored under keys that are not
    /// properties; called once, by `init?(coder:)`.
    func decodeArchivedObjects(from coder: NSCoder) {
        for key in Self.archivedObjectKeys {
            guard let value = coder.decodeAnimationValue(forKey: key) else { continue }
            setValue(value, forKey: key)
        }
        if let custom = coder.decodeAnimationValue(forKey: Self.customValuesKey) as? [String: Any] {
            for (key, value) in custom { setValue(value, forKey: key) }
        }
    }

    /// The property keys of `state`: every layer's and its specialized payload's.
    private func archivedPropertyKeys(of state: LayerState) -> [String] {
        Array(LayerPropertyAccessor.all.keys) + Array(state.specialized?.accessors.keys ?? [:].keys)
    }
}
