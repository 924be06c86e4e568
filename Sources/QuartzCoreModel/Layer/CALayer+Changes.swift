import Foundation

extension CALayer {
    /// Sets one property of the model state, recording the change for the current transaction
    /// and running the property's action (an implicit animation) when the layer is live.
    ///
    /// Inlined into each property's setter, where the key path is a literal the optimizer turns
    /// into a plain store (through a key path object it cost more than the rest of the change).
    @inline(__always)
    private func setChangedProperty<Value>(_ keyPath: WritableKeyPath<LayerState, Value>, _ value: Value, key: String) {
        TransactionStack.withCurrent { stack in
            // With actions disabled only a bounds change has anything to do before the change,
            // and no change has anything to do after it but to be recorded (and redisplay).
            if stack.disablesActions && !Self.isBoundsKey(key) {
                let redisplays = redisplays(forKey: key, changing: keyPath, to: value)
                state[keyPath: keyPath] = value
                stack.recordChangeInOpenTransaction(of: self)
                if redisplays { setNeedsDisplay() }
                return
            }
            setChangedProperty(keyPath, value, key: key, runningActionsIn: stack)
        }
    }

    /// The change of a property with actions possibly enabled: the action is looked up before
    /// the value is stored and run after.
    @inline(__always)
    private func setChangedProperty<Value>(_ keyPath: WritableKeyPath<LayerState, Value>, _ value: Value, key: String,
                                           runningActionsIn stack: TransactionStack) {
        let before = willChangeProperty(key, in: stack)
        let redisplays = redisplays(forKey: key, changing: keyPath, to: value)
        state[keyPath: keyPath] = value
        didChangeProperty(key, before: before, redisplays: redisplays, in: stack)
    }

    /// `setProperty` for a value that can be compared: setting a property to the value it
    /// already has is no change (nothing is recorded, no action runs, no animation starts), as
    /// Apple measurably treats it: GNUstep libs-quartzcore `Tests/quartzcore/CALayer/kvo.m`,
    /// checked against Apple, finds that setting a position to the value it already has posts
    /// no change notification, and Core Animation looks up a property's action in the same
    /// change notification (`actionForKey:` runs from the layer's will-change step).
    ///
    /// With actions disabled (and the key not `bounds`) the value is compared and stored under
    /// one hold of `LayerTreeLock` (`replaceStateValue`), not one to compare and one to store:
    /// another thread sees the old value or the new one, as before, and the change is recorded
    /// only when the stored value differed.
    @inline(__always)
    func setProperty<Value: Equatable>(_ keyPath: WritableKeyPath<LayerState, Value>, _ value: Value, key: String) {
        setProperty(keyPath, value, key: key, isPlacement: false)
    }

    /// The `Equatable` `setProperty`, where `isPlacement` says that `keyPath` is `position` or
    /// `transform` (see `replaceStateValue`). No default argument: a call without it would
    /// choose the overload for values that cannot be compared.
    @inline(__always)
    func setProperty<Value: Equatable>(_ keyPath: WritableKeyPath<LayerState, Value>, _ value: Value, key: String,
                                       isPlacement: Bool) {
        TransactionStack.withCurrent { stack in
            if stack.disablesActions && !Self.isBoundsKey(key) {
                guard replaceStateValue(keyPath, with: value, isPlacement: isPlacement, lock: stack.treeLock) else { return }
                stack.recordChangeInOpenTransaction(of: self)
                // The value differed, so a class that redisplays for `key` redisplays.
                if classNeedsDisplay(forKey: key) { setNeedsDisplay() }
                return
            }
            guard state[keyPath: keyPath] != value else { return }
            setChangedProperty(keyPath, value, key: key, runningActionsIn: stack)
        }
    }

    /// Sets one property of the model state that cannot be compared (see the `Equatable`
    /// overload): every set is a change.
    @inline(__always)
    func setProperty<Value>(_ keyPath: WritableKeyPath<LayerState, Value>, _ value: Value, key: String) {
        setChangedProperty(keyPath, value, key: key)
    }

    /// Whether setting `value` at `keyPath` (the property `key`) marks the layer for display.
    /// A class that redisplays for `key` does so for a new value only: setting the value the
    /// layer already has is no change, as Apple's measurably treats it (GNUstep
    /// libs-quartzcore `Tests/quartzcore/CALayer/redisplay.m`).
    @inline(__always)
    private func redisplays<Value>(forKey key: String, changing keyPath: WritableKeyPath<LayerState, Value>,
                                   to value: Value) -> Bool {
        classNeedsDisplay(forKey: key) && !Self.isSameValue(state[keyPath: keyPath], value)
    }

    /// `needsDisplay(forKey:)` of the layer's class. A layer of exactly `CALayer` is not asked:
    /// `CALayer`'s own answer is false for every key, and the call through the class's table
    /// cost a tenth of a property change's instructions.
    @inline(__always)
    private func classNeedsDisplay(forKey key: String) -> Bool {
        let layerClass = type(of: self)
        return layerClass != CALayer.self && layerClass.needsDisplay(forKey: key)
    }

    /// Whether `a` and `b` are equal values; false for values that cannot be compared.
    private static func isSameValue<Value>(_ a: Value, _ b: Value) -> Bool {
        guard let a = a as? any Equatable else { return false }
        return a.isEqual(toValue: b)
    }

    /// Like `setProperty`, but rejects NaN and infinite values: the previous value is kept and
    /// the problem is logged, so one bad number cannot poison a frame.
    @inline(__always)
    func setFinite<Value: FiniteCheckable>(_ keyPath: WritableKeyPath<LayerState, Value>, _ value: Value, key: String) {
        guard value.isFiniteValue else {
            rejectNonFinite(key, value)
            return
        }
        setProperty(keyPath, value, key: key)
    }

    /// `setFinite` for a value that can be compared: setting the value the property already
    /// has is no change (see the `Equatable` overload of `setProperty`).
    @inline(__always)
    func setFinite<Value: FiniteCheckable & Equatable>(_ keyPath: WritableKeyPath<LayerState, Value>, _ value: Value,
                                                        key: String) {
        setFinite(keyPath, value, key: key, isPlacement: false)
    }

    /// The `Equatable` `setFinite` with `isPlacement` (see the `Equatable` `setProperty`).
    @inline(__always)
    func setFinite<Value: FiniteCheckable & Equatable>(_ keyPath: WritableKeyPath<LayerState, Value>, _ value: Value,
                                                        key: String, isPlacement: Bool) {
        guard value.isFiniteValue else {
            rejectNonFinite(key, value)
            return
        }
        setProperty(keyPath, value, key: key, isPlacement: isPlacement)
    }

    /// Logs a rejected non-finite value (out of line: the setters inline `setFinite`).
    private func rejectNonFinite(_ key: String, _ value: Any) {
        Diagnostics.reject("CALayer \(name.map { "\"\($0)\"" } ?? "\(layerID)"): ignored non-finite \(key) \(value)")
    }

    /// Called before a property changes: returns the value on screen (the presentation value)
    /// when the change should run an action, nil otherwise.
    func willChangeProperty(_ key: String) -> AnimatableValue? {
        willChangeProperty(key, in: TransactionStack.current)
    }

    /// `willChangeProperty(_:)` with the calling thread's transaction stack.
    func willChangeProperty(_ key: String, in stack: TransactionStack) -> AnimatableValue? {
        if Self.isBoundsKey(key) { autoresizingReferenceSize = state.bounds.size }
        guard !stack.disablesActions, isLive else { return nil }
        return presentationState().animatableValue(forKeyPath: key)
    }

    /// Called after a property changed: records the layer for the transaction, schedules layout
    /// and display as the property asks, and runs the action found for `key`. `redisplays` says
    /// whether the change marks the layer for display; nil asks `needsDisplay(forKey:)`.
    func didChangeProperty(_ key: String, before: AnimatableValue?, redisplays: Bool? = nil) {
        didChangeProperty(key, before: before, redisplays: redisplays, in: TransactionStack.current)
    }

    /// `didChangeProperty(_:before:redisplays:)` with the calling thread's transaction stack.
    func didChangeProperty(_ key: String, before: AnimatableValue?, redisplays: Bool?, in stack: TransactionStack) {
        stack.recordChange(of: self)
        if Self.isBoundsKey(key) {
            // Autoresizing happens at once, as Apple's does (see `autoresizingMask`).
            if let oldSize = autoresizingReferenceSize {
                autoresizingReferenceSize = nil
                boundsSizeDidChange(from: oldSize)
            }
            // Only the layer itself re-lays out: marking the superlayer too would make every
            // layout that sets sublayer frames schedule another one.
            setNeedsLayout()
            if state.needsDisplayOnBoundsChange { setNeedsDisplay() }
        }
        if redisplays ?? type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        guard let before else { return }
        runAction(forKey: key, previousValue: before)
    }

    /// Whether `key` is "bounds", the one key whose change lays out and autoresizes: its length
    /// is compared first, since comparing two different strings costs a call per change.
    @inline(__always)
    private static func isBoundsKey(_ key: String) -> Bool {
        key.utf8.count == 6 && key == "bounds"
    }

    /// Records a change of the sublayers or the mask. On a live layer whose sublayers changed,
    /// runs the tree actions: `onOrderOut` on each layer removed, `onOrderIn` on each layer
    /// added (both looked up on that layer, as 000:1456-1457 says), then `sublayers` on this layer.
    ///
    /// Every way of changing sublayers (`addSublayer`, `insertSublayer`, `replaceSublayer`,
    /// `removeFromSuperlayer`, setting `sublayers`) ends here on the superlayer that changed, so
    /// the layers ordered in and out are found by comparing with the sublayers seen last time.
    ///
    /// The sublayers seen are compared and updated holding `LayerTreeLock`; the actions run
    /// after it is released.
    func sublayersDidChange() {
        TransactionStack.current.recordChange(of: self)
        setNeedsLayout()
        let change = LayerTreeLock.shared.withLock { () -> (before: [CALayer], now: [CALayer])? in
            guard isLive else { return nil }
            let before = sublayersSeenByTreeActions
            let now = sublayerStorage
            sublayersSeenByTreeActions = now
            guard before.count != now.count || zip(before, now).contains(where: { $0 !== $1 }) else {
                return nil // the mask changed, not the sublayers
            }
            return (before, now)
        }
        guard let (before, now) = change, !CATransaction.disableActions() else { return }
        let beforeIDs = Set(before.map(ObjectIdentifier.init))
        let nowIDs = Set(now.map(ObjectIdentifier.init))
        for removed in before where !nowIDs.contains(ObjectIdentifier(removed)) {
            removed.runEventAction(kCAOnOrderOut)
        }
        for added in now where !beforeIDs.contains(ObjectIdentifier(added)) {
            added.runEventAction(kCAOnOrderIn)
        }
        runEventAction("sublayers")
    }

    /// Runs the tree action of a visibility change on a live layer, as the guide's action table
    /// says (003:951-952): `onOrderOut` when the layer was hidden, `onOrderIn` when it was shown.
    /// The `hidden` property's own action has already run.
    func hiddenDidChange() {
        guard isLive, !CATransaction.disableActions() else { return }
        runEventAction(state.isHidden ? kCAOnOrderOut : kCAOnOrderIn)
    }

    /// Starts tracking the sublayers for tree actions; called when the layer becomes live.
    func beginTrackingSublayers() {
        sublayersSeenByTreeActions = sublayerStorage
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    func isEqual(toValue other: Any) -> Bool {
        (other as? Self).map { $0 == self } ?? false
    }
}
