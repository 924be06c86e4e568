import Foundation

/// Methods your app can implement to respond to layer-related events: providing contents,
/// laying out sublayers, and supplying actions.
///
/// Apple declares these methods `@objc optional` and asks the delegate whether it responds to
/// `display(_:)`. Swift on Linux has no optional protocol methods, so every method has a default
/// implementation below, and a delegate implements a method simply by declaring it, with no
/// extra opt-in. The layer learns that a delegate does not implement `display(_:)` from the
/// default implementation itself, which marks the layer that called it (a sentinel) instead of
/// displaying; the layer then draws through `layerWillDraw(_:)` and `draw(in:)`. As with any
/// Swift protocol, a subclass of a conforming class implements `display(_:)` for the protocol
/// only if the class that declares the conformance implements it too (overriding it there).
public protocol CALayerDelegate: AnyObject {
    /// Tells the delegate to implement the display process; when implemented, `draw(_:in:)` is
    /// not called. The default implementation marks the layer so that it draws its backing store.
    func display(_ layer: CALayer)
    /// Tells the delegate to draw the layer's contents into `ctx` (the layer's bounds, top-left origin).
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Tells the delegate that the layer is about to draw into its backing store (after the
    /// delegate declined `display(_:)`, before `draw(in:)`); it may change the layer's
    /// `contentsFormat` or `isOpaque`.
    func layerWillDraw(_ layer: CALayer)
    /// Tells the delegate to lay out the sublayers of `layer` (called after the layer's own layout).
    func layoutSublayers(of layer: CALayer)
    /// Returns the action for `event` on `layer`: an action, `NSNull()` to stop the search, or nil to continue it.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    /// Declines to display: marks `layer`, which then draws its backing store through
    /// `draw(in:)` (the sentinel that stands for Apple's `respondsToSelector:` check).
    public func display(_ layer: CALayer) {
        layer.delegateDeclinedDisplay = true
    }
    /// Draws nothing.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    /// Does nothing.
    public func layerWillDraw(_ layer: CALayer) {}
    /// Does nothing.
    public func layoutSublayers(of layer: CALayer) {}
    /// Returns nil, so the action search continues.
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}
