import Foundation

/// The presentation copy of a presentation layer's superlayer, for a copy that has no superlayer
/// copy to point to: the copy `presentation()` returns for a sublayer, or a copy that outlived
/// the presentation it was read from (the hit of `root.presentation()?.hitTest(p)`). Apple's
/// CALayer.h: "the sublayers, mask and superlayer properties of the returned layer return the
/// presentation versions of these properties".
///
/// The copy is made when first asked for, from what it would have been made from when the
/// presentation was (the model superlayer and the media time then), and kept: asked again, it
/// is the same object. Like the sublayers' copies still to make (`PresentationSource`), it is
/// listed as pending, so that it is made before anything it is made from changes.
///
/// The presentation layer holds this, which holds the superlayer's copy; the superlayer's copy
/// does not hold the presentation layer (its sublayers are copies of its own), so no cycle forms.
/// Everything here is guarded by `LayerTreeLock`.
final class PresentationSuperlayer: PendingPresentation {
    /// The media time the presentation was made for.
    let time: CFTimeInterval
    /// The model superlayer, until its copy is made.
    private var model: CALayer?
    /// The superlayer's copy, once made.
    private var copy: CALayer?

    /// A pending superlayer copy: that of `model` at `time`. The caller holds `LayerTreeLock`.
    init(model: CALayer, time: CFTimeInterval) {
        self.model = model
        self.time = time
        PendingPresentations.add(self)
    }

    deinit {
        if model != nil { PendingPresentations.remove(self) }
    }

    /// The superlayer's copy, made now if it was not yet (nil only when the model superlayer
    /// was gone before). The caller holds `LayerTreeLock`.
    func presentation() -> CALayer? {
        if let copy { return copy }
        guard let model else { return nil }
        let made = PendingPresentations.making { model.presentationTree(withSuperlayerAt: time) }
        copy = made
        self.model = nil
        PendingPresentations.remove(self)
        return made
    }

    /// Makes the copy if it was not yet (before its model changes).
    func settle() {
        _ = presentation()
    }
}

extension CALayer {
    /// `presentationTree(at:)`, the copy's superlayer's copy made when first asked for
    /// (`PresentationSuperlayer`) when this layer has a superlayer. The caller holds
    /// `LayerTreeLock`.
    func presentationTree(withSuperlayerAt time: CFTimeInterval) -> Self {
        let copy = presentationTree(at: time)
        if let superlayer = lockedFields.superlayer {
            copy.superlayerPresentation = PresentationSuperlayer(model: superlayer, time: time)
        }
        return copy
    }

    /// The superlayer, and for a presentation layer without one whose model had one when the
    /// presentation was made, the presentation of that superlayer (`PresentationSuperlayer`).
    var superlayerOrItsPresentation: CALayer? {
        if let superlayer = superlayerStorage { return superlayer }
        guard isPresentationCopy else { return nil }
        // Read holding the lock: a source whose owner goes away sets it on another thread.
        return LayerTreeLock.shared.withLock { superlayerPresentation?.presentation() }
    }
}
