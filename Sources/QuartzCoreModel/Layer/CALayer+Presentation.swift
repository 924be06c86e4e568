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
    func basePresentation() -> Self? {
        guard isLive else { return nil }
        return makePresentation(at: CACurrentMediaTime())
    }

    /// The behaviour of `model` (the overridable member in `CALayer`'s body forwards here).
    func baseModel() -> Self {
        (modelLayerStorage as? Self) ?? self
    }

    /// The presentation copy of the layer and of its subtree, made by a loop over the layers
    /// still to copy (not a recursion: the tree can be any depth).
    private func makePresentation(at time: CFTimeInterval) -> Self {
        let root = presentationCopy(at: time)
        var pending: [(model: CALayer, copy: CALayer)] = [(self, root)]
        while let (model, copy) = pending.popLast() {
            copy.sublayerStorage = model.sublayerStorage.map { sublayer in
                let presented = sublayer.presentationCopy(at: time)
                presented.superlayerStorage = copy
                pending.append((sublayer, presented))
                return presented
            }
        }
        return root
    }

    /// A copy of this layer alone with its presentation values: its properties as committed
    /// (as the current transaction found them: "all properties as they were at the start of
    /// the current transaction, with any active animations applied", Apple's CALayer.h on
    /// `presentationLayer`), with its animations applied.
    private func presentationCopy(at time: CFTimeInterval) -> Self {
        let copy = type(of: self).init(CARuntimeInstantiation(), copying: self)
        let committed = LayerTreeLock.shared.withLock { RenderTreeStores.committedState(of: layerID) }
        var presented = committed ?? state
        AnimationList.apply(animationStore, to: &presented, layer: self, time: time)
        copy.state = presented
        // Custom keys are read back from `customObjects`: give the copy the animated values.
        for (key, value) in copy.state.customValues where state.customValues[key] != value {
            copy.customObjects[key] = value.anyValue
        }
        copy.modelLayerStorage = self
        copy.isLive = false
        return copy
    }
}
