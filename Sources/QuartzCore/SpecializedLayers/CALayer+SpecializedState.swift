import Foundation

extension CALayer {
    /// Gives a new layer of a specialized class its payload with Apple's defaults, then applies
    /// the class's `defaultValue(forKey:)` overrides for the payload's keys (the base keys were
    /// applied by `CALayer.init()`).
    func installSpecializedState(_ payload: SpecializedLayerState) {
        state.specialized = payload
        for key in payload.accessors.keys {
            guard let value = type(of: self).defaultValue(forKey: key),
                  let animatable = AnimatableValue(value) else { continue }
            state.setAnimatableValue(animatable, forKeyPath: key)
        }
    }

    /// The default of a payload key, in its Swift type, as `defaultValue(forKey:)` returns it;
    /// nil when the payload has no such key.
    static func specializedDefault(forKey key: String, in payload: SpecializedLayerState) -> Any? {
        guard let accessor = payload.accessor(forKey: key) else { return nil }
        var defaults = LayerState()
        defaults.specialized = payload
        return accessor.native(defaults)
    }
}
