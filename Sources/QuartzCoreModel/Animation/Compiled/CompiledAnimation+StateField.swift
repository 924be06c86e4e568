import Foundation

/// A basic or spring animation of a number stored in a layer's state (`position.x`,
/// `opacity`, `transform.rotation.z`, ...), which most running animations are, as plain values
/// only: its timing, interpolation, pacing (the timing function's curve or the spring) and the
/// field it writes.
///
/// A compiled animation keeps one inline. Read out of the animation's storage it is a plain
/// load, where a call on the animation itself copies the whole animation first (its key path's
/// string and closures, its timing function, retained and released), as the compiler must when
/// the animation is read through a pointer while the state is written.
struct StateFieldAnimation: Sendable {
    let timing: MediaTimingParameters
    let scalar: ScalarInterpolation
    let pacing: ScalarPacing
    let field: ScalarField

    /// `CompiledAnimation.apply(to:parentTime:)` on a layer's state, with its result bit for
    /// bit. Returns false, having written nothing, where the number cannot be read (a
    /// transform component of a transform that cannot be decomposed): the caller then calls
    /// `apply(to:parentTime:)`, which takes the general path.
    ///
    /// A rotation about z of a flat transform is set through `memo` (`PlanarRotationMemo`:
    /// the same result, the transform decomposed only when it is not the one decomposed last).
    ///
    /// `state` may be a layer's placement alone (`LayerPlacement`), when `field.isPlacement`.
    func apply<Holder: ScalarFieldHolder>(to state: inout Holder, parentTime: CFTimeInterval,
                                          memo: inout PlanarRotationMemo) -> Bool {
        // Outside the active interval without a fill, nothing is written (the model value shows).
        guard let sample = timing.sample(atParentTime: parentTime) else { return true }
        return scalar.apply(progress: pacing.progress(at: sample), iteration: sample.iteration, field: field,
                            to: &state, memo: &memo)
    }
}

extension CompiledAnimation {
    /// `apply(to:parentTime:)` on a layer's state through `stateField` when the animation has
    /// one; false, having written nothing, otherwise (and where `stateField` declines).
    func applyToField(of state: inout LayerState, parentTime: CFTimeInterval) -> Bool {
        var memo = PlanarRotationMemo()
        return stateField?.apply(to: &state, parentTime: parentTime, memo: &memo) ?? false
    }
}
