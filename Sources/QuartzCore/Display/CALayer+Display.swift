import Foundation

extension CALayer {
    /// Marks the whole layer as needing its contents redrawn before the next commit.
    public func setNeedsDisplay() {
        setNeedsDisplay(state.bounds)
    }

    /// Marks `r`, in the layer's coordinates, as needing redrawing before the next commit.
    public func setNeedsDisplay(_ r: CGRect) {
        needsDisplayFlag = true
        dirtyRect = dirtyRect.union(r)
        TransactionStack.current.recordChange(of: self)
    }

    /// Returns whether the layer has been marked as needing its contents redrawn.
    public func needsDisplay() -> Bool { needsDisplayFlag }

    /// Redraws the layer's contents now if they are marked as needing it.
    public func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        display()
    }
}
