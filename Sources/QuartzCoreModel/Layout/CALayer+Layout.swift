import Foundation

extension CALayer {
    /// The behaviour of `layoutManager` (the overridable member in `CALayer`'s body forwards here).
    var baseLayoutManager: CALayoutManager? {
        get { layoutManagerStorage }
        set {
            layoutManagerStorage = newValue
            setNeedsLayout()
        }
    }

    /// The behaviour of `setNeedsLayout` (the overridable member in `CALayer`'s body forwards here).
    func baseSetNeedsLayout() {
        let marked = LayerTreeLock.shared.withLock { () -> Bool in
            guard !needsLayoutFlag else { return false }
            needsLayoutFlag = true
            superlayerStorage?.noteSublayerNeedsLayout()
            return true
        }
        guard marked else { return }
        layoutManagerStorage?.invalidateLayout(of: self)
        TransactionStack.current.recordChange(of: self)
    }

    /// The behaviour of `needsLayout` (the overridable member in `CALayer`'s body forwards here).
    func baseNeedsLayout() -> Bool { needsLayoutFlag }

    /// The behaviour of `layoutIfNeeded` (the overridable member in `CALayer`'s body forwards here).
    ///
    /// The walk is depth first, a layer before its sublayers, and is a loop over the path from
    /// this layer down (not a recursion), so a tree of any depth lays out on any thread.
    func baseLayoutIfNeeded() {
        var path: [LayoutWalkStep] = []
        if let step = layOutSelf() { path.append(step) }
        while let last = path.indices.last {
            guard path[last].next < path[last].sublayers.count else {
                path.removeLast().layer.finishSublayerLayout()
                continue
            }
            let sublayer = path[last].sublayers[path[last].next]
            path[last].next += 1
            if let step = sublayer.layOutSelf() { path.append(step) }
        }
    }

    /// Lays out this layer if it needs it; returns the walk of its sublayers when one may need
    /// layout, nil otherwise.
    private func layOutSelf() -> LayoutWalkStep? {
        let needed = LayerTreeLock.shared.withLock { () -> Bool in
            defer { needsLayoutFlag = false }
            return needsLayoutFlag
        }
        if needed { layoutSublayers() }
        // Only paths that lead to a layer needing layout are walked. The mark is cleared before
        // the walk: a layer marked during it marks its ancestors again, so none is forgotten.
        return LayerTreeLock.shared.withLock {
            guard sublayersNeedLayoutFlag else { return nil }
            sublayersNeedLayoutFlag = false
            return LayoutWalkStep(layer: self, sublayers: sublayerStorage)
        }
    }

    /// Ends the walk of this layer's sublayers.
    private func finishSublayerLayout() {
        // Marked again during the walk: keep the mark only if a sublayer still needs it (one
        // laid out earlier in the walk and marked after), so later walks skip clean paths.
        LayerTreeLock.shared.withLock {
            if sublayersNeedLayoutFlag {
                sublayersNeedLayoutFlag = sublayerStorage.contains { $0.needsLayoutFlag || $0.sublayersNeedLayoutFlag }
            }
        }
    }

    /// Marks this layer and its ancestors as having a descendant that needs layout. Every
    /// ancestor is marked, even one marked already: a walk in progress clears marks top-down.
    func noteSublayerNeedsLayout() {
        LayerTreeLock.shared.withLock {
            var current: CALayer? = self
            while let layer = current {
                layer.sublayersNeedLayoutFlag = true
                current = layer.superlayerStorage
            }
        }
    }
}

/// A layer whose sublayers `layoutIfNeeded()` is walking, and the next one to visit.
private struct LayoutWalkStep {
    let layer: CALayer
    let sublayers: [CALayer]
    var next = 0
}
