import Foundation

/// An animation attached to a layer: the layer's private copy, its compiled form, and where it
/// is in its life (started, stopped) for the delegate callbacks.
final class AttachedAnimation {
    /// The key it was added under (a generated one when added with a nil key).
    let key: String
    /// Whether the key was generated (the animation was added with a nil key).
    let isAnonymous: Bool
    /// The layer's copy of the animation, returned by `animation(forKey:)`.
    let animation: CAAnimation
    /// The Sendable form the render side evaluates.
    var compiled: CompiledAnimation
    /// Whether the animation was added with `beginTime` 0 and waits for the commit to give it
    /// its start time (false once started).
    var startsAtCommit = false
    /// Tracks completion for transaction completion blocks.
    let token = AnimationCompletionToken()
    // The fields above and below that change are read and written holding `LayerTreeLock`:
    // commits on several threads may include the same layer.
    var didNotifyStart = false
    var didNotifyStop = false

    /// Marks the start as told; true for the one caller that gets to tell it.
    func claimStartNotification() -> Bool {
        LayerTreeLock.shared.withLock {
            defer { didNotifyStart = true }
            return !didNotifyStart
        }
    }

    /// Marks the stop as told; true for the one caller that gets to tell it.
    func claimStopNotification() -> Bool {
        LayerTreeLock.shared.withLock {
            defer { didNotifyStop = true }
            return !didNotifyStop
        }
    }

    init(key: String, isAnonymous: Bool, animation: CAAnimation, compiled: CompiledAnimation) {
        self.key = key
        self.isAnonymous = isAnonymous
        self.animation = animation
        self.compiled = compiled
    }
}

/// Applies a layer's animations to a state, in the order they were added.
enum AnimationList {
    static func apply(_ list: [AttachedAnimation], to state: inout LayerState, layer: CALayer, time: CFTimeInterval) {
        guard !list.isEmpty else { return }
        let localTime = layer.localTime(fromGlobal: time)
        for attached in list { attached.compiled.apply(to: &state, parentTime: localTime) }
    }
}

/// Completion of one attached animation, for `CATransaction.setCompletionBlock(_:)`.
///
/// Tokens are finished on the main thread (when the animation ends or is removed); a completion
/// block waits for every token of its transaction and then runs on the main thread.
final class AnimationCompletionToken: @unchecked Sendable {
    // Guarded by `lock`: tokens may be created on any thread that adds animations.
    private let lock = NSLock()
    private var finished = false
    private var waiters: [() -> Void] = []

    /// Marks the animation finished and runs whatever waited for it.
    func finish() {
        lock.lock()
        guard !finished else { lock.unlock(); return }
        finished = true
        let toRun = waiters
        waiters.removeAll()
        lock.unlock()
        toRun.forEach { $0() }
    }

    private func whenFinished(_ body: @escaping () -> Void) {
        lock.lock()
        if finished { lock.unlock(); body(); return }
        waiters.append(body)
        lock.unlock()
    }

    /// Runs `block` on the main thread once every token has finished (at once when none remain).
    static func whenAllFinish(_ tokens: [AnimationCompletionToken], run block: @escaping () -> Void) {
        let countdown = Countdown(count: tokens.count, block: block)
        if tokens.isEmpty { countdown.fire(); return }
        for token in tokens { token.whenFinished { countdown.decrement() } }
    }

    /// Counts finished tokens and fires the block on the main thread when all have finished.
    private final class Countdown: @unchecked Sendable {
        // Guarded by `lock`; the block is only ever called on the main thread.
        private let lock = NSLock()
        private var remaining: Int
        private let block: () -> Void

        init(count: Int, block: @escaping () -> Void) {
            remaining = count
            self.block = block
        }

        func decrement() {
            lock.lock()
            remaining -= 1
            let done = remaining == 0
            lock.unlock()
            if done { fire() }
        }

        /// Runs the block on the main queue, after the current run-loop turn, as Apple does
        /// even when the transaction added no animation.
        func fire() {
            DispatchQueue.main.async { self.block() }
        }
    }
}
