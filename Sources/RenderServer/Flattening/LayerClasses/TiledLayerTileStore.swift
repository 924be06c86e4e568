import CompositorCore
import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// The drawn tiles of the `CATiledLayer`s one renderer shows: a bounded cache its flattener
/// reads, filled on background queues by the layers' `draw(in:)` (`TiledLayerSource`).
///
/// The flattener asks for the tiles it shows (`tile(_:of:frameTime:)`); a tile not drawn yet is
/// queued for drawing and is absent from the frame until it is ready. Tiles are keyed by source,
/// the source's display generation (bumped when its layer displays after `setNeedsDisplay`) and
/// tile (level, position, rectangle and scale), so a redisplay, a new size or a new scale draws
/// new tiles; the least recently shown are evicted beyond `capacity`. Each renderer has its own
/// (its `FrameBuilder`'s), so a tile fades in from the first frame of that renderer showing it.
package final class TiledLayerTileStore: Sendable {
    /// The most tiles kept (256-pixel tiles: 64 MiB of pixels).
    static let capacity = 256

    /// A drawn tile, and the frame time at which it was first shown (its fade starts then).
    struct ShownTile {
        var image: CGImage
        var firstShown: CFTimeInterval
        var fadeDuration: CFTimeInterval
    }

    private struct Key: Hashable {
        var source: UInt64
        var generation: UInt64
        var tile: TiledLayerTile
    }

    private struct Entry {
        var image: CGImage
        var firstShown: CFTimeInterval?
        var lastUse: UInt64
    }

    private struct Contents {
        var tiles: [Key: Entry] = [:]
        var pending: Set<Key> = []
        var useCounter: UInt64 = 0
    }

    private let contents = ThreadLock(Contents())

    /// An empty store.
    package init() {}

    /// The tile of `source` when it is drawn (its first call records `frameTime` as the moment
    /// it is first shown); otherwise nil, after queueing its drawing (once).
    func tile(_ tile: TiledLayerTile, of source: TiledLayerSource, frameTime: CFTimeInterval) -> ShownTile? {
        let key = Key(source: source.serial, generation: source.generation, tile: tile)
        return contents.withLock { c -> ShownTile? in
            c.useCounter &+= 1
            if var entry = c.tiles[key] {
                let shown = entry.firstShown ?? frameTime
                entry.firstShown = shown
                entry.lastUse = c.useCounter
                c.tiles[key] = entry
                return ShownTile(image: entry.image, firstShown: shown, fadeDuration: source.fadeDuration)
            }
            if c.pending.insert(key).inserted { schedule(key, of: source) }
            return nil
        }
    }

    /// Has the tile drawn on a background queue and stores the result, unless its layer
    /// displayed again meanwhile.
    private func schedule(_ key: Key, of source: TiledLayerSource) {
        source.draw(key.tile) { [self] image in
            contents.withLock { c in
                c.pending.remove(key)
                guard let image, source.generation == key.generation else { return }
                // The tiles of the layer's earlier displays are never shown again.
                c.tiles = c.tiles.filter { $0.key.source != key.source || $0.key.generation == key.generation }
                c.useCounter &+= 1
                c.tiles[key] = Entry(image: image, firstShown: nil, lastUse: c.useCounter)
                if c.tiles.count > Self.capacity, let oldest = c.tiles.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                    c.tiles.removeValue(forKey: oldest.key)
                }
            }
        }
    }
}
