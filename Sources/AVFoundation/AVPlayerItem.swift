import Foundation
import MediaDecoding

/// The presentation state of an asset: its status, timing and the frames a player shows.
///
/// An item starts loading when a player takes it (`AVPlayer(playerItem:)`,
/// `replaceCurrentItem(with:)`, an `AVQueuePlayer`'s queue): its status turns from `.unknown`
/// to `.readyToPlay` once the first frame is decoded, or to `.failed` with `error` naming the
/// cause (and `AVPlayerItemFailedToPlayToEndTime` is posted).
open class AVPlayerItem: AVKeyValueObservable, @unchecked Sendable {
    /// The states of an item.
    public enum Status: Int, Sendable {
        /// Not yet loaded.
        case unknown = 0
        /// Loaded: the first frame is decoded and the item can play.
        case readyToPlay = 1
        /// The item cannot play; `error` says why.
        case failed = 2
    }

    /// The asset the item presents.
    public let asset: AVAsset
    /// The item's observations (see `AVKeyValueObservable`).
    public let observationRegistry = AVObservationRegistry()

    private let lock = NSLock()
    private var _status = Status.unknown
    private var _error: Error?
    private var _duration = CMTime.indefinite
    private var _presentationSize = CGSize.zero
    /// The playback state, owned by the player that plays the item (under its lock).
    let playback: ItemPlayback

    /// Creates an item for the media at `url`.
    public convenience init(url: URL) { self.init(asset: AVURLAsset(url: url)) }

    /// Creates an item for `asset`.
    public init(asset: AVAsset) {
        self.asset = asset
        playback = ItemPlayback(url: asset.url)
    }

    /// Whether the item can play; changes are observable (`observe(\.status)`).
    public var status: Status { lock.withLock { _status } }
    /// Why the item failed, or nil.
    public var error: Error? { lock.withLock { _error } }
    /// The duration: `.indefinite` until the item is ready (and for a live stream).
    public var duration: CMTime { lock.withLock { _duration } }
    /// The size of the video as displayed (pixel aspect ratio applied); zero until ready.
    public var presentationSize: CGSize { lock.withLock { _presentationSize } }

    /// The item's current time: its player's while it plays it, else where it stopped.
    open func currentTime() -> CMTime {
        CMTime(seconds: playback.owner?.currentMediaSeconds(of: self) ?? playback.restingTime, preferredTimescale: 600)
    }

    /// A copy with the same asset (what `AVPlayerLooper` queues), not yet loaded.
    func replica() -> AVPlayerItem { AVPlayerItem(asset: asset) }

    /// Publishes readiness: status, duration and size, then tells the observers.
    func becomeReady(duration seconds: Double?, size: CGSize) {
        let old: Status = lock.withLock {
            let old = _status
            _status = .readyToPlay
            _duration = seconds.map { CMTime(seconds: $0, preferredTimescale: 600) } ?? .indefinite
            _presentationSize = size
            return old
        }
        if old != .readyToPlay { didChange(\AVPlayerItem.status, from: old, to: .readyToPlay) }
    }

    /// Publishes a failure: status, error, the observers, then the failure notification.
    func fail(with failure: DecodeFailure) {
        let error = AVError.from(failure)
        let old: Status = lock.withLock {
            let old = _status
            _status = .failed
            _error = error
            return old
        }
        AVFoundationLog.logger.error("AVPlayerItem \(asset.url.absoluteString) failed: \(failure)")
        if old != .failed { didChange(\AVPlayerItem.status, from: old, to: .failed) }
        NotificationCenter.default.post(name: .AVPlayerItemFailedToPlayToEndTime, object: self,
                                        userInfo: [AVPlayerItemFailedToPlayToEndTimeErrorKey: error])
    }
}

extension NSNotification.Name {
    /// Posted when an item has played to its end.
    public static let AVPlayerItemDidPlayToEndTime = NSNotification.Name("AVPlayerItemDidPlayToEndTimeNotification")
    /// Posted when an item failed to play to its end; the error is under
    /// `AVPlayerItemFailedToPlayToEndTimeErrorKey` in the user info.
    public static let AVPlayerItemFailedToPlayToEndTime = NSNotification.Name("AVPlayerItemFailedToPlayToEndTimeNotification")
}

/// The user-info key of the error in `AVPlayerItemFailedToPlayToEndTime`.
public let AVPlayerItemFailedToPlayToEndTimeErrorKey = "AVPlayerItemFailedToPlayToEndTimeErrorKey"

extension AVPlayerItem {
    /// Posted when an item has played to its end (the same name as `.AVPlayerItemDidPlayToEndTime`).
    public static let didPlayToEndTimeNotification = NSNotification.Name.AVPlayerItemDidPlayToEndTime
    /// Posted when an item failed to play to its end (the same name as `.AVPlayerItemFailedToPlayToEndTime`).
    public static let failedToPlayToEndTimeNotification = NSNotification.Name.AVPlayerItemFailedToPlayToEndTime
}
