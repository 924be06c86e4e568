import Foundation

/// Methods that an object implements to lay out the sublayers of the layers it manages.
public protocol CALayoutManager: AnyObject {
    /// Returns the preferred size of `layer` in its superlayer's coordinate space.
    func preferredSize(of layer: CALayer) -> CGSize
    /// Invalidates any layout information the manager caches for `layer`.
    func invalidateLayout(of layer: CALayer)
    /// Sets the frames of the sublayers of `layer`.
    func layoutSublayers(of layer: CALayer)
}

extension CALayoutManager {
    /// The layer's bounds size, unless the manager knows better.
    public func preferredSize(of layer: CALayer) -> CGSize { layer.bounds.size }
    /// Does nothing.
    public func invalidateLayout(of layer: CALayer) {}
}
