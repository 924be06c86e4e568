import CompositorCore
import Foundation
import Synchronization

/// Where the tiles of one `CATiledLayer` come from: the layer's `draw(in:)` (or its delegate's),
/// its class's `fadeDuration()` and its display generation. The layer's committed state carries
/// it to the renderers, each of which keeps the tiles it has drawn in a store of its own
/// (`TiledLayerTileStore`, in the render server), keyed by the source's `serial` and `generation`.
package final class TiledLayerSource: Sendable {
    private static let serials = Atomic<UInt64>(0)

    /// A number no other source of the process has: tiles of a layer that is gone never match
    /// a later layer given its ID.
    package let serial: UInt64
    /// The time, in seconds, that newly drawn tiles take to fade in (the class's `fadeDuration()`).
    package let fadeDuration: CFTimeInterval
    private let layer: WeakTiledLayer
    private let displayGeneration = Atomic<UInt64>(0)
    /// The tiles being drawn, for `waitUntilDrawn(timeout:)`.
    private let drawing = DispatchGroup()

    /// The source of `layer`'s tiles.
    init(_ layer: CATiledLayer) {
        serial = Self.serials.add(1, ordering: .relaxed).newValue
        fadeDuration = max(0, type(of: layer).fadeDuration())
        self.layer = WeakTiledLayer(layer)
    }

    /// Bumped when the layer displays after `setNeedsDisplay`: tiles drawn before are not shown again.
    package var generation: UInt64 { displayGeneration.load(ordering: .acquiring) }

    /// Discards every tile drawn so far, in every renderer: they are drawn again when next shown.
    func invalidate() {
        displayGeneration.add(1, ordering: .releasing)
    }

    /// Draws `tile` on a background queue and hands the image (nil when the layer is gone or
    /// the tile cannot be drawn) to `completion` there.
    package func draw(_ tile: TiledLayerTile, completion: @escaping @Sendable (CGImage?) -> Void) {
        drawing.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            defer { drawing.leave() }
            completion(layer.layer.flatMap { Self.draw(tile, of: $0) })
        }
    }

    /// Waits until every tile queued for drawing is drawn, or `timeout` seconds; whether they all were.
    func waitUntilDrawn(timeout: TimeInterval) -> Bool {
        drawing.wait(timeout: .now() + timeout) == .success
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
