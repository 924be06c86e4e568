import Foundation

// Apple's scrolling additions to every layer: they act on the closest enclosing scroll layer.
extension CALayer {
    /// The closest ancestor that is a `CAScrollLayer`, or nil.
    var enclosingScrollLayer: CAScrollLayer? {
        var ancestor = superlayerStorage
        while let layer = ancestor {
            if let scrollLayer = layer as? CAScrollLayer { return scrollLayer }
            ancestor = layer.superlayerStorage
        }
        return nil
    }

    /// Scrolls the closest ancestor scroll layer so that `p`, a point in this layer's
    /// coordinates, lies at the scroll layer's bounds origin. Does nothing without one.
    public func scroll(_ p: CGPoint) {
        guard let scrollLayer = enclosingScrollLayer else { return }
        scrollLayer.scroll(to: convert(p, to: scrollLayer))
    }

    /// Scrolls the closest ancestor scroll layer the least distance that makes `r`, a rectangle
    /// in this layer's coordinates, visible. Does nothing without one.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scrollLayer = enclosingScrollLayer else { return }
        scrollLayer.scroll(to: convert(r, to: scrollLayer))
    }

    /// The part of the layer's bounds, in its own coordinates, that its closest ancestor scroll
    /// layer does not clip: the whole bounds when there is no scroll layer, `CGRect.null` when
    /// the layer is scrolled out of view.
    public var visibleRect: CGRect {
        guard let scrollLayer = enclosingScrollLayer else { return bounds }
        let window = convert(scrollLayer.bounds, from: scrollLayer)
        let visible = bounds.intersection(window)
        return visible.isEmpty ? .null : visible
    }
}
