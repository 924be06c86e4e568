/// A cache that follows a `CacheBudget`: each entry remembers the frame it was last used in; at
/// the end of a frame, entries unused for `evictionAge` frames go, then, while the bytes held
/// exceed `byteLimit`, the least recently used ones, never one used in the frame just drawn.
///
/// Renderers call `beginFrame()` before drawing and `endFrame()` after; `value(for:)` marks an
/// entry used in the current frame.
public final class BudgetedCache<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var bytes: Int
        /// The frame it was last used in.
        var lastUsed: Int
        /// `agedFrames` when it was last used.
        var lastAge: Int
    }

    /// The budget; a smaller one evicts at the next `endFrame()`, or at once through `trim()`.
    public var budget: CacheBudget
    private var entries: [Key: Entry] = [:]
    private var frame = 0
    /// Frames that count for age (a renderer may not count frames that drew only damage).
    private var agedFrames = 0
    private var freedBytes = 0
    /// The bytes the entries hold.
    public private(set) var bytes = 0

    /// Creates an empty cache following `budget`.
    public init(budget: CacheBudget) { self.budget = budget }

    /// The number of entries.
    public var count: Int { entries.count }
    /// Entries and bytes held.
    public var usage: CacheUsage { CacheUsage(entries: entries.count, bytes: bytes) }

    /// Starts a frame: entries used from now on are this frame's.
    public func beginFrame() { frame += 1 }

    /// The value kept for `key`, marked used in this frame, or nil.
    public func value(for key: Key) -> Value? {
        guard var entry = entries[key] else { return nil }
        if entry.lastUsed != frame {
            entry.lastUsed = frame
            entry.lastAge = agedFrames
            entries[key] = entry
        }
        return entry.value
    }

    /// Keeps `value` (holding `bytes` bytes) for `key`, used in this frame; replaces any earlier one.
    public func insert(_ value: Value, bytes: Int, for key: Key) {
        if let old = entries.updateValue(Entry(value: value, bytes: bytes, lastUsed: frame, lastAge: agedFrames), forKey: key) {
            self.bytes -= old.bytes
            freedBytes += old.bytes
        }
        self.bytes += bytes
    }

    /// Ends a frame: evicts by age, then by bytes (least recently used first). A frame that
    /// does not `countForAge` (one that redrew only damage, and so skipped what lay elsewhere)
    /// ages nothing.
    public func endFrame(countForAge: Bool = true) {
        if countForAge { agedFrames += 1 }
        trim()
    }

    /// Evicts what the budget no longer allows: entries unused for `evictionAge` frames, then,
    /// beyond `byteLimit`, the least recently used entries not used in the current frame.
    public func trim() {
        // Used in frame `lastAge + 1` (counting frames that age), unused in each since.
        let oldest = agedFrames - budget.evictionAge - 1
        if entries.values.contains(where: { $0.lastAge <= oldest && $0.lastUsed != frame }) {
            for (key, entry) in entries where entry.lastAge <= oldest && entry.lastUsed != frame { remove(key, entry) }
        }
        guard bytes > budget.byteLimit else { return }
        let candidates = entries.filter { $0.value.lastUsed != frame }.sorted { $0.value.lastUsed < $1.value.lastUsed }
        for (key, entry) in candidates {
            guard bytes > budget.byteLimit else { break }
            remove(key, entry)
        }
    }

    /// Removes every entry.
    public func removeAll() {
        freedBytes += bytes
        entries.removeAll()
        bytes = 0
    }

    /// The bytes evicted since the last call (for returning freed memory to the system).
    public func takeFreedBytes() -> Int {
        defer { freedBytes = 0 }
        return freedBytes
    }

    private func remove(_ key: Key, _ entry: Entry) {
        entries[key] = nil
        bytes -= entry.bytes
        freedBytes += entry.bytes
    }
}
