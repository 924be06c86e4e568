import Foundation

/// Methods your app can implement to respond to layer-related events: providing contents,
/// laying out sublayers, and supplying actions.
public protocol CALayerDelegate: AnyObject {
    /// Tells the delegate to implement the display process; when implemented, `draw(_:in:)` is not called.
    func display(_ layer: CALayer)
    /// Tells the delegate to draw the layer's contents into `ctx` (the layer's bounds, top-left origin).
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Tells the delegate to lay out the sublayers of `layer` (called after the layer's own layout).
    func layoutSublayers(of layer: CALayer)
    /// Returns the action for `event` on `layer`: an action, `NSNull()` to stop the search, or nil to continue it.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    /// Whether the delegate implements `display(_:)`; the default implementation does not.
    var implementsDisplay: Bool { get }
}

extension CALayerDelegate {
    /// Does nothing.
    public func display(_ layer: CALayer) {}
    /// Draws nothing.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    /// Does nothing.
    public func layoutSublayers(of layer: CALayer) {}
    /// Returns nil, so the action search continues.
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    /// False: a delegate that implements `display(_:)` returns true here, since Swift cannot ask
    /// whether an optional protocol method is implemented.
    public var implementsDisplay: Bool { false }
}
