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
        guard let value = value(forKey: key) else { return false }
        if let defaultValue = type(of: self).defaultValue(forKey: key) {
            guard let comparable = value as? any Equatable else { return true }
            return !comparable.isEqual(toValue: defaultValue)
        }
        // An array (filters, a dash pattern) was given even when empty: its default is none.
        if value is [Any] { return true }
        return !LayerClassDefaults.isZero(value)
    }
}
