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

    /// The behaviour of `scroll` (the overridable member in `CALayer`'s body forwards here).
    func baseScroll(_ p: CGPoint) {
        guard let scrollLayer = enclosingScrollLayer else { return }
        scrollLayer.scroll(to: convert(p, to: scrollLayer))
    }

    /// The behaviour of `scrollRectToVisible` (the overridable member in `CALayer`'s body forwards here).
    func baseScrollRectToVisible(_ r: CGRect) {
        guard let scrollLayer = enclosingScrollLayer else { return }
        scrollLayer.scroll(to: convert(r, to: scrollLayer))
    }

    /// The behaviour of `visibleRect` (the overridable member in `CALayer`'s body forwards here).
    var baseVisibleRect: CGRect {
        guard let scrollLayer = enclosingScrollLayer else { return bounds }
        let window = convert(scrollLayer.bounds, from: scrollLayer)
        let visible = bounds.intersection(window)
        return visible.isEmpty ? .null : visible
    }
}
