import Foundation

extension CALayer {
    /// Marks the whole layer as needing its contents redrawn before the next commit.
    open func setNeedsDisplay() {
        setNeedsDisplay(state.bounds)
    }

    /// Marks `r`, in the layer's coordinates, as needing redrawing before the next commit.
    open func setNeedsDisplay(_ r: CGRect) {
        needsDisplayFlag = true
        dirtyRect = dirtyRect.union(r)
        TransactionStack.current.recordChange(of: self)
    }

    /// Returns whether the layer has been marked as needing its contents redrawn.
    open func needsDisplay() -> Bool { needsDisplayFlag }

    /// Redraws the layer's contents now if they are marked as needing it.
    open func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        display()
    }

    /// Updates the layer's contents. The default asks the delegate's `display(_:)` when the
    /// delegate implements it; subclasses override it to set `contents` themselves.
    open func display() {
        needsDisplayFlag = false
        dirtyRect = .null
        if let delegate, delegate.implementsDisplay {
            delegate.display(self)
        }
    }
}
