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

    /// The bits of a timing and its curve, compared and hashed as the values' bytes where they
    /// lie (a key is built at every compile of a plain-value animation: N layers each given an
    /// animation build N keys, and arrays of their words allocated twice each).
    private struct Key: Hashable {
        let timing: MediaTimingParameters
        /// The timing function's curve; `noCurve` where there is none (`hasCurve` false).
        let curve: TimingCurve
        let hasCurve: Bool

        /// What `curve` holds for an animation without a timing function.
        static let noCurve = TimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)

        static func == (a: Key, b: Key) -> Bool {
            a.hasCurve == b.hasCurve && sameBytes(a.timing, b.timing) && sameBytes(a.curve, b.curve)
        }

        func hash(into hasher: inout Hasher) {
            Self.forEachWord(of: timing) { hasher.combine($0) }
            Self.forEachWord(of: curve) { hasher.combine($0) }
            hasher.combine(hasCurve)
        }

        /// Whether the bytes of two plain values are the same (`memcmp`). Values whose bytes
        /// differ differ; a value's padding, were it to have some, could only make equal values
        /// differ.
        private static func sameBytes<T>(_ a: T, _ b: T) -> Bool {
            withUnsafeBytes(of: a) { x in
                withUnsafeBytes(of: b) { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
            }
        }

        /// Gives `body` the bytes of a plain value a word at a time (the last word padded with
        /// zeros): hashed and compared as words, a lookup costs ~1,030 instructions; as bytes
        /// (`Hasher.combine(bytes:)`, `elementsEqual`), ~2,400.
        private static func forEachWord<T>(of value: T, _ body: (UInt64) -> Void) {
            withUnsafeBytes(of: value) { bytes in
                var start = 0
                while start + 8 <= bytes.count {
                    body(bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
                    start += 8
                }
                var last: UInt64 = 0
                for offset in start..<bytes.count { last |= UInt64(bytes[offset]) << (8 * UInt64(offset - start)) }
                body(last)
            }
        }
    }

    private struct Table {
        var numbers: [Key: Int] = [:]
        var next = 1
    }

    // A `ThreadLock`, not `Synchronization.Mutex`: animations compile on every thread that
    // commits, and ThreadSanitizer cannot see a contended `Mutex` hand its value over.
    private static let table = ThreadLock(Table())

    /// Forgets every timing remembered, as the table does when it is full: a timing seen before
    /// gets a new number (numbers are never given again). A test that compares numbers starts
    /// from it, so that the table, filled by whatever ran before, cannot empty in the middle.
    static func forgetAll() {
        table.withLock { $0.numbers.removeAll(keepingCapacity: true) }
    }

    /// The number of `timing` paced by `pacing`; 0 for a spring.
    static func of(_ timing: MediaTimingParameters, pacing: ScalarPacing) -> Int {
        let key: Key
        switch pacing {
        case .fraction: key = Key(timing: timing, curve: Key.noCurve, hasCurve: false)
        case .curve(let c): key = Key(timing: timing, curve: c, hasCurve: true)
        case .spring: return 0
        }
        return table.withLock { table in
            if let number = table.numbers[key] { return number }
            if table.numbers.count >= capacity { table.numbers.removeAll(keepingCapacity: true) }
            let number = table.next
            table.next += 1
            table.numbers[key] = number
            return number
        }
    }
}
