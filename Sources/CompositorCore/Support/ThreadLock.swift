#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A mutual-exclusion lock around a value, on a `pthread_mutex_t`: the lock of the values the
/// libraries share between threads (all but the layer tree's, `LayerTreeLock`, which every
/// property access takes and which keeps a cheaper `Mutex`, annotated for the sanitizer).
///
/// It stands where `Synchronization.Mutex` would, for one reason: ThreadSanitizer sees it. On
/// Linux, `Mutex` hands a contended lock from one thread to the next through the kernel
/// (`FUTEX_LOCK_PI`), where ThreadSanitizer cannot see the hand-over, so every access a
/// contended `Mutex` orders is reported as a race. ThreadSanitizer intercepts
/// `pthread_mutex_lock` and `pthread_mutex_unlock` and orders the accesses between them. The
/// mutex is of the default (normal) kind: an uncontended lock and unlock are one atomic
/// compare-and-exchange each inside glibc, and a call each.
package final class ThreadLock<State>: @unchecked Sendable {
    /// The mutex, at a stable address (a `pthread_mutex_t` must not move once initialized).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The value; read and written only while `mutex` is held.
    private var state: State

    /// Creates a lock around `initialState`.
    package init(_ initialState: sending State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        state = initialState
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    @inline(__always)
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock()
        defer { unlock() }
        return try body(&state)
    }

    /// Acquires the lock, waiting while another thread holds it. The caller must call
    /// `unlock()` on the same thread.
    @inline(__always)
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Releases the lock that this thread acquired with `lock()`.
    @inline(__always)
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }
}

extension ThreadLock where State == Void {
    /// Creates a lock that guards no value of its own (what it orders is the caller's).
    package convenience init() {
        self.init(())
    }
}
