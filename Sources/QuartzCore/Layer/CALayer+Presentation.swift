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

    private func makePresentation(at time: CFTimeInterval) -> Self {
        let copy = type(of: self).init(CARuntimeInstantiation(), copying: self)
        copy.state = presentationState(at: time)
        // Custom keys are read back from `customObjects`: give the copy the animated values.
        for (key, value) in copy.state.customValues where state.customValues[key] != value {
            copy.customObjects[key] = value.anyValue
        }
        copy.modelLayerStorage = self
        copy.isLive = false
        copy.sublayerStorage = sublayerStorage.map { sublayer in
            let presented = sublayer.makePresentation(at: time)
            presented.superlayerStorage = copy
            return presented
        }
        return copy
    }
}
