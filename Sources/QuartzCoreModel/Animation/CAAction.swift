import Foundation

/// An object that responds to an action: a layer's property change, its insertion into a tree,
/// or another event named by a key. Animations are actions that add themselves to the layer.
public protocol CAAction {
    /// Performs the action for `event` on `anObject` (a layer), with optional arguments.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    /// Does nothing: `NSNull` as an action means "no action" and ends the action search.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// Something animations can be added to: `CALayer` conforms once the layer code is merged, so
/// that an animation run as an action adds (a copy of) itself to the layer.
protocol AnimationHost: AnyObject {
    /// Adds `anim` (the host copies it) under `key`, replacing any animation with that key.
    func add(_ anim: CAAnimation, forKey key: String?)
}
