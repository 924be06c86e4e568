import CompositorCore

/// Rasterized group contents kept under their key and pixel size, each with the shadow blurred
/// from it (a rasterized layer's shadow is part of what rasterizing saves). Entries follow
/// `budget`: one not drawn in the last `budget.evictionAge` frames drawn whole is evicted at the
/// end of a frame, and beyond the byte limit the least recently used go first, sparing those
/// drawn in the current frame.
final class RasterizationCache {
    private struct Key: Hashable {
        var key: RasterizationKey
        var width: Int, height: Int
    }
    private struct Entry {
        var texture: Texture
        /// The shadow blurred from `texture`, and the blur and colour it was made with.
        var shadow: (texture: Texture, sigma: Float, color: SIMD4<Float>)?
        var lastUse: UInt64
        var lastFrame: Int
        var lastWholeFrame: Int
        var byteCount: Int { texture.byteCount + (shadow?.texture.byteCount ?? 0) }
    }

    /// The eviction age and byte limit; a smaller one evicts at once.
    var budget: CacheBudget { didSet { evictBeyondLimit() } }
    /// The most bytes kept.
    var byteLimit: Int {
        get { budget.byteLimit }
        set { budget.byteLimit = max(0, newValue) }
    }
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    private var frame = 0
    /// Whether a frame is being drawn (between `beginFrame()` and `endFrame(isWhole:)`).
    private var isDrawing = false
    /// Frames drawn whole so far (a damage-limited frame does not draw the groups outside the damage).
    private var wholeFrames = 0
    /// The bytes held.
    private(set) var byteCount = 0
    /// Bytes evicted since `takeFreedBytes()` last asked.
    private var freedBytes = 0

    init(budget: CacheBudget) { self.budget = budget }

    /// A cache of `byteLimit` bytes and the default eviction age.
    convenience init(byteLimit: Int) { self.init(budget: CacheBudget(byteLimit: byteLimit)) }

    /// The number of contents held.
    var count: Int { entries.count }

    /// The contents held and their bytes (shadows included).
    var usage: CacheUsage { CacheUsage(entries: entries.count, bytes: byteCount) }

    /// Starts a frame.
    func beginFrame() {
        frame += 1
        isDrawing = true
    }

    /// Ends a frame: after one drawn whole (`isWhole`), evicts the contents not drawn in the
    /// last `budget.evictionAge` whole frames; then those beyond the byte limit.
    func endFrame(isWhole: Bool) {
        if isWhole {
            let oldestKept = wholeFrames - budget.evictionAge + 1
            for (key, entry) in entries where entry.lastWholeFrame < oldestKept { remove(key) }
            wholeFrames += 1
        }
        isDrawing = false
        evictBeyondLimit()
    }

    /// The bytes evicted since the last call.
    func takeFreedBytes() -> Int {
        defer { freedBytes = 0 }
        return freedBytes
    }

    /// The content kept for `key` at this size, marked as drawn in this frame.
    func texture(for key: RasterizationKey, width: Int, height: Int) -> Texture? {
        let k = Key(key: key, width: width, height: height)
        guard entries[k] != nil else { return nil }
        touch(k)
        return entries[k]!.texture
    }

    /// Keeps `texture` for `key`; older versions of the same layer are dropped. A content larger
    /// than the whole limit is not kept.
    func store(_ texture: Texture, for key: RasterizationKey, width: Int, height: Int) {
        for stale in entries.keys where stale.key.layerID == key.layerID { remove(stale) }
        guard texture.byteCount <= byteLimit else { return }
        let k = Key(key: key, width: width, height: height)
        entries[k] = Entry(texture: texture, lastUse: 0, lastFrame: frame, lastWholeFrame: wholeFrames)
        touch(k)
        byteCount += texture.byteCount
        evictBeyondLimit()
    }

    /// The shadow of the content kept for `key` at this size, blurred with `sigma` in
    /// `color`: kept from an earlier frame, or made by `make` and kept with the content. Nil
    /// when no content is kept for `key` (the caller blurs without keeping).
    func shadow(for key: RasterizationKey, width: Int, height: Int, sigma: Float, color: SIMD4<Float>,
                make: () -> Texture) -> Texture? {
        let k = Key(key: key, width: width, height: height)
        guard let entry = entries[k] else { return nil }
        if let kept = entry.shadow, kept.sigma == sigma, kept.color == color { return kept.texture }
        let shadow = make()
        byteCount -= entry.byteCount
        entries[k]!.shadow = (shadow, sigma, color)
        byteCount += entries[k]!.byteCount
        evictBeyondLimit()
        return shadow
    }

    private func touch(_ k: Key) {
        clock += 1
        entries[k]!.lastUse = clock
        entries[k]!.lastFrame = frame
        entries[k]!.lastWholeFrame = wholeFrames
    }

    private func remove(_ k: Key) {
        guard let entry = entries.removeValue(forKey: k) else { return }
        byteCount -= entry.byteCount
        freedBytes += entry.byteCount
    }

    /// Drops the least recently used contents (not drawn in the frame being drawn) while over the limit.
    private func evictBeyondLimit() {
        while byteCount > byteLimit,
              let oldest = entries.filter({ !isDrawing || $0.value.lastFrame != frame }).min(by: { $0.value.lastUse < $1.value.lastUse }) {
            remove(oldest.key)
        }
    }
}
