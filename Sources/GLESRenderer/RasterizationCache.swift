import CompositorCore
import CoreGraphics
import Foundation

/// The content images of rasterized groups, kept under their `RasterizationKey` and reused while
/// key and pixel size stay the same, each with the shadow blurred from it (a rasterized layer's
/// shadow is part of what rasterizing saves). Entries follow `budget`: one not drawn for
/// `budget.evictionAge` frames is evicted at the end of a frame (`evictStale(frame:)`), and
/// beyond `budget.byteLimit` bytes the least recently used entry goes first. Entries used in
/// the current frame are never evicted during it (the frame still composites them).
final class RasterizationCache {
    private struct Entry {
        var target: RenderTarget
        var pixelWidth: Int, pixelHeight: Int
        var lastUse: Int
        var lastFrame: Int
        /// `wholeFrames` when last drawn: the age counts frames drawn whole only.
        var lastWholeFrame = 0
        /// The content's alpha blurred with `sigma` (content pixels), and the part of the
        /// content's pixel space it covers.
        var shadow: (target: RenderTarget, sigma: Double, covered: CGRect)?

        var targets: [RenderTarget] { [target] + (shadow.map { [$0.target] } ?? []) }
        var byteCount: Int { target.byteCount + (shadow?.target.byteCount ?? 0) }
    }

    /// The eviction age and byte limit (`byteLimit` when set overrides the budget's bytes).
    var budget: CacheBudget
    /// The most bytes the cached images may hold together.
    var byteLimit: Int { byteLimitOverride ?? budget.byteLimit }
    /// A byte limit given apart from the budget (`GLESRenderer`'s `rasterizationCacheByteLimit`).
    var byteLimitOverride: Int?
    private var entries: [RasterizationKey: Entry] = [:]
    private var clock = 0
    private(set) var byteCount = 0
    /// Frames drawn whole so far (a damage-limited frame does not draw the groups outside the damage).
    private var wholeFrames = 0

    init(budget: CacheBudget, byteLimit: Int? = nil) {
        self.budget = budget
        byteLimitOverride = byteLimit.map { max(0, $0) }
    }

    /// The number of cached images.
    var count: Int { entries.count }

    /// The images held and their GPU memory (shadows included).
    var usage: CacheUsage { CacheUsage(entries: entries.count, bytes: byteCount) }

    /// Ends frame `frame`: after a frame drawn whole (`isWhole`), evicts the entries not drawn
    /// in the last `budget.evictionAge` whole frames; then the least recently used ones not
    /// drawn in it while over the byte limit. Returns their targets for the pool to take back.
    func endFrame(_ frame: Int, isWhole: Bool) -> [RenderTarget] {
        var evicted: [RenderTarget] = []
        defer { if isWhole { wholeFrames += 1 } }
        guard isWhole else { return evictBeyondLimit(sparing: frame) }
        let oldestKept = wholeFrames - budget.evictionAge + 1
        for (key, entry) in entries where entry.lastWholeFrame < oldestKept {
            entries.removeValue(forKey: key)
            byteCount -= entry.byteCount
            evicted.append(contentsOf: entry.targets)
        }
        return evicted + evictBeyondLimit(sparing: frame)
    }

    /// The cached content for `key` at this pixel size, marked as used in `frame`.
    func target(for key: RasterizationKey, pixelWidth: Int, pixelHeight: Int, frame: Int) -> RenderTarget? {
        guard var entry = entries[key], entry.pixelWidth == pixelWidth, entry.pixelHeight == pixelHeight else { return nil }
        clock += 1
        entry.lastUse = clock; entry.lastFrame = frame; entry.lastWholeFrame = wholeFrames
        entry.target.lastUsedFrame = frame
        entries[key] = entry
        return entry.target
    }

    /// Whether an image of `bytes` may be cached at all.
    func accepts(bytes: Int) -> Bool { bytes <= byteLimit }

    /// Keeps `target` under `key`, replacing older versions of the same layer (unless drawn in this
    /// frame); returns the
    /// targets that no longer fit (least recently used first), for the pool to take back.
    func insert(_ target: RenderTarget, for key: RasterizationKey, pixelWidth: Int, pixelHeight: Int, frame: Int) -> [RenderTarget] {
        var evicted: [RenderTarget] = []
        for (other, entry) in entries where other.layerID == key.layerID && entry.lastFrame != frame {
            entries.removeValue(forKey: other)
            byteCount -= entry.byteCount
            evicted.append(contentsOf: entry.targets)
        }
        clock += 1
        entries[key] = Entry(target: target, pixelWidth: pixelWidth, pixelHeight: pixelHeight, lastUse: clock, lastFrame: frame,
                             lastWholeFrame: wholeFrames)
        byteCount += target.byteCount
        return evicted + evictBeyondLimit(sparing: frame)
    }

    /// The shadow kept with the content for `key`, blurred with `sigma`, marked as used in `frame`.
    func shadow(for key: RasterizationKey, sigma: Double, frame: Int) -> (target: RenderTarget, covered: CGRect)? {
        guard let shadow = entries[key]?.shadow, shadow.sigma == sigma else { return nil }
        shadow.target.lastUsedFrame = frame
        return (shadow.target, shadow.covered)
    }

    /// Keeps `target`, the content's alpha blurred with `sigma` covering `covered`, with the
    /// content cached for `key`. Returns nil (nothing kept) when no content is cached for `key`;
    /// else the targets for the pool to take back (a shadow of another blur, evicted entries).
    func keepShadow(_ target: RenderTarget, covered: CGRect, sigma: Double, for key: RasterizationKey,
                    frame: Int) -> [RenderTarget]? {
        guard let entry = entries[key] else { return nil }
        var released = entry.shadow.map { [$0.target] } ?? []
        byteCount -= entry.byteCount
        entries[key]!.shadow = (target, sigma, covered)
        byteCount += entries[key]!.byteCount
        released += evictBeyondLimit(sparing: frame)
        return released
    }

    /// Drops the least recently used entries not used in `frame` while over the limit.
    private func evictBeyondLimit(sparing frame: Int) -> [RenderTarget] {
        var evicted: [RenderTarget] = []
        while byteCount > byteLimit,
              let (oldest, entry) = entries.filter({ $0.value.lastFrame != frame }).min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries.removeValue(forKey: oldest)
            byteCount -= entry.byteCount
            evicted.append(contentsOf: entry.targets)
        }
        return evicted
    }

    /// Removes every entry and returns their targets.
    func removeAll() -> [RenderTarget] {
        let targets = entries.values.flatMap(\.targets)
        entries.removeAll()
        byteCount = 0
        return targets
    }
}
