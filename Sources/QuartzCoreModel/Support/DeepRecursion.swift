#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Keeps recursive walks of a layer tree from overflowing the stack of the thread that runs them.
///
/// Walks that are simple are written as loops. A few are not: the flattener's walk goes through
/// groups, masks, transitions, replicators and 3D sorting, each of which draws subtrees and
/// then finishes work after them (borders, group ends, clip scopes, cache records), and
/// `hitTest(_:)` is an open method whose overrides call `super`. Rewriting those as loops with
/// an explicit stack of continuations would scatter every feature over a state machine, so they
/// call `guarded(_:)` at each level instead: while enough of the thread's stack is left it just
/// runs the closure; when it runs low, the rest of the recursion continues on a fresh thread
/// with a large stack while the caller waits (as rustc's `stacker` does). A tree of ordinary
/// depth never leaves its thread; a 10,000-deep one hops a few times.
///
/// Work that must stay on the calling thread (anything that may open a transaction) is not run
/// through this: the calling thread's transaction stack is lent to the helper thread while it
/// runs, so changes made there join the caller's transaction.
package enum DeepRecursion {
    /// Bytes of stack that must be left before a level runs: more than one level of the deepest
    /// guarded walk uses between two checks (a flattener level with Cairo or Pango drawing its
    /// picture, in a debug build), with room to spare.
    static let reserve = 256 * 1024
    /// The stack of each helper thread.
    static let helperStackSize = 64 * 1024 * 1024

    /// Runs `body` on this thread when at least `reserve` bytes of its stack are left, else on a
    /// helper thread with a fresh stack, waiting for it to finish.
    @inline(__always)
    package static func guarded<R>(_ body: () -> R) -> R {
        if hasRoom { return body() }
        return onFreshStack(body)
    }

    /// Whether a level may run on this thread's stack (`guarded(_:)` runs it there). A walk that
    /// checks this itself calls its level directly when there is room, without making the
    /// closure `guarded(_:)` takes, which copies what it captures (the flattener's layer, for
    /// every layer of every frame), and calls `onFreshStack(_:)` otherwise.
    package static var hasRoom: Bool { hasRoom(above: stackLimit) }

    /// The lowest address the calling thread's stack may reach (`hasRoom(above:)`), 0 when it
    /// cannot be found. Looked up in a thread-local table: a walk that checks every level reads
    /// it once, on the thread it walks on.
    package static var stackLimit: UInt { StackBounds.current.lowAddress }

    /// `hasRoom` for the thread whose `stackLimit` is `limit` (the calling thread's): a
    /// comparison with the current frame's address, without the thread-local lookup.
    package static func hasRoom(above limit: UInt) -> Bool {
        remainingStack(above: limit) > reserve
    }

    /// The bytes of the calling thread's stack below the current frame (a large number when
    /// the thread's stack cannot be found), its `stackLimit` being `limit`.
    static func remainingStack(above limit: UInt) -> Int {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        guard limit > 0, here > limit else { return Int.max }
        return Int(here - limit)
    }

    /// Runs `body` on a new thread whose stack is `helperStackSize` bytes, and waits for it.
    package static func onFreshStack<R>(_ body: () -> R) -> R {
        withoutActuallyEscaping(body) { escapable in
            var result: R?
            let job = HelperJob(work: { result = escapable() }, transactions: TransactionStack.current)
            if !job.runOnHelperThread() { result = escapable() }
            return result!
        }
    }
}

/// The work handed to a helper thread. The caller waits in `pthread_join` until the helper has
/// finished, so the closure and what it captures are only ever used by one thread at a time.
private final class HelperJob: @unchecked Sendable {
    let work: () -> Void
    let transactions: TransactionStack

    init(work: @escaping () -> Void, transactions: TransactionStack) {
        self.work = work
        self.transactions = transactions
    }

    /// Runs the work on a new thread and waits for it; false when no thread could be started
    /// (the caller then runs it itself, and may overflow).
    func runOnHelperThread() -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, DeepRecursion.helperStackSize)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, &attributes, { raw in
            let job = Unmanaged<HelperJob>.fromOpaque(raw!).takeRetainedValue()
            TransactionStack.lend(job.transactions) { job.work() }
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<HelperJob>.fromOpaque(context).release()
            Diagnostics.reject("layer tree too deep for the stack left, and no helper thread could be started (\(status))")
            return false
        }
        pthread_join(thread, nil)
        return true
    }
}

/// The lowest address of the calling thread's stack, found once per thread.
private final class StackBounds {
    let lowAddress: UInt

    private init() {
        var attributes = pthread_attr_t()
        var low: UInt = 0
        if let getAttributes = Self.getAttributes, getAttributes(pthread_self(), &attributes) == 0 {
            var address: UnsafeMutableRawPointer?
            var size = 0
            if pthread_attr_getstack(&attributes, &address, &size) == 0, let address {
                // Keep clear of the guard page and of what the C library reserves at the bottom.
                low = UInt(bitPattern: address) + UInt(min(size / 16, 64 * 1024))
            }
            pthread_attr_destroy(&attributes)
        }
        lowAddress = low
    }

    private static let perThread = ThreadLocalObject { StackBounds() }

    /// glibc's `pthread_getattr_np` (the attributes of a running thread, its stack included),
    /// which the Glibc module does not declare: it is a GNU extension.
    private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    private static let getAttributes: GetAttributes? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: GetAttributes.self)
    }()

    static var current: StackBounds { perThread.value }
}
