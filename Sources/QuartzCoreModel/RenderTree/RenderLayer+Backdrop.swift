extension RenderLayer {
    /// Whether drawing the layer reads what was drawn behind it: it has `backgroundFilters` or
    /// blends by formula (`LayerFilters.readsBackdrop`), or it has a transition whose
    /// before-state holds such a layer. Kept in the layer's summary when it is committed, so
    /// that a frame tells whether any committed layer does without looking at every layer.
    var readsBackdrop: Bool {
        if stateStorage.value.filters?.readsBackdrop == true { return true }
        guard !animations.isEmpty else { return false }
        return animations.contains { animation in
            guard let before = animation.transitionDescription?.before else { return false }
            var found = false
            before.layers.forEach { _, captured in
                if captured.state.filters?.readsBackdrop == true { found = true }
            }
            return found
        }
    }
}
