import Foundation

/// The action key run on a layer when it is added to a visible layer tree.
public let kCAOnOrderIn = "onOrderIn"
/// The action key run on a layer when it is removed from a visible layer tree.
public let kCAOnOrderOut = "onOrderOut"
/// The action key of transitions.
public let kCATransition = "transition"

extension CALayer {
    /// Returns the action for `event`, searching in Apple's order: the delegate's
    /// `action(for:forKey:)`, the `actions` dictionary, the `style` dictionary's `"actions"`
    /// entry, then the class's `defaultAction(forKey:)`. `NSNull` found at any step stops the
    /// search; it is returned and does nothing when run. Nil when no step has an action (the
    /// caller then falls back to the implicit animation of an animatable property).
    open func action(forKey event: String) -> CAAction? {
        if let found = delegate?.action(for: self, forKey: event) { return found }
        if let found = actions?[event] { return found }
        if let styleActions = style?["actions"] as? [String: CAAction], let found = styleActions[event] { return found }
        if let styleActions = style?["actions"] as? [AnyHashable: Any], let found = styleActions[event] as? CAAction {
            return found
        }
        return type(of: self).defaultAction(forKey: event)
    }

    /// Returns the default action of layers of this class for `event`; nil unless a subclass
    /// overrides it.
    open class func defaultAction(forKey event: String) -> CAAction? {
        nil
    }

    /// The keys that animate implicitly when they change on a live layer (Table B-1 of the
    /// guide; `frame` is not animatable, `doubleSided` has no default animation).
    static let implicitlyAnimatedKeys: Set<String> = [
        "anchorPoint", "anchorPointZ", "backgroundColor", "borderColor", "borderWidth", "bounds",
        "contents", "contentsRect", "contentsCenter", "cornerRadius", "hidden", "masksToBounds",
        "opacity", "position", "shadowColor", "shadowOffset", "shadowOpacity", "shadowPath",
        "shadowRadius", "sublayerTransform", "transform", "zPosition", "maskedCorners",
    ]

    /// Runs the action for a property that changed from `previousValue`: the one the search
    /// finds, else Core Animation's implicit animation from the value that was on screen.
    func runAction(forKey key: String, previousValue: AnimatableValue) {
        guard let action = action(forKey: key) ?? implicitAction(forKey: key, from: previousValue) else { return }
        action.run(forKey: key, object: self, arguments: nil)
    }

    /// Runs the action for a tree event (`onOrderIn`, `onOrderOut`, `sublayers`) when the layer
    /// is live and actions are enabled. Tree events have no implicit animation.
    func runTreeAction(_ event: String) {
        guard isLive, !CATransaction.disableActions(), let action = action(forKey: event) else { return }
        action.run(forKey: event, object: self, arguments: nil)
    }

    /// The implicit animation of an animatable property: a basic animation from the previous
    /// presentation value, with the transaction's duration and timing function (the default
    /// curve when none is set); for `contents`, a fade transition.
    func implicitAction(forKey key: String, from previousValue: AnimatableValue) -> CAAction? {
        guard type(of: self).implicitlyAnimatedKeys.contains(key) else { return nil }
        let timing = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        if key == "contents" {
            let fade = CATransition()
            fade.type = .fade
            fade.duration = CATransaction.animationDuration()
            fade.timingFunction = timing
            return fade
        }
        let animation = CABasicAnimation(keyPath: key)
        animation.fromValue = previousValue
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = timing
        return animation
    }
}
