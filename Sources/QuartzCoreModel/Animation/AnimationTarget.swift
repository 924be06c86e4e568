import Foundation

/// Something whose properties animations read and write by key path: a layer's Sendable state
/// on the render side, or the state behind a presentation layer on the model side.
package protocol AnimationTarget {
    /// The current value at `keyPath` (`"position"`, `"position.x"`, `"transform.rotation.z"`,
    /// a custom key), or nil when the key path names nothing.
    func animatableValue(forKeyPath keyPath: String) -> AnimatableValue?
    /// Sets the value at `keyPath`; returns false (and changes nothing) when the key path names
    /// nothing or the value has the wrong type.
    @discardableResult
    mutating func setAnimatableValue(_ value: AnimatableValue, forKeyPath keyPath: String) -> Bool
    /// `animatableValue(forKeyPath:)` for a key path resolved when its animation was compiled.
    func animatableValue(at keyPath: AnimationKeyPath) -> AnimatableValue?
    /// `setAnimatableValue(_:forKeyPath:)` for a key path resolved when its animation was compiled.
    @discardableResult
    mutating func setAnimatableValue(_ value: AnimatableValue, at keyPath: AnimationKeyPath) -> Bool
    /// The number at a resolved key path, or nil when the value there is not a number
    /// (`.scalar`): what a scalar animation (`ScalarInterpolation`) reads.
    func scalarValue(at keyPath: AnimationKeyPath) -> Double?
    /// `setAnimatableValue(.scalar(value), at: keyPath)`: what a scalar animation writes.
    @discardableResult
    mutating func setScalarValue(_ value: Double, at keyPath: AnimationKeyPath) -> Bool
}

extension AnimationTarget {
    func animatableValue(at keyPath: AnimationKeyPath) -> AnimatableValue? {
        animatableValue(forKeyPath: keyPath.name)
    }

    @discardableResult
    mutating func setAnimatableValue(_ value: AnimatableValue, at keyPath: AnimationKeyPath) -> Bool {
        setAnimatableValue(value, forKeyPath: keyPath.name)
    }

    func scalarValue(at keyPath: AnimationKeyPath) -> Double? {
        guard case .scalar(let value)? = animatableValue(at: keyPath) else { return nil }
        return value
    }

    @discardableResult
    mutating func setScalarValue(_ value: Double, at keyPath: AnimationKeyPath) -> Bool {
        setAnimatableValue(.scalar(value), at: keyPath)
    }
}
