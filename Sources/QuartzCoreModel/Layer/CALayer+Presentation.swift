import Foundation

extension CALayer {
    /// The state as it appears on screen now: the model values with every running animation
    /// applied at the current media time.
    func presentationState(at time: CFTimeInterval = CACurrentMediaTime()) -> LayerState {
        var presented = state
        AnimationList.apply(animationStore, to: &presented, layer: self, time: time)
        return presented
    }

    /// The behaviour of `presentation` (the overridable member in `CALayer`'s body forwards here).
    ///
    /// Only the receiver's copy is made here; each sublayer's copy is made when it is first
    /// read (`PresentationSource`), from what `presentation()` would have read at this moment,
    /// so that a tap tested against the root of a large animated tree costs what the test reads.
    /// A presentation layer is its own presentation, as on Apple's QuartzCore.
    func basePresentation() -> Self? {
        if isPresentationCopy { return self }
        guard isLive else { return nil }
        return makePresentation(at: CACurrentMediaTime())
    }

    /// The presentation copy of this layer at `time`, its sublayers' and its superlayer's
    /// copies made when first read.
    func makePresentation(at time: CFTimeInterval) -> Self {
        LayerTreeLock.shared.withLock {
            PendingPresentations.making { presentationTree(withSuperlayerAt: time) }
        }
    }

    /// The behaviour of `model` (the overridable member in `CALayer`'s body forwards here).
    func baseModel() -> Self {
        (modelLayerStorage as? Self) ?? self
    }

    /// The presentation copy of this layer at `time`, with a source for its sublayers' copies
    /// (made when first read) and its mask's copy ("the sublayers, mask and superlayer
    /// properties of the returned layer return the presentation versions of these properties",
    /// Apple's CALayer.h). The caller holds `LayerTreeLock`.
    func presentationTree(at time: CFTimeInterval) -> Self {
        let copy = presentationCopy(at: time)
        let models = lockedFields.sublayers
        if !models.isEmpty {
            copy.presentationSource = PresentationSource(time: time, models: models, owner: copy)
        }
        if let mask = lockedFields.mask {
            let presentedMask = mask.presentationTree(at: time)
            presentedMask.maskOwner = copy
            copy.lockedFields.mask = presentedMask
        }
        return copy
    }

    /// The state of this model layer as `presentation()` shows it at `time`: its properties as
    /// committed ("all properties as they were at the start of the current transaction, with
    /// any active animations applied", Apple's CALayer.h on `presentationLayer`; the model's
    /// own for a layer not yet committed), with its animations applied. The caller holds
    /// `LayerTreeLock`.
    func committedPresentationState(at time: CFTimeInterval) -> LayerState {
        var presented = RenderTreeStores.committedState(of: layerID) ?? lockedFields.state
        AnimationList.apply(lockedFields.animations, to: &presented, layer: self, time: time)
        return presented
    }

    /// A copy of this layer alone with its presentation values (see
    /// `committedPresentationState(at:)`). The caller holds `LayerTreeLock`.
    private func presentationCopy(at time: CFTimeInterval) -> Self {
        let copy = type(of: self).init(CARuntimeInstantiation(), copying: self)
        let presented = committedPresentationState(at: time)
        let modelValues = lockedFields.state.customValues
        copy.state = presented
        // Custom keys are read back from `customObjects`: give the copy the animated values.
        for (key, value) in presented.customValues where modelValues[key] != value {
            copy.customObjects[key] = value.anyValue
        }
        copy.modelLayerStorage = self
        copy.isLive = false
        return copy
    }
}
