import CompositorCore
import Foundation

/// The drawn tiles of every `CATiledLayer` of the process: a bounded cache the renderer reads,
/// filled on background queues by the layers' `draw(in:)`.
///
/// The renderer asks for the tiles it shows (`tile(_:of:frameTime:)`); a tile not drawn yet is
/// queued for drawing and is absent from the frame until it is ready. Tiles are keyed by layer,
/// the layer's display generation (bumped when it displays after `setNeedsDisplay`) and tile
/// (level, position, rectangle and scale), so a redisplay, a new size or a new scale draws new
/// tiles; the least recently shown are evicted beyond `capacity`.
package final class TiledLayerTileStore: Sendable {
    /// The store shared by every renderer of the process.
    package static let shared = TiledLayerTileStore()

    /// The most tiles kept (256-pixel tiles: 64 MiB of pixels).
    static let capacity = 256

    /// A drawn tile, and the frame time at which it was first shown (its fade starts then).
    package struct ShownTile {
        package var image: CGImage
        package var firstShown: CFTimeInterval
        package var fadeDuration: CFTimeInterval
    }

    private struct Key: Hashable {
        var layerID: UInt64
        var generation: UInt64
        var tile: TiledLayerTile
    }

    private struct Entry {
        var image: CGImage
        var firstShown: CFTimeInterval?
        var lastUse: UInt64
    }

    private struct Registration {
        var layer: WeakTiledLayer
        var generation: UInt64 = 0
        var fadeDuration: CFTimeInterval
    }

    private struct Contents {
        var layers: [UInt64: Registration] = [:]
        var tiles: [Key: Entry] = [:]
        var pending: Set<Key> = []
        var useCounter: UInt64 = 0
        /// The last generation given to a registration: unique in the process, so that a tile
        /// drawn for a layer that is gone never matches a later layer given its ID.
        var lastGeneration: UInt64 = 0
    }

    private let contents = ThreadLock(Contents())
    private let drawing = DispatchGroup()

    /// Makes `layer` a source of tiles (its `draw(in:)` and its class's `fadeDuration()`).
    func register(_ layer: CATiledLayer) {
        let fade = max(0, type(of: layer).fadeDuration())
        contents.withLock { c in
            c.lastGeneration &+= 1
            c.layers[layer.layerID] = Registration(layer: WeakTiledLayer(layer), generation: c.lastGeneration, fadeDuration: fade)
        }
    }

    /// Forgets a layer that is gone, with its tiles.
    func forget(_ layerID: UInt64) {
        contents.withLock { c in
            c.layers.removeValue(forKey: layerID)
            c.tiles = c.tiles.filter { $0.key.layerID != layerID }
        }
    }

    /// Forgets the layer's drawn tiles: they are drawn again when next shown.
    func invalidate(_ layerID: UInt64) {
        contents.withLock { c in
            c.lastGeneration &+= 1
            c.layers[layerID]?.generation = c.lastGeneration
            c.tiles = c.tiles.filter { $0.key.layerID != layerID }
        }
    }

    /// The tile of layer `layerID` when it is drawn (its first call records `frameTime` as the
    /// moment it is first shown); otherwise nil, after queueing its drawing (once).
    package func tile(_ tile: TiledLayerTile, of layerID: UInt64, frameTime: CFTimeInterval) -> ShownTile? {
        contents.withLock { c -> ShownTile? in
            guard let registration = c.layers[layerID] else { return nil }
            let key = Key(layerID: layerID, generation: registration.generation, tile: tile)
            c.useCounter &+= 1
            if var entry = c.tiles[key] {
                let shown = entry.firstShown ?? frameTime
                entry.firstShown = shown
                entry.lastUse = c.useCounter
                c.tiles[key] = entry
                return ShownTile(image: entry.image, firstShown: shown, fadeDuration: registration.fadeDuration)
            }
            if c.pending.insert(key).inserted { schedule(key, layer: registration.layer) }
            return nil
        }
    }

    /// Whether some tile is still being drawn.
    var isDrawing: Bool { contents.withLock { !$0.pending.isEmpty } }

    /// Waits until every queued tile is drawn, or `timeout` seconds; whether they all were.
    func waitUntilDrawn(timeout: TimeInterval) -> Bool {
        drawing.wait(timeout: .now() + timeout) == .success
    }

    /// Draws the tile on a background queue and stores the result.
    private func schedule(_ key: Key, layer: WeakTiledLayer) {
        drawing.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            defer { drawing.leave() }
            let image = layer.layer.flatMap { Self.draw(key.tile, of: $0) }
            contents.withLock { c in
                c.pending.remove(key)
                guard let image, c.layers[key.layerID]?.generation == key.generation else { return }
                c.useCounter &+= 1
                c.tiles[key] = Entry(image: image, firstShown: nil, lastUse: c.useCounter)
                if c.tiles.count > Self.capacity, let oldest = c.tiles.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                    c.tiles.removeValue(forKey: oldest.key)
                }
            }
        }
    }

    /// Draws one tile: a context of the tile's pixels in layer coordinates (y down), clipped
    /// to the tile, given to the layer's `draw(in:)`.
    private static func draw(_ tile: TiledLayerTile, of layer: CATiledLayer) -> CGImage? {
        let width = Int((tile.rect.width * tile.scale).rounded(.up))
        let height = Int((tile.rect.height * tile.scale).rounded(.up))
        guard width > 0, height > 0, width <= CGImage.maximumDimension, height <= CGImage.maximumDimension,
              let ctx = CGContext(backingStoreWidth: width, height: height, asynchronous: false) else { return nil }
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: tile.scale, y: -tile.scale)
        ctx.translateBy(x: -tile.rect.minX, y: -tile.rect.minY)
        ctx.clip(to: tile.rect)
        layer.draw(in: ctx)
        return ctx.makeImage()
    }
}

/// A weak reference to a tiled layer that the tile queues may hold.
///
/// `@unchecked Sendable` because Core Animation's contract for `CATiledLayer` is that its
/// `draw(in:)` (and its delegate's `draw(_:in:)`) is called on background threads, possibly
/// several at once: the layer's drawing code must be thread-safe, as on Apple platforms.
private final class WeakTiledLayer: @unchecked Sendable {
    weak var layer: CATiledLayer?
    init(_ layer: CATiledLayer) { self.layer = layer }
}
