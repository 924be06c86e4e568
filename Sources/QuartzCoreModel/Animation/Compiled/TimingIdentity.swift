import CompositorCore
import Foundation

/// A number for the timing of a plain-value animation (its `MediaTimingParameters` and its
/// pacing), given when the animation is compiled: two animations get the same number only when
/// the bits of their timings and timing functions' curves are the same (+0 and -0 differ, a NaN
/// matches the same NaN), so that what their timing computes at a time is the same
/// (`AnimationTimingMemo`). Numbers are never given again; a spring gets none (0).
///
/// The numbers given are remembered in a table of at most `capacity` timings, emptied when full
/// (an app with many distinct timings, each layer its own offset): a timing seen before it was
/// emptied then gets a new number, shared only from then on.
enum TimingIdentity {
    /// How many timings the table remembers.
    static let capacity = 256

    /// The bits of a timing and its curve.
    private struct Key: Hashable {
        let timing: [UInt64]
        let curve: [UInt64]?
    }

    private struct Table {
        var numbers: [Key: Int] = [:]
        var next = 1
    }

    // A `ThreadLock`, not `Synchronization.Mutex`: animations compile on every thread that
    // commits, and ThreadSanitizer cannot see a contended `Mutex` hand its value over.
    private static let table = ThreadLock(Table())

    /// The number of `timing` paced by `pacing`; 0 for a spring.
    static func of(_ timing: MediaTimingParameters, pacing: ScalarPacing) -> Int {
        let curve: [UInt64]?
        switch pacing {
        case .fraction: curve = nil
        case .curve(let c): curve = bits(of: c)
        case .spring: return 0
        }
        let key = Key(timing: bits(of: timing), curve: curve)
        return table.withLock { table in
            if let number = table.numbers[key] { return number }
            if table.numbers.count >= capacity { table.numbers.removeAll(keepingCapacity: true) }
            let number = table.next
            table.next += 1
            table.numbers[key] = number
            return number
        }
    }

    /// The bytes of a plain value, a word at a time (the last word padded with zeros). Values
    /// whose bytes differ give different words; a value's padding, were it to have some, could
    /// only make equal values differ.
    private static func bits<T>(of value: T) -> [UInt64] {
        withUnsafeBytes(of: value) { bytes in
            stride(from: 0, to: bytes.count, by: 8).map { start in
                var word: UInt64 = 0
                for offset in start..<min(start + 8, bytes.count) {
                    word |= UInt64(bytes[offset]) << (8 * UInt64(offset - start))
                }
                return word
            }
        }
    }
}
