import Foundation

/// A layer that provides a way to asynchronously provide tiles of the layer's content,
/// potentially cached at multiple levels of detail.
///
/// The layer asks its delegate's `draw(_:in:)` for each tile as it comes into view, with the
/// context clipped to the tile; calls may come from several threads at once. New tiles fade in
/// over `fadeDuration()` seconds.
open class CATiledLayer: CALayer {
    /// Creates a tiled layer with Apple's defaults: 256 × 256-pixel tiles, one level of detail.
    public override init() {
        super.init()
        installTileSource()
    }

    /// Creates a tiled layer from an archive (see `CALayer.init?(coder:)`): its defaults,
    /// then what the archive holds, its own properties included.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        installTileSource()
        decodeArchivedSpecializedProperties(from: coder)
    }

    /// Gives the layer its defaults and a source of its own for the renderers' tiles.
    private func installTileSource() {
        var tiled = TiledLayerState()
        tiled.source = TiledLayerSource(self)
        installSpecializedState(.tiled(tiled))
    }

    /// Creates a copy of `layer`, as Core Animation does for presentation layers.
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// Returns the default value of `key` for tiled layers.
    open override class func defaultValue(forKey key: String) -> Any? {
        specializedDefault(forKey: key, in: .tiled(TiledLayerState())) ?? super.defaultValue(forKey: key)
    }

    /// Discards the drawn tiles instead of drawing a backing store: tiles are drawn again, on
    /// background queues, as the renderer shows them.
    open override func display() {
        state.tiled.source?.invalidate()
    }

    /// The time, in seconds, that newly drawn tiles take to fade in; 0.25 by default.
    /// Subclasses override it to change the fade or return 0 to turn it off.
    open class func fadeDuration() -> CFTimeInterval {
        0.25
    }

    /// The number of levels of detail the layer keeps, each half the resolution of the one
    /// above; defaults to 1.
    open var levelsOfDetail: Int {
        get { state.tiled.levelsOfDetail }
        set {
            guard newValue >= 1 else {
                Diagnostics.reject("CATiledLayer: ignored levelsOfDetail \(newValue) (must be at least 1)")
                return
            }
            setProperty(\.tiled.levelsOfDetail, newValue, key: "levelsOfDetail")
        }
    }

    /// The number of levels of detail that are magnified (drawn at twice, four times, ... the
    /// layer's resolution); defaults to 0.
    open var levelsOfDetailBias: Int {
        get { state.tiled.levelsOfDetailBias }
        set {
            guard newValue >= 0 else {
                Diagnostics.reject("CATiledLayer: ignored negative levelsOfDetailBias \(newValue)")
                return
            }
            setProperty(\.tiled.levelsOfDetailBias, newValue, key: "levelsOfDetailBias")
        }
    }

    /// The maximum size of each tile, in pixels; defaults to 256 × 256.
    open var tileSize: CGSize {
        get { state.tiled.tileSize }
        set {
            guard newValue.isFiniteValue, newValue.width > 0, newValue.height > 0 else {
                Diagnostics.reject("CATiledLayer: ignored tileSize \(newValue) (must be positive)")
                return
            }
            setProperty(\.tiled.tileSize, newValue, key: "tileSize")
        }
    }
}
