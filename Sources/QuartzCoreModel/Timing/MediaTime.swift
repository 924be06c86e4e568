#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A time interval in seconds, as Core Foundation spells it; Foundation on Linux lacks it.
public typealias CFTimeInterval = Double

/// Returns the current absolute time, in seconds, from the system's monotonic clock.
///
/// The value is `CLOCK_MONOTONIC`: it never jumps when the wall clock is changed, and only its
/// differences are meaningful (001:5893-5903 — "its purpose is to act as a relative value").
public func CACurrentMediaTime() -> CFTimeInterval {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return CFTimeInterval(now.tv_sec) + CFTimeInterval(now.tv_nsec) * 1e-9
}
