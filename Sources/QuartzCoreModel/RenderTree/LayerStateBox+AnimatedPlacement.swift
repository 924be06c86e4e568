import Foundation

/// The placement alone of an animated layer whose animations only move it: a renderer that
/// draws the layer's last drawing again at its new place (`FrameFlattener.redrawMoved`) needs
/// its presentation `position` and `transform`, not the rest of its presentation state, which
/// is the model's.
extension LayerStateBox {
    /// The `position` and `transform` of this state with `animations` applied at `localTime`,
    /// bit for bit those of `presentation(animatedBy:localTime:owner:)`, when every animation
    /// is a scalar one of a number in the position or the transform (`ScalarField.isPlacement`):
    /// then the presentation differs from this state in nothing else. Nil otherwise, or where
    /// an animation must take the general path (a transform that cannot be decomposed).
    ///
    /// The rotation about z goes through the memo of the kept presentation box, when `owner`'s
    /// frames may use it (`takeReusablePresentation(owner:)`), whose state is left as it is:
    /// the next presentation made fills it again from the model.
    package func placement(animatedBy animations: [CompiledAnimation], localTime: CFTimeInterval,
                           owner: PresentationBoxOwner?) -> LayerPlacement? {
        // Read where they lie, through a pointer: the array's subscript copies an animation out.
        let movesOnly = animations.withUnsafeBufferPointer { list in
            guard let animation = list.baseAddress else { return false }
            return list.indices.allSatisfy { animation[$0].stateField?.field.isPlacement == true }
        }
        guard movesOnly else { return nil }
        var placement = LayerPlacement(position: value.position, transform: value.transform)
        guard let kept = takeReusablePresentation(owner: owner), let storage = kept.planarRotationMemo else {
            var memo = PlanarRotationMemo()
            return placement.animate(by: animations, localTime: localTime, memo: &memo) ? placement : nil
        }
        defer { keepPresentation(kept) }
        return placement.animate(by: animations, localTime: localTime, memo: &storage.memo) ? placement : nil
    }
}

extension LayerPlacement {
    /// Applies `animations`, every one a scalar animation of a placement field, at `localTime`
    /// in order, as `LayerState.animate(by:localTime:memo:)` does; false where one declines
    /// (the placement is then partly written).
    mutating func animate(by animations: [CompiledAnimation], localTime: CFTimeInterval,
                          memo: inout PlanarRotationMemo) -> Bool {
        animations.withUnsafeBufferPointer { list in
            guard let animation = list.baseAddress else { return true }
            for index in list.indices {
                guard let field = animation[index].stateField,
                      field.apply(to: &self, parentTime: localTime, memo: &memo) else { return false }
            }
            return true
        }
    }
}
