import Foundation

/// A player of a queue of items, one after the other. The next item is opened and its first
/// frame decoded while the current one plays, and its time 0 starts at the current one's end on
/// the clock: playback goes on without a gap.
open class AVQueuePlayer: AVPlayer, @unchecked Sendable {
    private let finishLock = NSLock()
    private var finishHandlers: [ObjectIdentifier: (AVPlayerItem) -> Void] = [:]

    /// Creates a queue player of `items`, in order; its `actionAtItemEnd` is `.advance`.
    public init(items: [AVPlayerItem]) { super.init(items: items, actionAtItemEnd: .advance) }

    /// Creates a queue player with no items.
    public convenience init() { self.init(items: []) }

    /// Creates a queue player of `item` (or none).
    public convenience init(playerItem item: AVPlayerItem?) { self.init(items: item.map { [$0] } ?? []) }

    /// Creates a queue player of an item for `url`.
    public convenience init(url: URL) { self.init(items: [AVPlayerItem(url: url)]) }

    /// The items of the queue, the current one first.
    open func items() -> [AVPlayerItem] { lock.withLock { queue } }

    /// Ends the current item and plays the next one now.
    open func advanceToNextItem() {
        lock.lock()
        let announcements = advance(endHostTime: CACurrentMediaTime())
        lock.signal()
        lock.unlock()
        for announce in announcements { announce() }
    }

    /// Whether `item` may be inserted after `afterItem`: it is in no player and not in this queue.
    open func canInsert(_ item: AVPlayerItem, after afterItem: AVPlayerItem?) -> Bool {
        lock.withLock {
            item.playback.owner == nil && !queue.contains { $0 === item }
                && (afterItem == nil || queue.contains { $0 === afterItem })
        }
    }

    /// Inserts `item` after `afterItem`, or at the end when it is nil (or not in the queue).
    open func insert(_ item: AVPlayerItem, after afterItem: AVPlayerItem?) {
        guard canInsert(item, after: afterItem) else {
            AVFoundationLog.logger.error("AVQueuePlayer.insert(_:after:): the item is already in a player; ignored")
            return
        }
        lock.lock()
        let index = afterItem.flatMap { a in queue.firstIndex { $0 === a } }.map { $0 + 1 } ?? queue.count
        queue.insert(item, at: index)
        let becameCurrent = queue.count == 1
        let failure = becameCurrent ? item.playback.load(owner: self) : nil
        if becameCurrent { clock = MediaClock(anchorHostTime: CACurrentMediaTime(), anchorMediaTime: item.playback.restingTime, rate: 0) }
        lock.signal()
        lock.unlock()
        if let failure { item.fail(with: failure) }
        if becameCurrent { didChange(\AVPlayer.currentItem, from: AVPlayerItem?.none, to: item) }
    }

    /// Removes `item` from the queue (the current item too: the next one becomes current).
    open func remove(_ item: AVPlayerItem) {
        lock.lock()
        guard let index = queue.firstIndex(where: { $0 === item }) else { lock.unlock(); return }
        var announcements: [() -> Void] = []
        if index == 0 {
            announcements = advance(endHostTime: CACurrentMediaTime())
        } else {
            let completions = queue.remove(at: index).playback.unload()
            announcements = [{ completions.forEach { $0(false) } }]
        }
        lock.signal()
        lock.unlock()
        for announce in announcements { announce() }
    }

    /// Empties the queue.
    open func removeAllItems() { replaceCurrentItem(with: nil) }

    /// Calls `handler` after each item that plays to its end (the looper's hook).
    func onItemFinished(owner: AnyObject, _ handler: @escaping (AVPlayerItem) -> Void) {
        finishLock.withLock { finishHandlers[ObjectIdentifier(owner)] = handler }
    }

    func removeItemFinishedHandler(owner: AnyObject) {
        _ = finishLock.withLock { finishHandlers.removeValue(forKey: ObjectIdentifier(owner)) }
    }

    override func itemDidFinish(_ item: AVPlayerItem) {
        let handlers = finishLock.withLock { Array(finishHandlers.values) }
        for handler in handlers { handler(item) }
    }
}
