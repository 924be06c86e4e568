import CoreImage
import Foundation

extension CALayer {
    /// Copies the new `filters` or `backgroundFilters` array into the layer's state. A new
    /// array of `filters` takes effect at once; one of `backgroundFilters` fades in with the
    /// implicit transition of the guide's Table B-1 (000:1770) on a live layer.
    func filtersDidChange(_ list: LayerFilters.List) {
        let given = list == .filters ? filters : backgroundFilters
        var updated = state.filters ?? LayerFilters()
        updated[keyPath: list.path] = LayerFilters.states(of: given, property: list.rawValue)
        store(updated, key: list.rawValue, fades: list == .backgroundFilters)
    }

    /// Copies the new `compositingFilter` into the layer's state; on a live layer the change
    /// fades in with the implicit transition of the guide's Table B-1 (000:1774).
    func compositingFilterDidChange() {
        var updated = state.filters ?? LayerFilters()
        updated.compositingFilter = LayerFilters.compositingState(of: compositingFilter)
        store(updated, key: "compositingFilter", fades: true)
    }

    private func store(_ updated: LayerFilters, key: String, fades: Bool) {
        // A whole filter array has no value to interpolate: `before` is only the signal that
        // the change runs its action (the fade transition), as a `contents` change does.
        let runsAction = fades && isLive && !TransactionStack.current.disablesActions
        state.filters = updated.isEmpty ? nil : updated
        didChangeProperty(key, before: runsAction ? .bool(true) : nil)
    }

    /// Sets a filter's parameter through the layer (`filters.glow.inputRadius`,
    /// `backgroundFilters.blur.enabled`): in the layer's copy, which animates implicitly on a
    /// live layer, and in the `CIFilter` object the layer was given.
    func setFilterValue(_ value: Any?, forKeyPath keyPath: String) throws {
        guard let (list, name, key) = LayerFilters.parse(keyPath), var updated = state.filters,
              updated.value(forKeyPath: keyPath) != nil else {
            throw CALayerKeyValueError.unknownKeyPath(keyPath)
        }
        guard let value, let animatable = LayerFilterState.animatable(value) else {
            throw CALayerKeyValueError.typeMismatch(keyPath: keyPath, value: String(describing: value))
        }
        guard animatable.isFiniteValue else { throw CALayerKeyValueError.nonFinite(keyPath: keyPath) }
        guard updated.setValue(animatable, forKeyPath: keyPath) else {
            throw CALayerKeyValueError.typeMismatch(keyPath: keyPath, value: String(describing: value))
        }
        let objects = list == .filters ? filters : backgroundFilters
        (objects?.lazy.compactMap { $0 as? CIFilter }.first { $0.name == name })?.setValue(value, forKey: String(key))
        let before = willChangeProperty(keyPath)
        state.filters = updated
        didChangeProperty(keyPath, before: before)
    }
}
