import Foundation

extension CALayer {
    /// The object responsible for laying out the layer's sublayers. Assigning one schedules a layout.
    public var layoutManager: CALayoutManager? {
        get { layoutManagerStorage }
        set {
            layoutManagerStorage = newValue
            setNeedsLayout()
        }
    }

    /// Marks the layer as needing layout; it is laid out before the next frame is committed.
    public func setNeedsLayout() {
        guard !needsLayoutFlag else { return }
        needsLayoutFlag = true
        layoutManagerStorage?.invalidateLayout(of: self)
        TransactionStack.current.recordChange(of: self)
    }

    /// Returns whether the layer has been marked as needing layout.
    public func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out the layer now if it needs it, and then its sublayers if they need it.
    public func layoutIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        for sublayer in sublayerStorage { sublayer.layoutIfNeeded() }
    }
}
