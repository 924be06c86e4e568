import Foundation

extension CompiledAnimation {
    /// `apply(to:parentTime:)` on a layer's state, for a basic or spring animation of a number
    /// stored in the state (`position.x`, `opacity`, `transform.rotation.z`, ...), which most
    /// running animations are: evaluated from the animation's plain values (`timing`,
    /// `scalar`, `scalarPacing`, `scalarField`), read where the animation lies, and written
    /// into the field, with the result of `apply(to:parentTime:)`, bit for bit.
    ///
    /// `apply(to:parentTime:)` reads the same values but through the key path and the timing
    /// function, which it copies out of the animation (a string and closures retained and
    /// released, a class retained and released) for each animation at each frame.
    ///
    /// Returns false, having written nothing, for any other animation, and where the number
    /// cannot be read (a transform component of a transform that cannot be decomposed): the
    /// caller then calls `apply(to:parentTime:)`.
    func applyToField(of state: inout LayerState, parentTime: CFTimeInterval) -> Bool {
        guard let scalar, let field = scalarField else { return false }
        // Outside the active interval without a fill, nothing is written (the model value shows).
        guard let sample = timing.sample(atParentTime: parentTime) else { return true }
        return scalar.apply(progress: scalarPacing.progress(at: sample), iteration: sample.iteration, field: field,
                            to: &state)
    }
}
