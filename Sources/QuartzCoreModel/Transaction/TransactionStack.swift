import Foundation
import QuartzCoreModelSupport

/// One level of `CATransaction.begin()`/`commit()` nesting: the parameters set inside it.
struct TransactionFrame {
    var values: [String: Any] = [:] {
        didSet { disableActionsSetting = values[kCATransactionDisableActions].map { ($0 as? Bool) ?? false } }
    }
    /// What `values` says of `disableActions` (nil when it does not set it), kept apart because
    /// every property change asks, and a string-keyed lookup and a cast from `Any` each time
    /// would cost more than the change itself.
    var disableActionsSetting: Bool?
    /// The completion block set last in this frame (nil when none, or after it was cleared).
    var completionBlock: (() -> Void)?
    /// Animations added while this frame was open, nested frames' included.
    var animations: [AnimationCompletionToken] = []
    /// Where the animations of `completionBlock` begin in `animations`: a block waits only for
    /// the animations added after it was set (CATransaction.h: "all animations subsequently
    /// added by this transaction group").
    var completionBlockStart = 0
    /// Blocks replaced or cleared in this frame or committed by nested frames, each with the
    /// animations it waits for; they run after the outermost commit.
    var settledCompletions: [PendingCompletion] = []
    /// Whether the frame was opened implicitly by a change outside any explicit transaction.
    var isImplicit = false

    /// Closes the current block's group of animations: returns the block with the animations
    /// added since it was set (nil when no block is set) and starts a new, empty group.
    mutating func takeCompletionBlock() -> PendingCompletion? {
        defer {
            completionBlock = nil
            completionBlockStart = animations.count
        }
        return completionBlock.map { PendingCompletion(block: $0, animations: Array(animations[completionBlockStart...])) }
    }
}

/// A completion block and the animations it waits for.
struct PendingCompletion {
    var block: () -> Void
    var animations: [AnimationCompletionToken]
}

/// The transactions of one thread, as Core Animation keeps them: a stack of frames, the layers
/// changed since the last commit, and whether an implicit transaction is open.
///
/// A stack belongs to one thread (or is lent to a helper while its thread waits): its fields are
/// not checked for overlapping access at run time, which cost more than recording a change.
final class TransactionStack {
    @exclusivity(unchecked) var frames: [TransactionFrame] = [] {
        didSet { disablesActions = Self.disablesActions(in: frames) }
    }
    /// `CATransaction.disableActions()`: the setting of the innermost frame that sets it, as
    /// `value(forKey: kCATransactionDisableActions) as? Bool` reads it, false when none does.
    /// Kept up to date by every change of `frames`, since every property change asks (a call
    /// and a walk of the frames each time cost about twenty instructions a change).
    @exclusivity(unchecked) private(set) var disablesActions = false
    /// Layers changed since the outermost transaction began, in the order of first change.
    let changedLayers = ChangedLayerList()
    let changedLayerIDs = LayerIDSet()
    /// An empty list with the capacity of an earlier commit's `changedLayers`, which the next
    /// commit exchanges for it (see `TransactionCommitter.commit`).
    let spareChangedLayers = ChangedLayerList()
    /// An empty list with the capacity of an earlier commit's list of layers to write to the
    /// render tree, which the next commit fills again.
    @exclusivity(unchecked) var spareCommitList: [Unmanaged<CALayer>] = []
    /// Layers whose `setNeedsDisplay` was called on this thread and that have not displayed since
    /// a commit looked at them, in the order of the first request: the commit displays these
    /// (and no others), so it need not visit every layer of the trees it commits.
    var layersNeedingDisplay: [CALayer] = []
    let layerIDsNeedingDisplay = LayerIDSet()
    /// The layers of this thread's commits whose animations drive their display, which the
    /// renderers of its trees draw for each frame.
    let displayDriver = DisplayAnimationDriver()

    /// `LayerTreeLock.shared`, kept here for the property changes, which have the stack at hand:
    /// reading the shared instance itself is a call (its lazy initialization's check) a change.
    let treeLock = LayerTreeLock.shared

    /// Where the implicit transaction of this stack is committed: the main queue for the main
    /// thread's stack, else the run loop of the thread that made it (found here, not where the
    /// transaction opens, which may be a helper thread the stack is lent to: `DeepRecursion`).
    let ownerRunLoop: RunLoop? = Thread.isMainThread ? nil : RunLoop.current

    private static let perThread = ThreadLocalObject { TransactionStack() }

    deinit {
        // The thread's slot released it (the thread is ending): the thread's cache must not
        // outlive it, nor lead what runs from here (the layers' release) to it.
        if qc_cachedTransactionStack() == Unmanaged.passUnretained(self).toOpaque() {
            qc_cacheTransactionStack(nil)
        }
        // A thread that ends with changes it never committed lets go of their layers.
        changedLayers.removeAll()
    }

    /// The stack of the calling thread.
    static var current: TransactionStack { withCurrent { $0 } }

    /// Runs `body` with the calling thread's stack, without retaining it (the thread holds it):
    /// for the paths of every property change, where a retain and release cost as much as
    /// recording the change. The stack is read from a C thread-local cache (one load), filled
    /// from the thread-specific slot on the thread's first use (a `swift_once` and a
    /// `pthread_getspecific` call, ~25 instructions). The cached pointer goes through a generic
    /// member (`ThreadLocalObject.withObject`): applied here, the setters stopped inlining
    /// `body` and folding its key paths (docs/benchmarks/commit-2026-11-30-s21.md, round 2).
    @inline(__always)
    static func withCurrent<R>(_ body: (TransactionStack) -> R) -> R {
        if let raw = qc_cachedTransactionStack() {
            return ThreadLocalObject<TransactionStack>.withObject(at: raw, body)
        }
        return perThread.withValue { stack in
            qc_cacheTransactionStack(Unmanaged.passUnretained(stack).toOpaque())
            return body(stack)
        }
    }

    /// Runs `body` with `stack` as the calling thread's stack (a helper thread continuing a deep
    /// walk for the thread that owns `stack`, which waits meanwhile).
    static func lend<R>(_ stack: TransactionStack, _ body: () -> R) -> R {
        let saved = qc_cachedTransactionStack()
        qc_cacheTransactionStack(Unmanaged.passUnretained(stack).toOpaque())
        defer { qc_cacheTransactionStack(saved) }
        return perThread.lend(stack, body)
    }

    /// The value of `key` in the innermost frame that sets it.
    func value(forKey key: String) -> Any? {
        for frame in frames.reversed() {
            if let v = frame.values[key] { return v }
        }
        return nil
    }

    /// The setting of the innermost of `frames` that sets `disableActions`, false when none does.
    private static func disablesActions(in frames: [TransactionFrame]) -> Bool {
        var index = frames.count
        while index > 0 {
            index -= 1
            if let setting = frames[index].disableActionsSetting { return setting }
        }
        return false
    }

    /// Records that `layer` changed; opens the implicit transaction when none is open.
    @inline(__always)
    func recordChange(of layer: CALayer) {
        ensureOpen()
        recordChangeInOpenTransaction(of: layer)
    }

    /// `recordChange(of:)` where a transaction is known to be open: while `disablesActions`
    /// is set, which only a frame of an open transaction sets. The property setters' path with
    /// actions disabled (an app changing every layer of a large scene each frame) skips the
    /// check of `frames`.
    @inline(__always)
    func recordChangeInOpenTransaction(of layer: CALayer) {
        assert(!frames.isEmpty, "a change recorded outside any transaction")
        if changedLayerIDs.insert(layer.layerID) { changedLayers.append(layer) }
    }

    /// Records that `layer` was marked as needing display, for the next commit's display pass.
    func recordNeedsDisplay(of layer: CALayer) {
        recordChange(of: layer)
        if layerIDsNeedingDisplay.insert(layer.layerID) { layersNeedingDisplay.append(layer) }
    }

    /// Opens an implicit transaction if no transaction is open, scheduling its commit for the end
    /// of the current run-loop turn.
    @inline(__always)
    func ensureOpen() {
        if frames.isEmpty { openImplicitTransaction() }
    }

    /// Opens the implicit transaction (out of line: `ensureOpen()` is inlined into every change).
    @inline(never)
    private func openImplicitTransaction() {
        frames.append(TransactionFrame(isImplicit: true))
        ImplicitCommitScheduler.schedule(for: self)
    }
}

/// Commits a thread's implicit transaction at the end of the current turn of its run loop.
///
/// On the main thread the commit is queued on the main dispatch queue, which the main run loop
/// (or `dispatchMain()`) drains once the current turn's work is done. Other threads commit at
/// the next turn of their own run loop when they run one (in any of its common modes); threads without a run loop must call
/// `CATransaction.flush()` or use explicit transactions, as on Apple platforms.
enum ImplicitCommitScheduler {
    static func schedule(for stack: TransactionStack) {
        if let runLoop = stack.ownerRunLoop {
            // A timer due now, not `RunLoop.perform`: on Linux a performed block neither wakes
            // the loop nor reliably runs before it waits, while a due timer ends the wait.
            let commit = Timer(timeInterval: 0, repeats: false) { _ in CATransaction.commitImplicitTransactionIfOpen() }
            runLoop.add(commit, forMode: .common)
        } else {
            DispatchQueue.main.async { CATransaction.commitImplicitTransactionIfOpen() }
        }
    }
}
