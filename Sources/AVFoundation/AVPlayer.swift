import Foundation
import MediaDecoding

/// Plays one item at a time: its timeline runs on `CACurrentMediaTime`'s clock, its frames show
/// in every `AVPlayerLayer` of the player, and its audio plays through GStreamer's
/// `autoaudiosink` (to nothing where no audio output exists).
///
/// A player decodes on a thread of its own; the app needs no run loop or GLib main loop.
/// `AVPlayerItemDidPlayToEndTime`, seek completions and observation callbacks arrive on that
/// thread, as Apple's may arrive on any.
open class AVPlayer: AVKeyValueObservable, @unchecked Sendable {
    /// Whether the player can play at all.
    public enum Status: Int, Sendable {
        /// Not yet known.
        case unknown = 0
        /// The player can play items (GStreamer is available).
        case readyToPlay = 1
        /// The player cannot play; `error` says why.
        case failed = 2
    }

    /// What the player does when an item plays to its end.
    public enum ActionAtItemEnd: Int, Sendable {
        /// Go on to the next item of an `AVQueuePlayer` (its default).
        case advance = 0
        /// Pause at the end (the default of `AVPlayer`).
        case pause = 1
        /// Do nothing: the rate stays, the time stays at the end.
        case none = 2
    }

    /// Whether the player plays, waits or is paused.
    public enum TimeControlStatus: Int, Sendable {
        /// The rate is zero.
        case paused = 0
        /// The rate is not zero but the item is loading or seeking.
        case waitingToPlayAtSpecifiedRate = 1
        /// The timeline runs.
        case playing = 2
    }

    /// The player's observations (see `AVKeyValueObservable`).
    public let observationRegistry = AVObservationRegistry()

    let lock = NSCondition()
    /// The current item first, then (in a queue player) the items after it.
    var queue: [AVPlayerItem] = []
    var clock = MediaClock()
    var requestedRate: Float = 0
    var endAnnounced = false
    /// The time of the last seek, as given, while the timeline stands at it (so that
    /// `currentTime()` returns the seek's time exactly, not its nearest nanosecond).
    var seekAnchor: CMTime?
    var lastTimeControlStatus = TimeControlStatus.paused
    var readyForDisplayItem: ObjectIdentifier?
    var layers: [WeakPlayerLayer] = []
    var _actionAtItemEnd: ActionAtItemEnd
    private var _volume: Float = 1
    private var _isMuted = false
    private let _status: Status
    private let _error: Error?

    /// Creates a player with no item.
    public convenience init() { self.init(items: [], actionAtItemEnd: .pause) }

    /// Creates a player of an item for the media at `url`.
    public convenience init(url: URL) { self.init(playerItem: AVPlayerItem(url: url)) }

    /// Creates a player of `item` (nil for none).
    public convenience init(playerItem item: AVPlayerItem?) {
        self.init(items: item.map { [$0] } ?? [], actionAtItemEnd: .pause)
    }

    init(items: [AVPlayerItem], actionAtItemEnd: ActionAtItemEnd) {
        _actionAtItemEnd = actionAtItemEnd
        do {
            try GStreamerRuntime.initialize()
            _status = .readyToPlay; _error = nil
        } catch {
            _status = .failed; _error = AVError.from(error)
        }
        PlayerThread.start(for: self)
        lock.lock()
        var failures: [(AVPlayerItem, DecodeFailure)] = []
        for item in items where adopt(item) { queue.append(item) }
        if let first = queue.first, let failure = first.playback.load(owner: self) { failures.append((first, failure)) }
        clock = MediaClock(anchorHostTime: CACurrentMediaTime(), anchorMediaTime: queue.first?.playback.restingTime ?? 0, rate: 0)
        lock.unlock()
        for (item, failure) in failures { item.fail(with: failure) }
    }

    deinit {
        for item in queue { _ = item.playback.unload() }
    }

    /// Whether the player can play (`.failed` when GStreamer is missing).
    public var status: Status { _status }
    /// Why the player cannot play, or nil.
    public var error: Error? { _error }

    /// The item playing, or nil.
    public var currentItem: AVPlayerItem? { lock.withLock { queue.first } }

    /// The playback rate: 0 paused, 1 normal; setting it plays or pauses. Rates other than 0 and
    /// positive ones are not supported: a negative rate is taken as 0.
    public var rate: Float {
        get { lock.withLock { requestedRate } }
        set { setRate(max(0, newValue.isFinite ? newValue : 0)) }
    }

    /// Plays at rate 1.
    open func play() { setRate(1) }

    /// Pauses (rate 0).
    open func pause() { setRate(0) }

    /// Whether the timeline runs, waits for the item, or is paused.
    public var timeControlStatus: TimeControlStatus { lock.withLock { computedTimeControlStatus() } }

    /// What happens when the item ends (`.pause` by default; `.advance` for `AVQueuePlayer`).
    public var actionAtItemEnd: ActionAtItemEnd {
        get { lock.withLock { _actionAtItemEnd } }
        set { lock.withLock { _actionAtItemEnd = newValue } }
    }

    /// The audio volume, 0 (silent) to 1 (full).
    public var volume: Float {
        get { lock.withLock { _volume } }
        set {
            let v = max(0, min(1, newValue.isFinite ? newValue : 1))
            lock.withLock { _volume = v; applyAudioSettings() }
        }
    }

    /// Whether the audio is muted.
    public var isMuted: Bool {
        get { lock.withLock { _isMuted } }
        set { lock.withLock { _isMuted = newValue; applyAudioSettings() } }
    }

    /// The current time of the current item (`.zero` without one).
    open func currentTime() -> CMTime {
        lock.withLock {
            guard let item = queue.first else { return .zero }
            if clock.rate == 0, let seekAnchor { return seekAnchor }
            return CMTime(seconds: mediaSeconds(of: item, at: CACurrentMediaTime()) ?? 0, preferredTimescale: 1_000_000_000)
        }
    }

    /// Replaces the current item (and, in a queue player, the whole queue) with `item`.
    open func replaceCurrentItem(with item: AVPlayerItem?) {
        lock.lock()
        var completions: [(Bool) -> Void] = []
        let old = queue.first
        for queued in queue { completions += queued.playback.unload() }
        queue = []
        var failure: DecodeFailure?
        if let item, adopt(item) {
            queue = [item]
            failure = item.playback.load(owner: self)
        }
        clock = MediaClock(anchorHostTime: CACurrentMediaTime(), anchorMediaTime: item?.playback.restingTime ?? 0, rate: 0)
        seekAnchor = nil
        endAnnounced = false
        applyAudioSettings()
        lock.signal()
        lock.unlock()
        for completion in completions { completion(false) }
        if let item, let failure { item.fail(with: failure) }
        if old !== item { didChange(\AVPlayer.currentItem, from: old, to: item) }
    }

    /// Seeks to `time`, to the nearest key frame at or before it (fast, not frame-exact).
    open func seek(to time: CMTime) {
        seek(to: time, toleranceBefore: .positiveInfinity, toleranceAfter: .positiveInfinity, completionHandler: { _ in })
    }

    /// Seeks to `time`, then calls `completionHandler` with true, or with false when another
    /// seek or an item change interrupted it.
    open func seek(to time: CMTime, completionHandler: @escaping @Sendable (Bool) -> Void) {
        seek(to: time, toleranceBefore: .positiveInfinity, toleranceAfter: .positiveInfinity, completionHandler: completionHandler)
    }

    /// Seeks to `time` within the tolerances: zero tolerances land on the frame at `time` exactly
    /// (the frame whose interval contains it; `currentTime()` is then `time`); infinite ones on
    /// the key frame at or before it; finite ones decode to the exact frame too.
    open func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime) {
        seek(to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter, completionHandler: { _ in })
    }

    /// Seeks as `seek(to:toleranceBefore:toleranceAfter:)` and calls `completionHandler` when done.
    open func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime,
                   completionHandler: @escaping @Sendable (Bool) -> Void) {
        guard time.isNumeric else {
            AVFoundationLog.logger.error("AVPlayer.seek(to:): \(time) is not a numeric time; ignored")
            completionHandler(false)
            return
        }
        let exact = !(toleranceBefore.isPositiveInfinity && toleranceAfter.isPositiveInfinity)
        lock.lock()
        guard let item = queue.first else { lock.unlock(); completionHandler(false); return }
        var target = max(0, time.seconds)
        if let end = item.playback.playedEnd { target = min(target, end) }
        let interrupted = item.playback.seek(to: target, exact: exact, completion: completionHandler)
        clock = MediaClock(anchorHostTime: CACurrentMediaTime(), anchorMediaTime: target, rate: 0)
        seekAnchor = target == time.seconds ? time : nil
        endAnnounced = false
        lock.signal()
        lock.unlock()
        for completion in interrupted { completion(false) }
    }

    // MARK: - Internals

    /// Called (without the lock) after an item played to its end and left the queue: where
    /// `AVQueuePlayer` tells its looper.
    func itemDidFinish(_ item: AVPlayerItem) {}

    /// Takes `item` for this player; an item already in another player is refused (Apple raises).
    func adopt(_ item: AVPlayerItem) -> Bool {
        if let other = item.playback.owner, other !== self {
            AVFoundationLog.logger.error("AVPlayerItem \(item.asset.url.absoluteString) already belongs to another player; ignored")
            return false
        }
        return true
    }

    func setRate(_ newRate: Float) {
        lock.lock()
        let old = requestedRate
        requestedRate = newRate
        if let item = queue.first, item.playback.phase == .ready {
            let now = CACurrentMediaTime()
            clock.setRate(Double(newRate), at: now)
            if newRate != 0 { seekAnchor = nil }
            item.playback.setPlaying(newRate != 0)
        } else {
            clock.setRate(0, at: CACurrentMediaTime())
        }
        lock.signal()
        lock.unlock()
        if old != newRate { didChange(\AVPlayer.rate, from: old, to: newRate) }
    }

    /// The media time of `item` at `hostTime` if it is this player's current item (under the lock).
    func mediaSeconds(of item: AVPlayerItem, at hostTime: Double) -> Double? {
        guard queue.first === item else { return nil }
        var t = clock.rate != 0 ? clock.mediaTime(at: hostTime) : clock.anchorMediaTime
        if let end = item.playback.playedEnd { t = min(t, end) }
        return max(0, t)
    }

    /// The current media time of `item`, for `AVPlayerItem.currentTime()`.
    func currentMediaSeconds(of item: AVPlayerItem) -> Double? {
        lock.withLock { mediaSeconds(of: item, at: CACurrentMediaTime()) }
    }

    func computedTimeControlStatus() -> TimeControlStatus {
        if requestedRate == 0 { return .paused }
        return clock.rate != 0 ? .playing : .waitingToPlayAtSpecifiedRate
    }

    func applyAudioSettings() {
        for item in queue.prefix(2) {
            item.playback.pipeline?.setVolume(Double(_volume))
            item.playback.pipeline?.setMuted(_isMuted)
        }
    }
}

/// A weak reference to a player layer, as a player lists the layers that show it.
struct WeakPlayerLayer {
    weak var layer: AVPlayerLayer?
}
