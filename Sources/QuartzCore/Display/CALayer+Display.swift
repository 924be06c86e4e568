import Foundation

extension CALayer {
    /// The behaviour of `setNeedsDisplay` (the overridable member in `CALayer`'s body forwards here).
    func baseSetNeedsDisplay() {
        setNeedsDisplay(state.bounds)
    }

    /// The behaviour of `setNeedsDisplay` (the overridable member in `CALayer`'s body forwards here).
    func baseSetNeedsDisplay(_ r: CGRect) {
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else {
            Diagnostics.reject("CALayer \(layerID): ignored setNeedsDisplay with non-finite rect \(r)")
            return
        }
        needsDisplayFlag = true
        dirtyRect = dirtyRect.union(r.standardized)
        TransactionStack.current.recordNeedsDisplay(of: self)
    }

    /// The behaviour of `needsDisplay` (the overridable member in `CALayer`'s body forwards here).
    func baseNeedsDisplay() -> Bool { needsDisplayFlag }

    /// The behaviour of `displayIfNeeded` (the overridable member in `CALayer`'s body forwards here).
    func baseDisplayIfNeeded() {
        DisplayAnimationDriver.current.noteAnimations(of: self)
        guard needsDisplayFlag else { return }
        let requested = dirtyRect
        display()
        // A display() override that sets contents itself need not call super: the request is met.
        if needsDisplayFlag && dirtyRect == requested {
            needsDisplayFlag = false
            dirtyRect = .null
        }
    }

    /// The behaviour of `contentsAreFlipped` (the overridable member in `CALayer`'s body forwards here).
    func baseContentsAreFlipped() -> Bool {
        var flipped = false
        var ancestor = superlayerStorage
        while let layer = ancestor {
            if layer.state.isGeometryFlipped { flipped.toggle() }
            ancestor = layer.superlayerStorage
        }
        return flipped
    }

    /// Ends a display request: returns the rectangle to redraw (the dirty rectangles, or the whole
    /// bounds when `display()` is called without a request) and clears it.
    func takeDisplayRequest() -> CGRect {
        let requested = needsDisplayFlag && !dirtyRect.isNull ? dirtyRect : state.bounds
        needsDisplayFlag = false
        dirtyRect = .null
        return requested
    }
}
