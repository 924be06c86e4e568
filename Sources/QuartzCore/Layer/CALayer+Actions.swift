import Foundation

/// The action key run on a layer when it is added to a visible layer tree.
public let kCAOnOrderIn = "onOrderIn"
/// The action key run on a layer when it is removed from a visible layer tree.
public let kCAOnOrderOut = "onOrderOut"
/// The action key of transitions.
public let kCATransition = "transition"

extension CALayer {
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
