#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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
/// threads without deadlocking the tree. A plain pthread mutex: uncontended, a lock and unlock
/// cost two atomic operations, which the property path can afford.
final class LayerTreeLock: @unchecked Sendable {
    /// The lock of every layer tree of the process.
    static let shared = LayerTreeLock()

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    private init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    /// Acquires the lock (again, if this thread holds it already).
    @inline(__always)
    func lock() { pthread_mutex_lock(mutex) }

    /// Releases one acquisition of the lock.
    @inline(__always)
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    @inline(__always)
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
