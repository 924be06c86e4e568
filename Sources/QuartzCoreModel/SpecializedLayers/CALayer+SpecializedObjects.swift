import Foundation

// Key-value coding of the specialized properties whose values are objects rather than
// animatable values: a text layer's `string` and `font`, an emitter layer's `emitterCells`
// and its cell key paths (`emitterCells.fire.birthRate`).
extension CALayer {
    /// The value of an object-valued specialized key (wrapped: `.some(nil)` is a nil value),
    /// or nil when `keyPath` is not one.
    func specializedObject(forKeyPath keyPath: String) -> Any?? {
        switch (self, keyPath) {
        case (let text as CATextLayer, "string"): return .some(text.string)
        case (let text as CATextLayer, "font"): return .some(text.font)
        case (let emitter as CAEmitterLayer, "emitterCells"): return .some(emitter.emitterCells)
        default: return nil
        }
    }

    /// Sets an object-valued specialized key; false when `keyPath` is not one.
    func setSpecializedObject(_ value: Any?, forKeyPath keyPath: String) throws -> Bool {
        switch (self, keyPath) {
        case (let text as CATextLayer, "string"):
            guard value == nil || TextLayerState.runs(of: value!) != nil else {
                throw CALayerKeyValueError.typeMismatch(keyPath: keyPath, value: String(describing: value))
            }
            text.string = value
        case (let text as CATextLayer, "font"):
            guard value == nil || value is CATextLayerFontDescribing else {
                throw CALayerKeyValueError.typeMismatch(keyPath: keyPath, value: String(describing: value))
            }
            text.font = value
        case (let emitter as CAEmitterLayer, "emitterCells"):
            guard value == nil || value is [CAEmitterCell] else {
                throw CALayerKeyValueError.typeMismatch(keyPath: keyPath, value: String(describing: value))
            }
            emitter.emitterCells = value as? [CAEmitterCell]
        case (let emitter as CAEmitterLayer, _) where keyPath.hasPrefix("emitterCells."):
            try emitter.setCellValue(value, forPath: keyPath.dropFirst("emitterCells.".count), keyPath: keyPath)
        default:
            return false
        }
        return true
    }
}
