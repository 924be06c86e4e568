import Foundation

extension CALayer: AnimationHost {
    /// The behaviour of `add` (the overridable member in `CALayer`'s body forwards here).
    func baseAdd(_ anim: CAAnimation, forKey key: String?) {
        guard let copy = anim.copy() as? CAAnimation else { return }
        // "The special key 'transition' is automatically used for transition animations"
        // (Apple's CALayer.h, `addAnimation:forKey:`): a transition replaces the layer's
        // transition, whatever key it was given, nil included.
        let key = copy is CATransition ? kCATransition : key
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
        attached.startsAtCommit = startsAtCommit
        animationStore.append(attached)
        let stack = TransactionStack.current
        stack.recordChange(of: self)
        stack.frames[stack.frames.count - 1].animations.append(attached.token)
    }

    /// The behaviour of `animation` (the overridable member in `CALayer`'s body forwards here).
    func baseAnimation(forKey key: String) -> CAAnimation? {
        animationStore.last { $0.key == key && !$0.isAnonymous }?.animation
    }

    /// The behaviour of `animationKeys` (the overridable member in `CALayer`'s body forwards here).
    func baseAnimationKeys() -> [String]? {
        let keys = animationStore.filter { !$0.isAnonymous }.map(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// The behaviour of `removeAnimation` (the overridable member in `CALayer`'s body forwards here).
    func baseRemoveAnimation(forKey key: String) {
        removeAnimation(forKey: key, finished: false)
    }

    /// The behaviour of `removeAllAnimations` (the overridable member in `CALayer`'s body forwards here).
    func baseRemoveAllAnimations() {
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
            guard attached.startsAtCommit else { continue }
            attached.startsAtCommit = false
            let start = localStart ?? localTime(fromGlobal: time)
            localStart = start
            attached.animation.beginTime = start
            // The values compiled when it was added still apply; only the start moves (the
            // animation is not compiled a second time).
            attached.compiled = attached.compiled.starting(at: start)
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
