import Foundation

extension LayerStateBox {
    /// Sets `toPosition` to `LayerGeometry.toPosition(of:placement:)` of this state's placement
    /// with `animations` applied at `localTime` (`animatePlacement(_:by:localTime:owner:timings:)`, the
    /// same bits) and returns true, when every animation only moves the layer; false otherwise,
    /// `toPosition` unchanged.
    ///
    /// The memo of the turn is kept by the caller (a renderer's record of a layer it draws moved,
    /// frame after frame), not by the kept presentation box: no box taken out of its slot and put
    /// back (two atomic exchanges, a uniqueness check, retains); the memo is looked up by the
    /// transform's bits, whoever keeps it. The placement stays in this module, where it is made,
    /// animated and read without being copied across calls. `timings`: the caller's memo of the
    /// timings of the frame (`AnimationTimingMemo`).
    package func animatedToPosition(by animations: [CompiledAnimation], localTime: CFTimeInterval,
                                    memo: PlanarRotationMemo.Storage, timings: inout AnimationTimingMemo,
                                    toPosition: inout CATransform3D) -> Bool {
        var turns = false
        guard Self.writePlacementOnly(animations, turns: &turns) else { return false }
        var placement = LayerPlacement(position: value.position, transform: value.transform)
        CompiledAnimation.apply(animations, to: &placement, localTime: localTime, memo: &memo.memo, timings: &timings)
        toPosition = LayerGeometry.toPosition(of: self, placement: placement)
        return true
    }
}
