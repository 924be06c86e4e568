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
    /// nil when the payload has no such key and, as Apple's `+defaultValueForKey:`, when the
    /// default is the zero of its type (see `LayerClassDefaults`; measured for
    /// `CAEmitterLayer`: `birthRate` 1, `emitterShape` point and `scale` 1 are answered, GNUstep
    /// libs-quartzcore `Tests/quartzcore/CAEmitterLayer/emitter.m`).
    static func specializedDefault(forKey key: String, in payload: SpecializedLayerState) -> Any? {
        guard let accessor = payload.accessor(forKey: key) else { return nil }
        var defaults = LayerState()
        defaults.specialized = payload
        guard let value = accessor.native(defaults), !LayerClassDefaults.isZero(value) else { return nil }
        return value
    }
}
