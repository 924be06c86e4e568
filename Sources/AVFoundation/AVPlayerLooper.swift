import Foundation

/// Plays an item over and over in an `AVQueuePlayer`, without a gap: it keeps replicas of the
/// template item queued, so the next loop is decoded before the current one ends.
public final class AVPlayerLooper: AVKeyValueObservable, @unchecked Sendable {
    /// Whether the looper works.
    public enum Status: Int, Sendable {
        /// Not yet known.
        case unknown = 0
        /// The replicas are queued and looping.
        case ready = 1
        /// The template item cannot play; `error` says why.
        case failed = 2
        /// Looping was disabled or the looper was dropped.
        case cancelled = 3
    }

    /// The looper's observations (see `AVKeyValueObservable`).
    public let observationRegistry = AVObservationRegistry()
    /// The replicas the looper keeps queued.
    static let replicaCount = 2

    private let lock = NSLock()
    private weak var player: AVQueuePlayer?
    private let template: AVPlayerItem
    private var replicas: [AVPlayerItem] = []
    private var _loopCount = 0
    private var _status = Status.unknown
    private var _error: Error?
    private var statusObservations: [NSKeyValueObservation] = []

    /// Loops `templateItem` in `player`, replacing its queue. `timeRange` must be `.invalid`
    /// (the whole item): looping a part of an item is not supported.
    public init(player: AVQueuePlayer, templateItem: AVPlayerItem, timeRange: CMTimeRange = .invalid) {
        self.player = player
        template = templateItem
        if timeRange.isValid {
            AVFoundationLog.logger.warning("AVPlayerLooper: a time range is not supported; the whole item loops")
        }
        player.removeAllItems()
        player.actionAtItemEnd = .advance
        player.onItemFinished(owner: self) { [weak self] item in self?.itemFinished(item) }
        for _ in 0..<Self.replicaCount { enqueueReplica() }
    }

    deinit {
        player?.removeItemFinishedHandler(owner: self)
    }

    /// How many times the item has played through to its end.
    public var loopCount: Int { lock.withLock { _loopCount } }
    /// Whether the looper works.
    public var status: Status { lock.withLock { _status } }
    /// Why the looper failed, or nil.
    public var error: Error? { lock.withLock { _error } }
    /// The replicas of the template item in the player's queue.
    public var loopingPlayerItems: [AVPlayerItem] { lock.withLock { replicas } }

    /// Stops looping: the items queued play out and no more are added.
    public func disableLooping() {
        let old: Status = lock.withLock {
            let old = _status
            _status = .cancelled
            return old
        }
        player?.removeItemFinishedHandler(owner: self)
        if old != .cancelled { didChange(\AVPlayerLooper.status, from: old, to: Status.cancelled) }
    }

    private func enqueueReplica() {
        guard let player else { return }
        let replica = template.replica()
        let observation = replica.observe(\.status, options: [.new]) { [weak self] item, _ in self?.replicaStatusChanged(item) }
        lock.withLock {
            replicas.append(replica)
            statusObservations.append(observation)
        }
        player.insert(replica, after: nil)
    }

    private func replicaStatusChanged(_ item: AVPlayerItem) {
        let change: (Status, Status)? = lock.withLock {
            let old = _status
            guard old == .unknown || old == .ready else { return nil }
            switch item.status {
            case .readyToPlay: _status = .ready
            case .failed: _status = .failed; _error = item.error
            case .unknown: break
            }
            return old != _status ? (old, _status) : nil
        }
        if let (old, new) = change { didChange(\AVPlayerLooper.status, from: old, to: new) }
        if change?.1 == .failed { player?.removeAllItems() }
    }

    private func itemFinished(_ item: AVPlayerItem) {
        let counted: (Int, Int)? = lock.withLock {
            guard let index = replicas.firstIndex(where: { $0 === item }), _status != .cancelled else { return nil }
            replicas.remove(at: index)
            statusObservations.remove(at: index)
            _loopCount += 1
            return (_loopCount - 1, _loopCount)
        }
        guard let (old, new) = counted else { return }
        enqueueReplica()
        didChange(\AVPlayerLooper.loopCount, from: old, to: new)
    }
}
