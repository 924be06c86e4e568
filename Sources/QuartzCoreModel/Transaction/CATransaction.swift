import Foundation

/// The key of the transaction's animation duration (a `CFTimeInterval`).
public let kCATransactionAnimationDuration = "animationDuration"
/// The key of the transaction's setting that disables actions (a `Bool`).
public let kCATransactionDisableActions = "disableActions"
/// The key of the transaction's animation timing function (a `CAMediaTimingFunction`).
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The key of the transaction's completion block.
public let kCATransactionCompletionBlock = "completionBlock"

/// A mechanism for grouping multiple layer-tree operations into atomic updates to the render tree.
///
/// Every change to a layer tree happens inside a transaction. Changes made outside an explicit
/// `begin()`/`commit()` pair open an implicit transaction, committed at the end of the current
/// run-loop turn. Transactions nest; parameters set in an inner transaction override the outer
/// ones, and animations start only when the outermost transaction commits.
///
/// Threads: each thread has its own stack of transactions. Layers may be changed from several
/// threads at once without corrupting the trees (values read may be stale); changes made on a
/// thread are committed with that thread's own (implicit or explicit) transaction, and a thread
/// without a run loop must commit explicitly or call `flush()`. `lock()`/`unlock()` make
/// multi-step changes atomic, as on Apple platforms.
public final class CATransaction {
    private init() {}

    /// Begins a new transaction for the current thread.
    public static func begin() {
        TransactionStack.current.frames.append(TransactionFrame())
    }

    /// Commits all changes made during the current transaction. Unbalanced calls are reported and ignored.
    public static func commit() {
        let stack = TransactionStack.current
        guard let last = stack.frames.last, !last.isImplicit || stack.frames.count > 1 else {
            Diagnostics.reject("CATransaction.commit() without a matching begin()")
            return
        }
        popAndCommitIfOutermost(stack)
    }

    /// Flushes any outstanding changes to the render tree: commits the implicit transaction now.
    /// Explicit transactions still open are left alone (their changes are committed with them).
    public static func flush() {
        let stack = TransactionStack.current
        if stack.frames.count == 1, stack.frames[0].isImplicit {
            popAndCommitIfOutermost(stack)
        } else if stack.frames.isEmpty, !stack.changedLayers.isEmpty {
            TransactionCommitter.commit(stack, completion: nil, animations: [])
        }
    }

    /// Commits the thread's implicit transaction if one is open and no explicit one is.
    static func commitImplicitTransactionIfOpen() {
        let stack = TransactionStack.current
        if stack.frames.count == 1, stack.frames[0].isImplicit {
            popAndCommitIfOutermost(stack)
        }
    }

    /// Pops the innermost frame. A nested frame hands its animations (which the enclosing
    /// frame's block also waits for) and its completion blocks to the enclosing frame; the
    /// outermost frame commits, and every block settled during the transaction waits for its
    /// animations from then on (measured: committing a nested transaction runs no block, GNUstep
    /// libs-quartzcore `Tests/quartzcore/CATransaction/completion.m`).
    private static func popAndCommitIfOutermost(_ stack: TransactionStack) {
        var frame = stack.frames.removeLast()
        if stack.frames.isEmpty {
            for pending in frame.settledCompletions {
                AnimationCompletionToken.whenAllFinish(pending.animations, run: pending.block)
            }
            let open = Array(frame.animations[frame.completionBlockStart...])
            TransactionCommitter.commit(stack, completion: frame.completionBlock, animations: open)
        } else {
            if let pending = frame.takeCompletionBlock() { frame.settledCompletions.append(pending) }
            let index = stack.frames.count - 1
            stack.frames[index].animations.append(contentsOf: frame.animations)
            stack.frames[index].settledCompletions.append(contentsOf: frame.settledCompletions)
        }
    }

    // MARK: Parameters

    /// The duration of implicit animations in this transaction; 0.25 s unless set.
    public static func animationDuration() -> CFTimeInterval {
        (TransactionStack.current.value(forKey: kCATransactionAnimationDuration) as? CFTimeInterval) ?? 0.25
    }

    /// Sets the duration of implicit animations in this transaction.
    public static func setAnimationDuration(_ dur: CFTimeInterval) {
        setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// The timing function of implicit animations in this transaction, or nil for the default.
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        TransactionStack.current.value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    /// Sets the timing function of implicit animations in this transaction.
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether actions triggered by property changes are suppressed in this transaction.
    public static func disableActions() -> Bool {
        TransactionStack.current.disablesActions
    }

    /// Sets whether actions triggered by property changes are suppressed in this transaction.
    public static func setDisableActions(_ flag: Bool) {
        setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The completion block of this transaction: the one set last in the innermost transaction
    /// that has one, so a nested transaction reads the block of the one it is nested in; nil
    /// when none is set or the last one was cleared (measured, GNUstep libs-quartzcore
    /// `Tests/quartzcore/CATransaction/completion.m`).
    public static func completionBlock() -> (() -> Void)? {
        for frame in TransactionStack.current.frames.reversed() {
            if let block = frame.completionBlock { return block }
        }
        return nil
    }

    /// Sets a block called on the main thread once every animation added to this transaction
    /// after it was set has finished or been removed.
    ///
    /// As Apple's does (CATransaction.h, and measured in GNUstep libs-quartzcore
    /// `Tests/quartzcore/CATransaction/completion.m`): the block never runs at the commit
    /// itself but on a later turn of the main run loop, at once then when no animation was added
    /// for it; setting another block (or nil) does not cancel this one: it still runs, waiting
    /// only for the animations added before it was replaced, and at once (on the next turn of
    /// the main run loop) when there were none ("If no animations are added before the current
    /// transaction group is committed (or the completion block is set to a different value),
    /// the block will be invoked immediately"); otherwise a block set in a nested transaction
    /// waits for the outermost commit.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        let stack = TransactionStack.current
        stack.ensureOpen()
        let index = stack.frames.count - 1
        if let replaced = stack.frames[index].takeCompletionBlock() {
            if replaced.animations.isEmpty {
                AnimationCompletionToken.whenAllFinish([], run: replaced.block)
            } else {
                stack.frames[index].settledCompletions.append(replaced)
            }
        }
        stack.frames[index].completionBlock = block
    }

    /// Returns the value of an arbitrary transaction property.
    public static func value(forKey key: String) -> Any? {
        if key == kCATransactionCompletionBlock { return completionBlock() }
        return TransactionStack.current.value(forKey: key)
    }

    /// Sets an arbitrary transaction property in the innermost transaction.
    public static func setValue(_ anObject: Any?, forKey key: String) {
        if key == kCATransactionCompletionBlock {
            setCompletionBlock(anObject as? () -> Void)
            return
        }
        let stack = TransactionStack.current
        stack.ensureOpen()
        stack.frames[stack.frames.count - 1].values[key] = anObject
    }

    // MARK: Locking

    /// Acquires a recursive lock that makes several changes to layer trees atomic with respect
    /// to every other thread.
    ///
    /// Layers keep their data whole without it (each access and each change of the tree holds
    /// the same lock for as long as it lasts: see `LayerTreeLock`), as Apple's data model
    /// "promises not to corrupt the internal data when called from multiple threads
    /// concurrently"; what the lock adds is that no other thread sees, or interleaves changes
    /// with, the changes made while it is held. It is held by the commit while it copies layers
    /// to the render tree. Do not hold it across a wait for a thread that changes layers.
    public static func lock() { LayerTreeLock.shared.lock() }

    /// Releases the lock acquired by `lock()`.
    public static func unlock() { LayerTreeLock.shared.unlock() }
}
