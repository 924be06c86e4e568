import Foundation

extension CALayer {
    /// Marks the whole layer as needing its contents redrawn before the next commit.
    public func setNeedsDisplay() {
        setNeedsDisplay(state.bounds)
    }

    /// Marks `r`, in the layer's coordinates, as needing redrawing before the next commit; only
    /// that part of the backing store is redrawn (rectangles accumulate until the layer displays).
    public func setNeedsDisplay(_ r: CGRect) {
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

    /// Returns whether the layer has been marked as needing its contents redrawn.
    public func needsDisplay() -> Bool { needsDisplayFlag }

    /// Redraws the layer's contents now if they are marked as needing it. Core Animation calls it,
    /// when a transaction commits, for every layer of the committed trees that needs display.
    public func displayIfNeeded() {
        DisplayAnimationDriver.current.noteAnimations(of: self)
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

    /// Returns whether the layer's contents are flipped when rendered relative to its own
    /// coordinates: true when an odd number of layers from this one's superlayer up to the root
    /// have `isGeometryFlipped` set.
    ///
    /// This renderer always places row 0 of `contents` at the top of the bounds in the layer's own
    /// coordinates, and the context given to `draw(in:)` maps those coordinates directly, so
    /// drawing lands where its coordinates say whether or not this returns true.
    public func contentsAreFlipped() -> Bool {
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
        LayerTreeLock.shared.withLock {
            let requested = needsDisplayFlag && !dirtyRect.isNull ? dirtyRect : state.bounds
            needsDisplayFlag = false
            dirtyRect = .null
            return requested
        }
    }
}
