#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One object per thread, made on the thread's first use and released when the thread exits.
///
/// A POSIX thread-specific slot: reading it is one `pthread_getspecific` call, where a
/// `Thread.current.threadDictionary` lookup hashes a string key on every access. Each thread
/// only ever sees its own object, so the objects need not be `Sendable`; the slot itself
/// (a key and a factory) is immutable and shared.
final class ThreadLocalObject<Value: AnyObject>: Sendable {
    private let key: pthread_key_t
    private let make: @Sendable () -> Value

    /// Creates a slot whose value on each thread is made by `make` the first time it is read there.
    init(_ make: @escaping @Sendable () -> Value) {
        var key = pthread_key_t()
        // The slot holds a retained reference; the thread's exit releases it.
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "pthread_key_create failed (\(status)): out of thread-specific keys")
        self.key = key
        self.make = make
    }

    /// The calling thread's object.
    var value: Value {
        if let raw = pthread_getspecific(key) {
            return Unmanaged<Value>.fromOpaque(raw).takeUnretainedValue()
        }
        let made = make()
        pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    /// Runs `body` with the calling thread's object, which it does not retain: the slot holds
    /// it for as long as the thread lives, and `lend(_:_:)` keeps it while another is lent.
    @inline(__always)
    func withValue<R>(_ body: (Value) -> R) -> R {
        if let raw = pthread_getspecific(key) {
            return Unmanaged<Value>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
        }
        return body(value)
    }

    /// Runs `body` with the object at `raw` (unretained; its holder keeps it alive).
    @inline(__always)
    static func withObject<R>(at raw: UnsafeMutableRawPointer, _ body: (Value) -> R) -> R {
        Unmanaged<Value>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
    }

    /// Runs `body` with `value` as the calling thread's object, then restores the thread's own.
    /// The thread that owns `value` must not use it meanwhile (it waits for this one).
    func lend<R>(_ value: Value, _ body: () -> R) -> R {
        let saved = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passRetained(value).toOpaque())
        defer {
            Unmanaged<Value>.fromOpaque(pthread_getspecific(key)!).release()
            pthread_setspecific(key, saved)
        }
        return body()
    }
}
