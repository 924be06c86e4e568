import Foundation

/// An animation target that resolves key paths itself (`AnimationKeyPath`): a layer's state, or
/// its placement alone (`LayerPlacement`). A key path given as a string is resolved first.
package protocol ResolvedAnimationTarget: AnimationTarget {}

extension ResolvedAnimationTarget {
    /// The value at `keyPath`, resolved first.
    package func animatableValue(forKeyPath keyPath: String) -> AnimatableValue? {
        animatableValue(at: AnimationKeyPath(keyPath))
    }

    /// Sets the value at `keyPath`, resolved first.
    @discardableResult
    package mutating func setAnimatableValue(_ value: AnimatableValue, forKeyPath keyPath: String) -> Bool {
        setAnimatableValue(value, at: AnimationKeyPath(keyPath))
    }
}

extension ResolvedAnimationTarget where Self: AnimatedFieldHolder {
    /// `scalarValue(at:)` of a target whose numbers are fields: the field's (`ScalarField`)
    /// when `keyPath` names one.
    func fieldScalarValue(at keyPath: AnimationKeyPath) -> Double? {
        if let field = keyPath.scalarField { return value(of: field) }
        guard case .scalar(let value)? = animatableValue(at: keyPath) else { return nil }
        return value
    }

    /// `setScalarValue(_:at:)` of a target whose numbers are fields: the field (`ScalarField`)
    /// when `keyPath` names one.
    mutating func setFieldScalarValue(_ value: Double, at keyPath: AnimationKeyPath) -> Bool {
        guard let field = keyPath.scalarField else { return setAnimatableValue(.scalar(value), at: keyPath) }
        var memo = PlanarRotationMemo()
        set(value, of: field, memo: &memo)
        return true
    }
}
