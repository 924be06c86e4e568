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
    private var gravityTransition: VideoGravityTransition?

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

    /// How the video fits the bounds: `.resizeAspect` by default. Animatable: on a layer in a
    /// committed tree a change runs the action for the key `"videoGravity"` (by default a basic
    /// animation with the transaction's duration and timing function), and the video's rectangle
    /// moves from the old gravity's to the new one's; `NSNull` for the key, or
    /// `CATransaction.setDisableActions(true)`, changes it at once.
    open var videoGravity: AVLayerVideoGravity {
        get { stateLock.withLock { _videoGravity } }
        set {
            let old = stateLock.withLock {
                let old = _videoGravity
                _videoGravity = newValue
                return old
            }
            guard old != newValue else { return }
            let transition = isLive && !CATransaction.disableActions() ? gravityTransition(from: old, to: newValue) : nil
            stateLock.withLock { gravityTransition = transition }
        }
    }

    /// The default action for `"videoGravity"`: a basic animation with the transaction's
    /// duration and timing function; other keys as `CALayer`'s.
    open override class func defaultAction(forKey event: String) -> CAAction? {
        guard event == "videoGravity" else { return super.defaultAction(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    /// The transition the action found for the key runs, or nil when it runs none.
    private func gravityTransition(from old: AVLayerVideoGravity, to new: AVLayerVideoGravity) -> VideoGravityTransition? {
        guard let animation = action(forKey: "videoGravity") as? CAAnimation else { return nil }
        let duration = animation.duration > 0 ? animation.duration : CATransaction.animationDuration()
        let timing = animation.timingFunction ?? CAMediaTimingFunction(name: .linear)
        return VideoGravityTransition(from: old, to: new, beginTime: CACurrentMediaTime(), duration: duration, timingFunction: timing)
    }

    /// Where the video is drawn at `hostTime` for a frame of `size`: the gravity's rectangle, or
    /// the one a running gravity change has moved it to (then `moving` is true).
    func displayedVideoRect(for size: CGSize, in bounds: CGRect, atHostTime hostTime: CFTimeInterval) -> (rect: CGRect, moving: Bool) {
        let (gravity, transition) = stateLock.withLock { (_videoGravity, gravityTransition) }
        if let rect = transition?.videoRect(for: size, in: bounds, atHostTime: hostTime) { return (rect, true) }
        return (gravity.videoRect(for: size, in: bounds), false)
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
