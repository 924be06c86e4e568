import CompositorCore
import Foundation
import Synchronization

/// Recently rasterized pictures of shape and text layers, reused while a layer's artwork, size
/// and scale stay the same (the renderer asks every frame, and gets the same image object, so
/// it uploads it once). Safe to use from any thread.
///
/// Each `CARenderer` has one, and counts its frames (`beginFrame()`, `endFrame()`): a picture
/// not drawn for `budget.evictionAge` frames is evicted (a text layer whose string changes
/// every frame leaves one picture a frame behind), and beyond `budget.byteLimit` bytes the
/// least recently used pictures not drawn in the current frame go first. A cache whose frames
/// are not counted evicts by bytes only.
package final class SpecializedContentsCache: Sendable {
    /// What a picture depends on.
    struct Key: Hashable {
        enum Artwork: Hashable {
            case shape(ShapeArtwork)
            case text(TextArtwork)
        }
        var artwork: Artwork
        var rect: CGRect
        var pixelsPerPoint: CGFloat

        func hash(into hasher: inout Hasher) {
            hasher.combine(artwork)
            hasher.combine(rect.minX); hasher.combine(rect.minY); hasher.combine(rect.width); hasher.combine(rect.height)
            hasher.combine(pixelsPerPoint)
        }
    }

    private struct Entry {
        var image: CGImage
        var lastUse: UInt64
        var lastFrame: Int
        var bytes: Int { image.bytesPerRow * image.height }
    }

    private struct State {
        var budget: CacheBudget
        var images: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var frame = 0
        /// Bytes evicted since `takeFreedBytes()` last asked.
        var freed = 0

        /// Evicts the entries not drawn for `budget.evictionAge` frames, then the least
        /// recently used ones not drawn in this frame while over the byte limit.
        mutating func evict() {
            let oldestKept = frame - budget.evictionAge + 1
            if frame > 0, images.values.contains(where: { $0.lastFrame < oldestKept }) {
                images = images.filter { _, entry in
                    guard entry.lastFrame < oldestKept else { return true }
                    bytes -= entry.bytes; freed += entry.bytes
                    return false
                }
            }
            while bytes > budget.byteLimit,
                  let oldest = images.filter({ $0.value.lastFrame != frame || frame == 0 })
                    .min(by: { $0.value.lastUse < $1.value.lastUse }) {
                images.removeValue(forKey: oldest.key)
                bytes -= oldest.value.bytes; freed += oldest.value.bytes
            }
        }
    }
    private let state: ThreadLock<State>

    /// Creates a cache that follows `budget`.
    package init(budget: CacheBudget) {
        state = ThreadLock(State(budget: budget))
    }

    /// The budget the cache follows; a smaller one evicts at once.
    package var budget: CacheBudget {
        get { state.withLock { $0.budget } }
        set { state.withLock { $0.budget = newValue; $0.evict() } }
    }

    /// Starts a frame: pictures asked for from now on are drawn in it.
    package func beginFrame() {
        state.withLock { $0.frame += 1 }
    }

    /// Ends a frame: evicts what was not drawn for `budget.evictionAge` frames.
    package func endFrame() {
        state.withLock { $0.evict() }
    }

    /// The cached picture for `key`, marked as drawn in this frame; nil when there is none.
    func image(for key: Key) -> CGImage? {
        state.withLock { s in
            guard var entry = s.images[key] else { return nil }
            s.clock &+= 1
            entry.lastUse = s.clock
            entry.lastFrame = s.frame
            s.images[key] = entry
            return entry.image
        }
    }

    /// Keeps `image` for `key`, drawn in this frame. A picture larger than the whole byte
    /// limit is not kept.
    func insert(_ image: CGImage, for key: Key) {
        state.withLock { s in
            let entry = Entry(image: image, lastUse: s.clock &+ 1, lastFrame: s.frame)
            guard entry.bytes <= s.budget.byteLimit else { return }
            s.clock &+= 1
            if let replaced = s.images.updateValue(entry, forKey: key) { s.bytes -= replaced.bytes }
            s.bytes += entry.bytes
            s.evict()
        }
    }

    /// The pictures and bytes kept.
    package var usage: CacheUsage {
        state.withLock { CacheUsage(entries: $0.images.count, bytes: $0.bytes) }
    }

    /// The bytes of the pictures evicted since the last call (to decide when to trim the heap).
    package func takeFreedBytes() -> Int {
        state.withLock { s in
            defer { s.freed = 0 }
            return s.freed
        }
    }

    /// Forgets every picture.
    func removeAll() {
        state.withLock { s in
            s.freed += s.bytes
            s.images.removeAll()
            s.bytes = 0
        }
    }
}
