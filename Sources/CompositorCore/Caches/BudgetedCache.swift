/// A cache that follows a `CacheBudget`, the bookkeeping of every renderer cache (textures,
/// rasterized groups, shadow masks): each entry remembers the frame it was last used in; at
/// the end of a frame, entries unused for `evictionAge` frames go, then, while the bytes held
/// exceed `byteLimit`, the least recently used ones, never one used in the frame just drawn.
///
/// Renderers call `beginFrame()` before drawing and `endFrame()` after; `value(for:)` marks an
/// entry used in the current frame. What a value holds outside memory (a GL texture) is the
/// renderer's to free: `onRelease` hears of every value the cache lets go of.
public final class BudgetedCache<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var bytes: Int
        /// The frame it was last used in.
        var lastUsed: Int
        /// `agedFrames` when it was last used.
        var lastAge: Int
        /// `useCount` when first used in `lastUsed`: orders entries last used in the same frame.
        var stamp: Int
    }

    /// The budget; a smaller one evicts at the next `endFrame()`, or at once through `trim()`.
    public var budget: CacheBudget
    /// Called with each value the cache lets go of by itself: evicted, replaced by `insert`, or
    /// dropped by `removeAll()` and `removeAll(where:)`; not for `removeValue(forKey:)` and
    /// `update(_:bytes:for:)`, whose caller takes the old value.
    public var onRelease: ((Key, Value) -> Void)?
    private var entries: [Key: Entry] = [:]
    /// The frame being drawn, or the last one drawn.
    private var frame = 0
    /// Whether a frame is being drawn (from `beginFrame()` to the end of `endFrame()`).
    private var isDrawing = false
    /// Frames that count for age (a renderer may not count frames that drew only damage).
    private var agedFrames = 0
    private var useCount = 0
    private var freedBytes = 0
    private var entryBytes = 0

    /// Bytes of storage the entries share (atlas pages), counted with theirs against the byte
    /// limit and in `usage`; kept up to date by the owner (a decrease counts as freed).
    public var sharedBytes = 0 {
        didSet { if sharedBytes < oldValue { freedBytes += oldValue - sharedBytes } }
    }

    /// The bytes held: the entries' and the shared storage's.
    public var bytes: Int { entryBytes + sharedBytes }

    /// Creates an empty cache following `budget`.
    public init(budget: CacheBudget) { self.budget = budget }

    /// The number of entries.
    public var count: Int { entries.count }
    /// Entries and bytes held.
    public var usage: CacheUsage { CacheUsage(entries: entries.count, bytes: bytes) }

    /// Starts a frame: entries used from now on are this frame's.
    public func beginFrame() {
        frame += 1
        isDrawing = true
    }

    /// The value kept for `key`, marked used in this frame, or nil.
    public func value(for key: Key) -> Value? {
        guard let index = entries.index(forKey: key) else { return nil }
        if entries.values[index].lastUsed != frame {
            useCount += 1
            entries.values[index].lastUsed = frame
            entries.values[index].lastAge = agedFrames
            entries.values[index].stamp = useCount
        }
        return entries.values[index].value
    }

    /// The value kept for `key`, not marked used.
    public func peek(_ key: Key) -> Value? { entries[key]?.value }

    /// Whether the entry for `key` is used in the frame being drawn (and so is spared eviction).
    public func isUsedInCurrentFrame(_ key: Key) -> Bool {
        guard let entry = entries[key] else { return false }
        return isSpared(entry)
    }

    /// Keeps `value` (holding `bytes` bytes) for `key`, used in this frame; an earlier value for
    /// `key` goes to `onRelease`.
    public func insert(_ value: Value, bytes: Int, for key: Key) {
        if let old = store(value, bytes: bytes, for: key) {
            freedBytes += old.bytes
            onRelease?(key, old.value)
        }
    }

    /// Replaces the value for `key` with `value` (now holding `bytes` bytes), used in this frame,
    /// without releasing the old one, which stays the caller's (what it shares with the new one,
    /// and what it alone held, to be freed by the caller).
    public func update(_ value: Value, bytes: Int, for key: Key) {
        if let old = store(value, bytes: bytes, for: key), old.bytes > bytes { freedBytes += old.bytes - bytes }
    }

    /// Takes the value for `key` out of the cache; the caller takes it over.
    @discardableResult
    public func removeValue(forKey key: Key) -> Value? {
        guard let entry = entries.removeValue(forKey: key) else { return nil }
        entryBytes -= entry.bytes
        return entry.value
    }

    /// Ends a frame: evicts by age, then by bytes (least recently used first). A frame that
    /// does not `countForAge` (one that redrew only damage, and so skipped what lay elsewhere)
    /// ages nothing.
    public func endFrame(countForAge: Bool = true) {
        if countForAge { agedFrames += 1 }
        trim()
        isDrawing = false
    }

    /// Evicts what the budget no longer allows: entries unused for `evictionAge` frames, then,
    /// beyond `byteLimit`, the least recently used entries; during a frame (and at its end)
    /// those the frame uses stay.
    public func trim() {
        // Used in frame `lastAge + 1` (counting frames that age), unused in each since.
        let oldest = agedFrames - budget.evictionAge - 1
        removeEntries(where: { _, entry in entry.lastAge <= oldest && !isSpared(entry) })
        guard bytes > budget.byteLimit else { return }
        let candidates = entries.filter { !isSpared($0.value) }.sorted { $0.value.stamp < $1.value.stamp }
        for (key, entry) in candidates {
            guard bytes > budget.byteLimit else { break }
            release(key, entry)
        }
    }

    /// Removes the entries whose key and value satisfy `shouldRemove`; their values go to `onRelease`.
    public func removeAll(where shouldRemove: (Key, Value) -> Bool) {
        removeEntries(where: { key, entry in shouldRemove(key, entry.value) })
    }

    /// Removes every entry; their values go to `onRelease`.
    public func removeAll() {
        removeEntries(where: { _, _ in true })
    }

    /// The bytes evicted since the last call (for returning freed memory to the system).
    public func takeFreedBytes() -> Int {
        defer { freedBytes = 0 }
        return freedBytes
    }

    /// Used in the frame being drawn: the frame still shows it. Between frames nothing is.
    private func isSpared(_ entry: Entry) -> Bool { isDrawing && entry.lastUsed == frame }

    private func removeEntries(where shouldRemove: (Key, Entry) -> Bool) {
        guard entries.contains(where: { shouldRemove($0.key, $0.value) }) else { return }
        for (key, entry) in entries where shouldRemove(key, entry) { release(key, entry) }
    }

    /// Stores an entry and returns the one it replaces, its bytes no longer counted.
    private func store(_ value: Value, bytes: Int, for key: Key) -> Entry? {
        useCount += 1
        let old = entries.updateValue(Entry(value: value, bytes: bytes, lastUsed: frame, lastAge: agedFrames, stamp: useCount),
                                      forKey: key)
        entryBytes += bytes - (old?.bytes ?? 0)
        return old
    }

    private func release(_ key: Key, _ entry: Entry) {
        entries[key] = nil
        entryBytes -= entry.bytes
        freedBytes += entry.bytes
        onRelease?(key, entry.value)
    }
}
