import Foundation

extension CALayer {
    /// The object responsible for laying out the layer's sublayers. Assigning one schedules a layout.
    open var layoutManager: CALayoutManager? {
        get { layoutManagerStorage }
        set {
            layoutManagerStorage = newValue
            setNeedsLayout()
        }
    }

    /// Marks the layer as needing layout; it is laid out before the next frame is committed.
    open func setNeedsLayout() {
        guard !needsLayoutFlag else { return }
        needsLayoutFlag = true
        layoutManagerStorage?.invalidateLayout(of: self)
        TransactionStack.current.recordChange(of: self)
    }

    /// Returns whether the layer has been marked as needing layout.
    open func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out the layer now if it needs it, and then its sublayers if they need it.
    open func layoutIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        for sublayer in sublayerStorage { sublayer.layoutIfNeeded() }
    }

    /// Lays out the sublayers. The default asks the layout manager, then the delegate's
    /// `layoutSublayers(of:)`. Subclasses override it to lay out their sublayers themselves.
    open func layoutSublayers() {
        layoutManagerStorage?.layoutSublayers(of: self)
        delegate?.layoutSublayers(of: self)
    }

    /// Returns the preferred size of the layer in its superlayer's coordinate space: the layout
    /// manager's answer when there is one, else the bounds size.
    open func preferredFrameSize() -> CGSize {
        layoutManagerStorage?.preferredSize(of: self) ?? state.bounds.size
    }
}
