import Foundation

/// The placement alone of an animated layer whose animations only move it: a renderer that
/// draws the layer's last drawing again at its new place (`FrameFlattener.redrawMoved`) needs
/// its presentation `position` and `transform`, not the rest of its presentation state, which
/// is the model's (`animatePlacement(_:by:localTime:owner:timings:)`).
extension LayerStateBox {
    /// Sets `placement` to the `position` and `transform` of this state with `animations`
    /// applied at `localTime`, bit for bit those of `presentation(animatedBy:localTime:owner:)`,
    /// and returns true, when every animation writes only the position or the transform or
    /// parts of them (`CompiledAnimation.writesPlacementOnly`: a number, a point or a whole
    /// transform, basic, spring or keyframe, or a group of such): then the presentation differs
    /// from this state in nothing else. Returns false otherwise, `placement` then meaningless.
    ///
    /// A transform component (the rotation about z) goes through the memo of the kept
    /// presentation box, when `owner`'s frames may use it (`takeReusablePresentation(owner:)`),
    /// whose state is left as it is: the next presentation made fills it again from the model.
    /// Animations that set none (a slide, a point-valued `position`) leave the box in its slot.
    /// (The placement is written in place and the answer is a flag: an optional placement was
    /// copied out twice a layer.)
    ///
    /// `timings`: the memo of the timings evaluated for the layers before this one in the frame
    /// (`AnimationTimingMemo`), which the caller keeps.
    package func animatePlacement(_ placement: inout LayerPlacement, by animations: [CompiledAnimation],
                                  localTime: CFTimeInterval, owner: PresentationBoxOwner?,
                                  timings: inout AnimationTimingMemo) -> Bool {
        var turns = false
        guard Self.writePlacementOnly(animations, turns: &turns) else { return false }
        placement.position = value.position
        placement.transform = value.transform
        guard turns, let kept = takeReusablePresentation(owner: owner), let storage = kept.planarRotationMemo else {
            var memo = PlanarRotationMemo()
            CompiledAnimation.apply(animations, to: &placement, localTime: localTime, memo: &memo, timings: &timings)
            return true
        }
        defer { keepPresentation(kept) }
        CompiledAnimation.apply(animations, to: &placement, localTime: localTime, memo: &storage.memo, timings: &timings)
        return true
    }

    /// Whether `animations` are some and each writes only the placement
    /// (`CompiledAnimation.writesPlacementOnly`; none is false: such a layer is not animated),
    /// `turns` set to whether one sets a transform component (`setsTransformComponent`). Each
    /// is read where it lies (the array's subscript copies an animation out).
    static func writePlacementOnly(_ animations: [CompiledAnimation], turns: inout Bool) -> Bool {
        animations.withUnsafeBufferPointer { list in
            guard let animation = list.baseAddress else { return false }
            for index in list.indices {
                guard animation[index].writesPlacementOnly else { return false }
                turns = turns || animation[index].setsTransformComponent
            }
            return true
        }
    }
}
