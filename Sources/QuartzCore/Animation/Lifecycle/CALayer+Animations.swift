import Foundation

extension CALayer: AnimationHost {
    /// Adds a copy of `anim` to the layer's render tree under `key`, replacing any animation
    /// with the same key. The animation starts when the transaction commits: a `beginTime` of
    /// 0 becomes the commit's time (until then it reads as the time it was added), so every
    /// animation of one transaction starts together. Animations that cannot be evaluated (a key
    /// path the layer does not have, values of a type that cannot be interpolated) are refused
    /// with a logged message.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        guard let copy = anim.copy() as? CAAnimation else { return }
        let startsAtCommit = copy.beginTime == 0
        if startsAtCommit {
            copy.beginTime = convertTime(CACurrentMediaTime(), from: nil)
        }
        let keyPath = (copy as? CAPropertyAnimation)?.keyPath
        let presented = keyPath.flatMap { presentationState().animatableValue(forKeyPath: $0) }
        let modelValue = keyPath.flatMap { state.animatableValue(forKeyPath: $0) }
        let compiled: CompiledAnimation
        do {
            compiled = try CompiledAnimation(copy, presentationValue: presented, modelValue: modelValue)
        } catch {
            Diagnostics.reject("CALayer.add(_:forKey:): \(error)")
            return
        }
        let storedKey = key ?? "anonymous-\(UUID().uuidString)"
        if let key { removeAnimation(forKey: key, finished: false) }
        let attached = AttachedAnimation(key: storedKey, isAnonymous: key == nil, animation: copy, compiled: compiled)
        if startsAtCommit { attached.pendingStart = (presented, modelValue) }
        animationStore.append(attached)
        let stack = TransactionStack.current
        stack.recordChange(of: self)
        stack.frames[stack.frames.count - 1].animations.append(attached.token)
    }

    /// Returns the animation attached under `key`: the layer's own copy, which must not be changed.
    public func animation(forKey key: String) -> CAAnimation? {
        animationStore.last { $0.key == key && !$0.isAnonymous }?.animation
    }

    /// Returns the keys of the attached animations in the order they were added, or nil when none.
    public func animationKeys() -> [String]? {
        let keys = animationStore.filter { !$0.isAnonymous }.map(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation attached under `key`; the layer shows its model value again.
    public func removeAnimation(forKey key: String) {
        removeAnimation(forKey: key, finished: false)
    }

    /// Removes every attached animation.
    public func removeAllAnimations() {
        // Taken in one step: another thread may add or remove animations meanwhile.
        let removed = LayerTreeLock.shared.withLock {
            defer { animationStore.removeAll() }
            return animationStore
        }
        if !removed.isEmpty { TransactionStack.current.recordChange(of: self) }
        removed.forEach { notifyStop($0, finished: false) }
    }

    private func removeAnimation(forKey key: String, finished: Bool) {
        // Found and removed in one step: another thread may change the animations meanwhile.
        let found = LayerTreeLock.shared.withLock { () -> AttachedAnimation? in
            guard let index = animationStore.firstIndex(where: { $0.key == key }) else { return nil }
            return animationStore.remove(at: index)
        }
        guard let removed = found else { return }
        TransactionStack.current.recordChange(of: self)
        notifyStop(removed, finished: finished)
    }

    // MARK: Lifecycle

    /// Gives the animations added with `beginTime` 0 since the last commit their start: the
    /// commit's global media time `time`, in the layer's time space.
    func startPendingAnimations(at time: CFTimeInterval) {
        var localStart: CFTimeInterval?
        for attached in animationStore {
            guard let pending = attached.pendingStart else { continue }
            attached.pendingStart = nil
            let start = localStart ?? localTime(fromGlobal: time)
            localStart = start
            attached.animation.beginTime = start
            // The values compiled before still apply; only the start moves.
            if let recompiled = try? CompiledAnimation(attached.animation, presentationValue: pending.presentationValue,
                                                       modelValue: pending.modelValue) {
                attached.compiled = recompiled
            }
        }
    }

    /// Tells delegates about animations that have started or ended by `time`, and removes ended
    /// ones whose `isRemovedOnCompletion` is set. Called on the main thread after commits and
    /// when an animation is due to end.
    func updateAnimationLifecycle(at time: CFTimeInterval = CACurrentMediaTime()) {
        guard !animationStore.isEmpty else { return }
        let local = localTime(fromGlobal: time)
        var removedAny = false
        for attached in animationStore {
            let (compiled, stopped) = LayerTreeLock.shared.withLock { (attached.compiled, attached.didNotifyStop) }
            if local >= compiled.timing.beginTime, attached.claimStartNotification() {
                attached.animation.delegate?.animationDidStart(attached.animation)
            }
            guard !stopped, compiled.isFinished(atParentTime: local) else { continue }
            if attached.animation.isRemovedOnCompletion {
                animationStore.removeAll { $0 === attached }
                removedAny = true
            }
            notifyStop(attached, finished: true)
        }
        if removedAny { TransactionStack.current.recordChange(of: self) }
    }

    /// The global media time at which the next start or end of an attached animation is due,
    /// or nil when none is (all ended, infinite, or paused).
    func nextAnimationEventTime() -> CFTimeInterval? {
        LayerTreeLock.shared.withLock { nextAnimationEventTimeLocked() }
    }

    private func nextAnimationEventTimeLocked() -> CFTimeInterval? {
        var next: CFTimeInterval?
        for attached in animationStore where !attached.didNotifyStop {
            let local = attached.didNotifyStart
                ? attached.compiled.timing.parentTime(fromLocal: attached.compiled.timing.activeDuration)
                : attached.compiled.timing.beginTime
            guard let local, local.isFinite else { continue }
            let global = globalTime(fromLocal: local)
            next = min(next ?? global, global)
        }
        return next
    }

    private func notifyStop(_ attached: AttachedAnimation, finished: Bool) {
        guard attached.claimStopNotification() else { return }
        attached.animation.delegate?.animationDidStop(attached.animation, finished: finished)
        attached.token.finish()
    }
}
