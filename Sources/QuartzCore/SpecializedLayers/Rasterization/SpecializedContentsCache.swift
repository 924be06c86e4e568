import Foundation
import Synchronization

/// Recently rasterized pictures of shape and text layers, reused while a layer's artwork, size
/// and scale stay the same (the renderer asks every frame, and gets the same image object, so
/// it uploads it once). Bounded in bytes; the least recently used pictures go first. Safe to
/// use from any thread.
final class SpecializedContentsCache: Sendable {
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

    /// The most bytes of pixels kept.
    let byteLimit: Int

    private struct Entries {
        var images: [Key: (image: CGImage, lastUse: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }
    private let entries = Mutex(Entries())

    /// Creates a cache that keeps at most `byteLimit` bytes of pixels.
    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    /// The cached picture for `key`, marked as just used; nil when there is none.
    func image(for key: Key) -> CGImage? {
        entries.withLock { e in
            guard let found = e.images[key] else { return nil }
            e.clock &+= 1
            e.images[key] = (found.image, e.clock)
            return found.image
        }
    }

    /// Keeps `image` for `key`, evicting the least recently used pictures beyond the byte limit.
    /// A picture larger than the whole limit is not kept.
    func insert(_ image: CGImage, for key: Key) {
        let size = image.bytesPerRow * image.height
        guard size <= byteLimit else { return }
        entries.withLock { e in
            e.clock &+= 1
            if let replaced = e.images.updateValue((image, e.clock), forKey: key) {
                e.bytes -= replaced.image.bytesPerRow * replaced.image.height
            }
            e.bytes += size
            while e.bytes > byteLimit, let oldest = e.images.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                e.images.removeValue(forKey: oldest.key)
                e.bytes -= oldest.value.image.bytesPerRow * oldest.value.image.height
            }
        }
    }

    /// The number of pictures and bytes kept.
    var usage: (count: Int, bytes: Int) {
        entries.withLock { ($0.images.count, $0.bytes) }
    }

    /// Forgets every picture.
    func removeAll() {
        entries.withLock { $0 = Entries() }
    }
}
