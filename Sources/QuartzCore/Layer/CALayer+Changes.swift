import Foundation

extension CALayer {
    /// Sets one property of the model state, recording the change for the current transaction
    /// and running the property's action (an implicit animation) when the layer is live.
    func setProperty<Value>(_ keyPath: WritableKeyPath<LayerState, Value>, _ value: Value, key: String) {
        let before = willChangeProperty(key)
        state[keyPath: keyPath] = value
        didChangeProperty(key, before: before)
    }

    /// Like `setProperty`, but rejects NaN and infinite values: the previous value is kept and
    /// the problem is logged, so one bad number cannot poison a frame.
    func setFinite<Value: FiniteCheckable>(_ keyPath: WritableKeyPath<LayerState, Value>, _ value: Value, key: String) {
        guard value.isFiniteValue else {
            Diagnostics.reject("CALayer \(name.map { "\"\($0)\"" } ?? "\(layerID)"): ignored non-finite \(key) \(value)")
            return
        }
        setProperty(keyPath, value, key: key)
    }
}
