import Foundation
import Synchronization

/// The presentation state of an animated layer, made at every frame a renderer draws it, in a
/// box reused from frame to frame rather than allocated for each (and a copy of the state moved
/// into it).
///
/// The committed box keeps the box it last made (`presentationSlot`). A renderer takes it out
/// of the slot (an atomic exchange: two renderers never take the same box); when the box was
/// made for the same renderer's frames (`owner`) and that leaves the renderer as its only holder
/// (the frame that drew it has let it go), the box is filled again in place, else a new one is
/// made; either goes back into the slot for the next frame. Nothing else can reach a box taken
/// from the slot, so no reader sees it change.
///
/// Why the owner: the last holder's release and the uniqueness check order the hand-over
/// (a release and an acquire on the reference count), but in the Swift runtime, which
/// ThreadSanitizer does not instrument, so a box read on one renderer's thread and filled on
/// another's would be reported as a race. A renderer's own frames follow each other on its
/// thread, joined with any threads that read its boxes, so filling its own boxes is ordered
/// where the sanitizer sees it; a box another renderer (or drawing outside a renderer, `owner`
/// nil) made is left to its holders.
extension LayerStateBox {
    /// A box holding this state with `animations` applied at `localTime`, in the order they
    /// were added (the layer's presentation state), for `owner`'s frames.
    package func presentation(animatedBy animations: [CompiledAnimation], localTime: CFTimeInterval,
                              owner: PresentationBoxOwner?) -> LayerStateBox {
        if let reused = takeReusablePresentation(owner: owner) {
            reused.fill(copying: self)
            if let kept = reused.planarRotationMemo {
                reused.value.animate(by: animations, localTime: localTime, memo: &kept.memo)
            } else {
                reused.value.animate(by: animations, localTime: localTime)
            }
            keepPresentation(reused)
            return reused
        }
        var state = value
        var memo = PlanarRotationMemo()
        state.animate(by: animations, localTime: localTime, memo: &memo)
        let made = LayerStateBox(presentation: state, owner: owner, planarRotationMemo: memo)
        keepPresentation(made)
        return made
    }

    /// The kept presentation box, taken out of the slot, when it was made for `owner`'s frames
    /// and nothing else holds it: it may be filled again. Nil otherwise (the box taken out, if
    /// any, let go: the caller puts a new one in).
    func takeReusablePresentation(owner: PresentationBoxOwner?) -> LayerStateBox? {
        guard let taken = presentationSlot.exchange(nil, ordering: .acquiringAndReleasing) else { return nil }
        var box: LayerStateBox? = Unmanaged<LayerStateBox>.fromOpaque(taken).takeRetainedValue()
        guard let owner, box?.presentationOwner === owner, isKnownUniquelyReferenced(&box) else { return nil }
        return box
    }

    /// Replaces the state of this box, which nothing else holds (a presentation box taken back
    /// from the slot), with a copy of the state of `model`: one pass over its bytes
    /// (`LayerState.assign(_:copying:)`) rather than an assignment through the state's value
    /// witness, which copies it out to a temporary and in again.
    private func fill(copying model: LayerStateBox) {
        withUnsafeMutablePointer(to: &value) { destination in
            model.withUnsafeStatePointer { LayerState.assign(destination, copying: $0) }
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
    func keepPresentation(_ box: LayerStateBox) {
        let retained = Unmanaged.passRetained(box).toOpaque()
        if let replaced = presentationSlot.exchange(retained, ordering: .acquiringAndReleasing) {
            Unmanaged<LayerStateBox>.fromOpaque(replaced).release()
        }
    }
}

/// The frames of one renderer, in order: presentation boxes made for them are filled again only
/// by its later frames (`LayerStateBox.presentation(animatedBy:localTime:owner:)`). Each
/// renderer's frame builder holds one.
package final class PresentationBoxOwner: Sendable {
    package init() {}
}

extension LayerState {
    /// Applies `animations` at `localTime` in order, each seeing the result of the ones before
    /// (a layer's presentation state, from its model state).
    ///
    /// Each animation is read where it lies in the array's storage, through a pointer: an
    /// element read through the array's subscript, or a buffer pointer's, is copied out first
    /// (its parts retained and released, ~400 instructions an animation and frame). A basic
    /// animation of a number, a point or the transform in the state is evaluated on its plain
    /// values (`StateFieldAnimation`; `CompiledAnimation.apply(_:to:localTime:memo:)`).
    package mutating func animate(by animations: [CompiledAnimation], localTime: CFTimeInterval) {
        var memo = PlanarRotationMemo()
        animate(by: animations, localTime: localTime, memo: &memo)
    }

    /// `animate(by:localTime:)`, the rotation about z of a flat transform set through `memo`,
    /// which a presentation box keeps from frame to frame (`PlanarRotationMemo`).
    mutating func animate(by animations: [CompiledAnimation], localTime: CFTimeInterval,
                          memo: inout PlanarRotationMemo) {
        CompiledAnimation.apply(animations, to: &self, localTime: localTime, memo: &memo)
    }
}
