#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The memory the process holds, and handing freed memory back to the system.
public enum ProcessMemory {
    /// The resident set size of the process, in bytes (`/proc/self/statm`), or 0 where it cannot be read.
    public static func residentBytes() -> Int {
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        // "size resident shared text lib data dt", in pages: the second number, parsed in place.
        let pages = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer -> Int in
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            guard count > 0 else { return 0 }
            var field = 0, value = 0
            for byte in buffer[0..<count] {
                if byte == UInt8(ascii: " ") {
                    if field == 1 { return value }
                    field += 1
                    value = 0
                } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                }
            }
            return field == 1 ? value : 0
        }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Asks the allocator to return the free memory of its arenas to the system (glibc's
    /// `malloc_trim`): large evictions free pages that glibc otherwise keeps for the process
    /// for good, in each thread's arena. True when memory was returned.
    @discardableResult
    public static func returnFreedMemory() -> Bool {
        guard let trim = mallocTrim else { return false }
        return trim(0) != 0
    }

    /// glibc's `malloc_trim(size_t pad)`, looked up at run time (the Glibc module does not
    /// import <malloc.h>); nil with another C library.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
}

/// Decides when freed cache memory is worth handing back to the system: after evictions that
/// freed at least `threshold` bytes in all since the last trim (a trim walks every arena, so
/// it is not done for a few kilobytes). Set `QC_DEBUG=no-malloc-trim` to never trim (to measure
/// what trimming saves).
public struct FreedMemoryTrimmer: Sendable {
    /// The bytes that must have been freed since the last trim before another.
    public var threshold: Int
    private var freedSinceTrim = 0

    /// Creates a trimmer that trims after `threshold` bytes were freed.
    public init(threshold: Int) { self.threshold = max(0, threshold) }

    /// Notes that evictions freed `bytes` bytes.
    public mutating func noteFreed(_ bytes: Int) { freedSinceTrim += max(0, bytes) }

    /// Trims when enough was freed since the last trim; true when it trimmed.
    @discardableResult
    public mutating func trimIfWorthwhile() -> Bool {
        guard !DebugOptions.isEnabled(.noMallocTrim), freedSinceTrim >= threshold, freedSinceTrim > 0 else { return false }
        freedSinceTrim = 0
        ProcessMemory.returnFreedMemory()
        return true
    }
}
