import QuartzCoreModelSupport
import Synchronization

/// The lock that keeps the layer model whole when layers are used from several threads at once.
///
/// Apple documents that Core Animation "uses a data model that promises not to corrupt the
/// internal data when called from multiple threads concurrently" (`CATransaction.lock()`). Here
/// every read and write of a layer's model data (its properties, its place in the tree, its
/// animations and its layout and display marks) holds this lock for as long as the access lasts,
/// a change of the tree holds it across all of its steps (so a layer is never in two sublayer
/// lists, nor its own ancestor), and a commit holds it while it copies the changed layers into
/// the render tree (so the copy is one consistent state). Values read while other threads write
/// may be stale, never torn.
///
/// It is recursive, and it is the lock of `CATransaction.lock()`, as Apple's is: code that holds
/// it across several changes makes them atomic with respect to every other thread's. It is never
/// held while the library calls out to code it does not own (delegates, actions, layout
/// managers, `layoutSublayers()`, `display()`, `draw(in:)`), so such code may block on other
/// threads without deadlocking the tree. Every property change takes it once, so it is made
/// cheap: a futex-based `Mutex` (uncontended, a lock and an unlock are one atomic
/// compare-and-exchange each; waiters sleep in the kernel), with the recursion counted here. A
/// recursive pthread mutex cost about three times as many instructions, in the checks of its
/// type and owner, and a normal one (CompositorCore's `ThreadLock`, the libraries' other locks)
/// 64 instructions a lock and unlock against the `Mutex`'s 14 (callgrind, uncontended).
///
/// ThreadSanitizer does not see a contended `Mutex` pass from one thread to the next (the
/// kernel hands it over, `FUTEX_LOCK_PI`): without help it reported `depth` and every layer's
/// state as raced in a program whose threads all held this lock. So the hand-over is also told
/// through `owner`, in atomics the sanitizer sees: the holder clears it with a releasing store
/// before it lets go, and the next holder reads it with an acquiring load once it has the
/// mutex. On x86-64 and ARM64 both are plain loads and stores (one instruction each).
final class LayerTreeLock: @unchecked Sendable {
    /// The lock of every layer tree of the process.
    static let shared = LayerTreeLock()

    /// The lock threads wait on, taken once by the outermost acquisition of a thread.
    private let mutex = Mutex<Void>(())
    /// The thread that holds the lock (its `qc_callingThreadIdentity()`), 0 when none. Any
    /// thread may read it, and finds its own identity there exactly when it holds the lock: only
    /// the holder writes it, and clears it before it lets go of the mutex (a releasing store,
    /// which the next holder's acquiring load pairs with: see the type's notes).
    private let owner = Atomic<UInt>(0)
    /// How many more times the holder has acquired the lock than the once that took the mutex:
    /// 0 whenever the lock is free, so the outermost acquisition and release leave it alone.
    /// Only the holder reads or writes it (the mutex orders one holder's accesses before the
    /// next one's).
    @exclusivity(unchecked) private var depth = 0

    private init() {}

    /// The calling thread's identity, as `owner` holds it: the address of a C thread-local
    /// byte, two instructions where `pthread_self()` is a call (every property change asks).
    @inline(__always)
    private static var currentThread: UInt { UInt(qc_callingThreadIdentity()) }

    /// Whether the calling thread holds the lock.
    var isHeldByCallingThread: Bool { owner.load(ordering: .relaxed) == Self.currentThread }

    /// Acquires the lock (again, if this thread holds it already).
    @inline(__always)
    func lock() {
        let thread = Self.currentThread
        if owner.load(ordering: .relaxed) == thread {
            depth += 1
            return
        }
        takeMutex(as: thread)
    }

    /// Releases one acquisition of the lock. A thread that does not hold it is told so (in the
    /// log) and changes nothing.
    @inline(__always)
    func unlock() {
        guard owner.load(ordering: .relaxed) == Self.currentThread else {
            Self.rejectUnlock()
            return
        }
        if depth > 0 {
            depth -= 1
            return
        }
        releaseMutex()
    }

    /// Waits for the mutex and records `thread`, the calling thread, as the holder.
    @inline(__always)
    private func takeMutex(as thread: UInt) {
        mutex._unsafeLock()
        // Pairs with the last holder's releasing store (ThreadSanitizer's view of the hand-over).
        _ = owner.load(ordering: .acquiring)
        owner.store(thread, ordering: .relaxed)
    }

    /// Clears the holder and lets go of the mutex; the calling thread holds it once.
    @inline(__always)
    private func releaseMutex() {
        owner.store(0, ordering: .releasing)
        mutex._unsafeUnlock()
    }

    /// Logs an unlock by a thread that does not hold the lock (out of line: `unlock()` is
    /// inlined into every accessor).
    @inline(never)
    private static func rejectUnlock() {
        Diagnostics.reject("CATransaction.unlock() called on a thread that does not hold the lock: ignored")
    }

    /// Runs `body` holding the lock.
    ///
    /// Equivalent to `lock()`, `body`, `unlock()`, for less: a thread that holds the lock
    /// already just runs `body` (its acquisitions in `body`, if any, are balanced), and one
    /// that takes the mutex here releases it without checking again that it holds it. Every
    /// property change comes here.
    @inline(__always)
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        let thread = Self.currentThread
        if owner.load(ordering: .relaxed) == thread { return try body() }
        takeMutex(as: thread)
        defer { releaseMutex() }
        return try body()
    }
}
