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
        LayerTreeLock.shared.withLock {
            needsDisplayFlag = true
            dirtyRect = dirtyRect.union(r.standardized)
        }
        TransactionStack.current.recordNeedsDisplay(of: self)
    }

    /// The behaviour of `needsDisplay` (the overridable member in `CALayer`'s body forwards here).
    func baseNeedsDisplay() -> Bool { needsDisplayFlag }

    /// The behaviour of `displayIfNeeded` (the overridable member in `CALayer`'s body forwards here).
    func baseDisplayIfNeeded() {
        TransactionStack.withCurrent { $0.displayDriver.noteAnimations(of: self) }
        // One thread displays a layer at a time (two threads' commits may both include it): the
        // other leaves the request to the one displaying, or to the next commit.
        let request = LayerTreeLock.shared.withLock { () -> CGRect? in
            guard needsDisplayFlag, !isDisplaying else { return nil }
            isDisplaying = true
            return dirtyRect
        }
        guard let requested = request else { return }
        display()
        // A display() override that sets contents itself need not call super: the request is met.
        LayerTreeLock.shared.withLock {
            isDisplaying = false
            if needsDisplayFlag && dirtyRect == requested {
                needsDisplayFlag = false
                dirtyRect = .null
            }
        }
    }

    /// The behaviour of `contentsAreFlipped` (the overridable member in `CALayer`'s body forwards here).
    ///
    /// The layer's own `isGeometryFlipped` counts with its ancestors': the contents are flipped
    /// when an odd number of layers from this one up to the root flip their geometry, as Apple's
    /// QuartzCore measurably answers (GNUstep libs-quartzcore
    /// `Tests/quartzcore/CALayer/archiving.m`: a lone layer with flipped geometry flips its contents).
    func baseContentsAreFlipped() -> Bool {
        var flipped = false
        var current: CALayer? = self
        while let layer = current {
            if layer.state.isGeometryFlipped { flipped.toggle() }
            current = layer.superlayerStorage
        }
        return flipped
    }

    /// Ends a display request: returns the rectangle to redraw (the dirty rectangles, or the whole
    /// bounds when `display()` is called without a request) and clears it.
    func takeDisplayRequest() -> CGRect {
        LayerTreeLock.shared.withLock {
            let requested = needsDisplayFlag && !dirtyRect.isNull ? dirtyRect : state.bounds
            needsDisplayFlag = false
            dirtyRect = .null
            return requested
        }
    }
}
