import Foundation
import QuartzCoreModel

/// A layer that shows the frames of a player.
///
/// The video is drawn inside the layer's bounds as `videoGravity` says, above the background
/// colour and below sublayers; everything `CALayer` does applies to it (corner radius, masks,
/// transforms, shadows, opacity, replicators).
open class AVPlayerLayer: CALayer, AVKeyValueObservable, @unchecked Sendable {
    /// The layer's observations (see `AVKeyValueObservable`).
    public let observationRegistry = AVObservationRegistry()
    private let stateLock = NSLock()
    private var _player: AVPlayer?
    private var _videoGravity = AVLayerVideoGravity.resizeAspect
    private var _isReadyForDisplay = false

    /// What the renderer asks for the frame to draw (registered for model layers, not copies).
    private var videoSource: PlayerLayerVideoSource?

    /// Creates a layer showing no player.
    public override init() {
        super.init()
        registerVideoSource()
    }

    deinit {
        if videoSource != nil { VideoLayerRegistry.shared.remove(renderTreeID) }
    }

    private func registerVideoSource() {
        let source = PlayerLayerVideoSource()
        source.layer = self
        videoSource = source
        VideoLayerRegistry.shared.register(source, forLayerID: renderTreeID)
    }

    /// Creates a layer showing `player`.
    public convenience init(player: AVPlayer?) {
        self.init()
        self.player = player
    }

    /// Creates a copy of `layer` (a presentation copy): the same player and gravity.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? AVPlayerLayer {
            _player = other.player
            _videoGravity = other.videoGravity
            _isReadyForDisplay = other.isReadyForDisplay
        }
    }

    /// Creates a layer from an archive: the gravity is read back; the player is not archived.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        registerVideoSource()
        if let raw = coder.decodeObject(forKey: "videoGravity") as? String { _videoGravity = AVLayerVideoGravity(rawValue: raw) }
    }

    /// Archives the layer's properties and its gravity.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(videoGravity.rawValue as NSString, forKey: "videoGravity")
    }

    /// The player whose frames the layer shows.
    open var player: AVPlayer? {
        get { stateLock.withLock { _player } }
        set {
            let old = stateLock.withLock {
                let old = _player
                _player = newValue
                return old
            }
            guard old !== newValue else { return }
            old?.lock.withLock { old?.layers.removeAll { $0.layer == nil || $0.layer === self } }
            newValue?.lock.withLock { newValue?.layers.append(WeakPlayerLayer(layer: self)) }
            playerReadinessChanged()
        }
    }

    /// How the video fits the bounds: `.resizeAspect` by default.
    open var videoGravity: AVLayerVideoGravity {
        get { stateLock.withLock { _videoGravity } }
        set { stateLock.withLock { _videoGravity = newValue } }
    }

    /// Whether the first frame of the player's current item is ready to show; observable
    /// (`observe(\.isReadyForDisplay)`), false again when the item changes.
    open var isReadyForDisplay: Bool { stateLock.withLock { _isReadyForDisplay } }

    /// The rectangle, in the layer's bounds, that the video covers under `videoGravity` (zero
    /// until the current item's size is known).
    open var videoRect: CGRect {
        guard let size = player?.currentItem?.presentationSize else { return .zero }
        return videoGravity.videoRect(for: size, in: bounds)
    }

    /// Updates `isReadyForDisplay` from the player and tells its observers when it changed.
    func playerReadinessChanged() {
        let ready = player?.isCurrentItemReadyForDisplay ?? false
        let old = stateLock.withLock {
            let old = _isReadyForDisplay
            _isReadyForDisplay = ready
            return old
        }
        if old != ready { didChange(\AVPlayerLayer.isReadyForDisplay, from: old, to: ready) }
    }
}
