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
    /// The layer's bounds mapped into its superlayer (its frame's size), unless the manager knows
    /// better: what `CALayer.preferredFrameSize()` answers without a layout manager.
    public func preferredSize(of layer: CALayer) -> CGSize { layer.frame.size }
    /// Does nothing.
    public func invalidateLayout(of layer: CALayer) {}
}
