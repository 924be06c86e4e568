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
        guard !needsLayoutFlag else { return }
        needsLayoutFlag = true
        superlayerStorage?.noteSublayerNeedsLayout()
        layoutManagerStorage?.invalidateLayout(of: self)
        TransactionStack.current.recordChange(of: self)
    }

    /// The behaviour of `needsLayout` (the overridable member in `CALayer`'s body forwards here).
    func baseNeedsLayout() -> Bool { needsLayoutFlag }

    /// The behaviour of `layoutIfNeeded` (the overridable member in `CALayer`'s body forwards here).
    func baseLayoutIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        // Only paths that lead to a layer needing layout are walked. The mark is cleared before
        // the walk: a layer marked during it marks its ancestors again, so none is forgotten.
        guard sublayersNeedLayoutFlag else { return }
        sublayersNeedLayoutFlag = false
        for sublayer in sublayerStorage { sublayer.layoutIfNeeded() }
        // Marked again during the walk: keep the mark only if a sublayer still needs it (one
        // laid out earlier in the walk and marked after), so later walks skip clean paths.
        if sublayersNeedLayoutFlag {
            sublayersNeedLayoutFlag = sublayerStorage.contains { $0.needsLayoutFlag || $0.sublayersNeedLayoutFlag }
        }
    }

    /// Marks this layer and its ancestors as having a descendant that needs layout. Every
    /// ancestor is marked, even one marked already: a walk in progress clears marks top-down.
    func noteSublayerNeedsLayout() {
        var current: CALayer? = self
        while let layer = current {
            layer.sublayersNeedLayoutFlag = true
            current = layer.superlayerStorage
        }
    }
}
