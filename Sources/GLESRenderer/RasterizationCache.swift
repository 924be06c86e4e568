import CompositorCore
import CoreGraphics
import Foundation

/// The content images of rasterized groups, kept under their `RasterizationKey` and reused while
/// key and pixel size stay the same. Bounded in bytes; the least recently used entry goes first.
/// Entries used in the current frame are never evicted during it (the frame still composites them).
final class RasterizationCache {
    private struct Entry {
        var target: RenderTarget
        var pixelWidth: Int, pixelHeight: Int
        var lastUse: Int
        var lastFrame: Int
    }

    /// The most bytes the cached images may hold together.
    let byteLimit: Int
    private var entries: [RasterizationKey: Entry] = [:]
    private var clock = 0
    private(set) var byteCount = 0

    init(byteLimit: Int) { self.byteLimit = max(0, byteLimit) }

    /// The number of cached images.
    var count: Int { entries.count }

    /// The cached content for `key` at this pixel size, marked as used in `frame`.
    func target(for key: RasterizationKey, pixelWidth: Int, pixelHeight: Int, frame: Int) -> RenderTarget? {
        guard var entry = entries[key], entry.pixelWidth == pixelWidth, entry.pixelHeight == pixelHeight else { return nil }
        clock += 1
        entry.lastUse = clock; entry.lastFrame = frame
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
            byteCount -= entry.target.byteCount
            evicted.append(entry.target)
        }
        clock += 1
        entries[key] = Entry(target: target, pixelWidth: pixelWidth, pixelHeight: pixelHeight, lastUse: clock, lastFrame: frame)
        byteCount += target.byteCount
        while byteCount > byteLimit,
              let (oldest, entry) = entries.filter({ $0.value.lastFrame != frame }).min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries.removeValue(forKey: oldest)
            byteCount -= entry.target.byteCount
            evicted.append(entry.target)
        }
        return evicted
    }

    /// Removes every entry and returns their targets.
    func removeAll() -> [RenderTarget] {
        let targets = entries.values.map(\.target)
        entries.removeAll()
        byteCount = 0
        return targets
    }
}
