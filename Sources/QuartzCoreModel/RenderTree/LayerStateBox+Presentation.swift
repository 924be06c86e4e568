import Foundation
import Synchronization

/// The presentation state of an animated layer, made at every frame a renderer draws it, in a
/// box reused from frame to frame rather than allocated for each (and a copy of the state moved
/// into it).
///
/// The committed box keeps the box it last made (`presentationSlot`). A renderer takes it out
/// of the slot (an atomic exchange: two renderers never take the same box); when that leaves
/// the renderer as the box's only holder (the frame that drew it has let it go), the box is
/// filled again in place, else a new one is made; either goes back into the slot for the next
/// frame. Nothing else can reach a box taken from the slot, so no reader sees it change.
extension LayerStateBox {
    /// A box holding this state with `animations` applied at `localTime`, in the order they
    /// were added (the layer's presentation state).
    package func presentation(animatedBy animations: [CompiledAnimation], localTime: CFTimeInterval) -> LayerStateBox {
        if let taken = presentationSlot.exchange(nil, ordering: .acquiringAndReleasing) {
            var box: LayerStateBox? = Unmanaged<LayerStateBox>.fromOpaque(taken).takeRetainedValue()
            if isKnownUniquelyReferenced(&box), let reused = box {
                reused.value = value
                Self.apply(animations, to: &reused.value, localTime: localTime)
                keepPresentation(reused)
                return reused
            }
        }
        var state = value
        Self.apply(animations, to: &state, localTime: localTime)
        let made = LayerStateBox(state)
        keepPresentation(made)
        return made
    }

    /// Applies `animations` to `state` in order, each read where it lies in the array's
    /// storage: an element read through the array's subscript is copied out first (its parts
    /// retained and released, ~400 instructions an animation and frame).
    private static func apply(_ animations: [CompiledAnimation], to state: inout LayerState, localTime: CFTimeInterval) {
        animations.withUnsafeBufferPointer { list in
            for index in list.indices { list[index].apply(to: &state, parentTime: localTime) }
        }
    }

    /// Lets go of the kept presentation box, if any (the layer's animations have ended, so its
    /// presentation is this box itself): an atomic load when there is none.
    package func releasePresentation() {
        guard presentationSlot.load(ordering: .relaxed) != nil,
              let kept = presentationSlot.exchange(nil, ordering: .acquiringAndReleasing) else { return }
        Unmanaged<LayerStateBox>.fromOpaque(kept).release()
    }

    /// Puts `box` into the slot for the next frame, letting go of one another renderer put
    /// there meanwhile.
    private func keepPresentation(_ box: LayerStateBox) {
        let retained = Unmanaged.passRetained(box).toOpaque()
        if let replaced = presentationSlot.exchange(retained, ordering: .acquiringAndReleasing) {
            Unmanaged<LayerStateBox>.fromOpaque(replaced).release()
        }
    }
}
