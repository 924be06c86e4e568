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

    /// The filter properties whose change fades in (the guide's Table B-1, 000:1770-1774:
    /// "the default implied CATransition").
    static let fadedFilterKeys: Set<String> = ["backgroundFilters", "compositingFilter"]

    /// Runs the action for a property that changed from `previousValue`: the one
    /// `action(forKey:)` returns (an override's answer included), nil meaning none.
    func runAction(forKey key: String, previousValue: AnimatableValue) {
        guard let found = action(forKey: key) else { return }
        Self.completed(found, forKey: key, from: previousValue).run(forKey: key, object: self, arguments: nil)
    }

    /// The steps of `action(forKey:)` before `NSNull` is converted to nil: the first step that
    /// answers ends the search.
    func searchAction(forKey event: String) -> CAAction? {
        if let found = delegate?.action(for: self, forKey: event) { return found }
        if let found = actions?[event] { return found }
        if let styleActions = style?["actions"] as? [String: CAAction], let found = styleActions[event] { return found }
        if let styleActions = style?["actions"] as? [AnyHashable: Any], let found = styleActions[event] as? CAAction {
            return found
        }
        if let found = type(of: self).defaultAction(forKey: event) { return found }
        return implicitAction(forKey: event)
    }

    /// Fills in what a property animation found by the search leaves out, as Core Animation
    /// does: no key path animates the changed key, and a basic animation with no values runs
    /// from the value that was on screen before the change to the new model value (the
    /// previous presentation value is no longer available once the model has changed). The
    /// action itself is left untouched; a copy is run.
    private static func completed(_ action: CAAction, forKey key: String, from previousValue: AnimatableValue) -> CAAction {
        guard let property = action as? CAPropertyAnimation else { return action }
        if let implicit = property as? CABasicAnimation, implicit.isFreshImplicitAnimation, implicit.keyPath == key,
           implicit.fromValue == nil, implicit.toValue == nil, implicit.byValue == nil {
            // Made for this change by `implicitAction(forKey:)`: no one else holds it yet.
            implicit.isFreshImplicitAnimation = false
            implicit.fromValue = previousValue.anyValue
            return implicit
        }
        let basic = property as? CABasicAnimation
        let needsValues = basic.map { $0.fromValue == nil && $0.toValue == nil && $0.byValue == nil } ?? false
        guard property.keyPath == nil || needsValues, let copy = property.copy() as? CAPropertyAnimation else {
            return action
        }
        if copy.keyPath == nil { copy.keyPath = key }
        if needsValues, copy.keyPath == key { (copy as? CABasicAnimation)?.fromValue = previousValue.anyValue }
        return copy
    }

    /// Runs the action the search finds for an event that is not a property change
    /// (`onOrderIn`, `onOrderOut`, `sublayers`). These events have no implicit animation; the
    /// caller checks that the tree is live and that actions are enabled.
    func runEventAction(_ event: String) {
        action(forKey: event)?.run(forKey: event, object: self, arguments: nil)
    }

    /// The implicit animation of an animatable property: a basic animation with the
    /// transaction's duration and timing function (the default curve when none is set) and no
    /// values (run from the value on screen before the change to the new model value); for
    /// `contents`, a fade transition. Nil for other keys.
    func implicitAction(forKey key: String) -> CAAction? {
        guard type(of: self).implicitlyAnimatedKeys.contains(key)
            || state.specialized?.implicitlyAnimatedKeys.contains(key) == true
            || LayerFilters.isParameterKeyPath(key) || Self.fadedFilterKeys.contains(key) else { return nil }
        let timing = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        if key == "contents" || Self.fadedFilterKeys.contains(key) {
            let fade = CATransition()
            fade.type = .fade
            fade.duration = CATransaction.animationDuration()
            fade.timingFunction = timing
            return fade
        }
        let animation = CABasicAnimation(keyPath: key)
        animation.isFreshImplicitAnimation = true
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = timing
        return animation
    }
}
