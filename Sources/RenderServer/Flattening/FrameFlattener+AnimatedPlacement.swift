import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// A layer whose running animations only move it (each a scalar animation of its `position` or
/// `transform`: `transform.rotation.z`, `position.x`, ...) and whose model changed since the
/// last frame at most in its placement has, apart from its placement, the presentation it had
/// then: it is a moved layer (`redrawMoved`), whose last drawing is drawn again with its new
/// map. Only the position and transform are evaluated (`LayerStateBox.animatedToPosition(by:
/// localTime:memo:toPosition:)`), not the whole presentation state, and the layer is not placed.
extension FrameFlattener {
    /// Sets `toParent` to the map from the space of a layer animated by `animations` (whose
    /// state box is `box`) to its superlayer's in `parent` (as `place(_:in:evaluated:)` finds it
    /// from the presentation) and `localTime` to the layer's local time, and returns true, when
    /// its animations only move it; false otherwise, or when the superlayer adds to the map (a
    /// flip or a `sublayerTransform`: left to `place`). (Written in place: an optional result
    /// was copied out.)
    ///
    /// `memo`: the memo of the layer's turn that the subtree cache keeps for it
    /// (`FlattenedSubtreeCache.Entry.placementMemo`), read without being retained (the cache
    /// holds it through the frame); without one, the kept presentation box's is taken and put
    /// back. The box is read as the caller holds it, not retained.
    ///
    /// The timings are looked up in the flattener's memo (`timingMemo`): layers whose
    /// animations share their timing (Apple's way of animating many layers) evaluate it once.
    mutating func animatedToSuperlayer(_ animations: [CompiledAnimation], box: LayerStateBox, in parent: ParentContext,
                                       memo: Unmanaged<PlanarRotationMemo.Storage>?,
                                       toParent: inout CATransform3D, localTime: inout CFTimeInterval) -> Bool {
        guard !parent.superlayerAddsGeometry else { return false }
        localTime = Self.localTime(of: box, parentTime: parent.time)
        if let memo {
            let time = localTime
            return memo._withUnsafeGuaranteedRef { memo in
                box.animatedToPosition(by: animations, localTime: time, memo: memo, timings: &timingMemo,
                                       toPosition: &toParent)
            }
        }
        var placement = LayerPlacement()
        guard box.animatePlacement(&placement, by: animations, localTime: localTime,
                                   owner: stores.presentationOwner, timings: &timingMemo) else { return false }
        toParent = LayerGeometry.toPosition(of: box, placement: placement)
        return true
    }

    /// Notes `animations`, of a layer drawn moved (whose state box is `box`) at local time
    /// `localTime` in `parent`, as `place(_:in:evaluated:)` notes those of a layer it places.
    mutating func noteAnimations(_ animations: [CompiledAnimation], box: LayerStateBox, localTime: CFTimeInterval,
                                 in parent: ParentContext) {
        changes.noteAnimations(animations, localTime: localTime, rate: parent.rate * Double(box.value.speed))
    }
}
