import CompositorCore
import Foundation
import MediaDecoding

extension AVPlayer {
    /// One step of the player's thread: pump the current and the next item, start the
    /// timeline once the item is ready, drop frames it has passed, and handle the end of the
    /// item. Announcements (observers, notifications, completions) run after the lock is released.
    func step() {
        var announcements: [() -> Void] = []
        // Seeks' completion handlers run last, once what the seek led to (the layers' readiness,
        // the time control status) is announced: code that waits for a seek and then reads
        // `isReadyForDisplay` sees the frame it asked for.
        var finishedSeeks: [() -> Void] = []
        lock.lock()
        let now = CACurrentMediaTime()
        if queue.count > 1, queue[1].playback.phase == .idle, queue[1].playback.owner == nil || queue[1].playback.owner === self {
            let next = queue[1]
            if let failure = next.playback.load(owner: self) { announcements.append { next.fail(with: failure) } }
            applyAudioSettings()
        }
        for (position, item) in queue.prefix(2).enumerated() {
            let result = item.playback.pump()
            if let ready = result.becameReady { announcements.append { item.becomeReady(duration: ready.duration, size: ready.size) } }
            if let failure = result.failure { announcements.append { item.fail(with: failure) } }
            let seeks = result.finishedSeeks
            if !seeks.isEmpty { finishedSeeks.append { for s in seeks { s(result.failure == nil) } } }
            if position == 0, result.becameReady != nil || !seeks.isEmpty { startClockIfWaiting(at: now) }
        }
        if let item = queue.first, item.playback.phase == .failed, _actionAtItemEnd == .advance, queue.count > 1 {
            announcements += advance(endHostTime: now)
        }
        if let item = queue.first, item.playback.phase == .ready, !item.playback.isSeeking {
            startClockIfWaiting(at: now)
            let media = clock.rate != 0 ? clock.mediaTime(at: now) : clock.anchorMediaTime
            // Keep a tenth of a second behind now: a renderer may ask for a frame time a little
            // before the thread's.
            _ = item.playback.frame(at: media - 0.1, hostTime: now, drawing: false)
            if !endAnnounced, clock.rate != 0, item.playback.hasPlayedToEnd(at: media), let end = item.playback.playedEnd {
                endAnnounced = true
                let endHost = clock.hostTime(atMediaTime: end)
                announcements.append { NotificationCenter.default.post(name: .AVPlayerItemDidPlayToEndTime, object: item) }
                switch _actionAtItemEnd {
                case .advance: announcements += advance(endHostTime: endHost)
                case .pause:
                    clock = MediaClock(anchorHostTime: endHost, anchorMediaTime: end, rate: 0)
                    seekAnchor = item.duration.isNumeric ? item.duration : nil
                    item.playback.setPlaying(false)
                    let old = requestedRate
                    requestedRate = 0
                    if old != 0 { announcements.append { [self] in didChange(\AVPlayer.rate, from: old, to: Float(0)) } }
                case .none: break
                }
            }
        }
        announcements += readinessChanges()
        let status = computedTimeControlStatus()
        if status != lastTimeControlStatus {
            let old = lastTimeControlStatus
            lastTimeControlStatus = status
            announcements.append { [self] in didChange(\AVPlayer.timeControlStatus, from: old, to: status) }
        }
        lock.unlock()
        for announce in announcements { announce() }
        for finish in finishedSeeks { finish() }
    }

    /// Runs the timeline of a ready current item when the rate asks for it (under the lock).
    func startClockIfWaiting(at now: Double) {
        guard requestedRate != 0, clock.rate == 0, let item = queue.first, item.playback.phase == .ready,
              !item.playback.isSeeking else { return }
        clock = MediaClock(anchorHostTime: now, anchorMediaTime: clock.anchorMediaTime, rate: Double(requestedRate))
        seekAnchor = nil
        item.playback.setPlaying(true)
    }

    /// Moves on to the next item, whose time 0 is at `endHostTime` (gapless when it is ready).
    /// Returns the announcements to make.
    func advance(endHostTime: Double) -> [() -> Void] {
        guard let finished = queue.first else { return [] }
        let completions = finished.playback.unload()
        queue.removeFirst()
        endAnnounced = false
        seekAnchor = nil
        var announcements: [() -> Void] = [{ completions.forEach { $0(false) } }]
        if let next = queue.first {
            let start = next.playback.restingTime
            if next.playback.phase == .ready, !next.playback.isSeeking, requestedRate != 0 {
                clock = MediaClock(anchorHostTime: endHostTime, anchorMediaTime: start, rate: Double(requestedRate))
                next.playback.setPlaying(true)
            } else {
                clock = MediaClock(anchorHostTime: endHostTime, anchorMediaTime: start, rate: 0)
                if next.playback.phase == .idle, let failure = next.playback.load(owner: self) {
                    announcements.append { next.fail(with: failure) }
                }
            }
        } else {
            clock = MediaClock(anchorHostTime: endHostTime, anchorMediaTime: 0, rate: 0)
        }
        let next = queue.first
        announcements.append { [self] in
            didChange(\AVPlayer.currentItem, from: finished, to: next)
            itemDidFinish(finished)
        }
        return announcements
    }

    /// Whether the current item has a frame to show, and the layers to tell when that changed.
    func readinessChanges() -> [() -> Void] {
        let id = queue.first.flatMap { item -> ObjectIdentifier? in
            item.playback.phase == .ready || item.playback.isSeeking ? ObjectIdentifier(item) : nil
        }
        let ready = id != nil && (queue.first?.playback.frames.isEmpty == false || readyForDisplayItem == id)
        let newValue = ready ? id : nil
        guard newValue != readyForDisplayItem else { return [] }
        readyForDisplayItem = newValue
        let layers = self.layers.compactMap(\.layer)
        return [{ for layer in layers { layer.playerReadinessChanged() } }]
    }

    /// Whether the current item's first frame is decoded (what `AVPlayerLayer.isReadyForDisplay` shows).
    var isCurrentItemReadyForDisplay: Bool { lock.withLock { readyForDisplayItem != nil } }

    /// The frame to draw at `hostTime` (`CACurrentMediaTime`'s clock), marked as shown: the
    /// latest decoded frame of the current item whose timestamp is not after the item's time then.
    func videoFrame(forHostTime hostTime: Double) -> DecodedVideoFrame? {
        lock.withLock {
            guard let item = queue.first, item.playback.phase == .ready || item.playback.isSeeking,
                  let media = mediaSeconds(of: item, at: hostTime) else { return nil }
            return item.playback.frame(at: media, hostTime: hostTime, drawing: true)
        }
    }

    /// The frame to draw at `hostTime` with the renderer's image of it.
    func videoImage(forHostTime hostTime: Double) -> (frame: DecodedVideoFrame, image: VideoFrameImage)? {
        lock.withLock {
            guard let item = queue.first, item.playback.phase == .ready || item.playback.isSeeking,
                  let media = mediaSeconds(of: item, at: hostTime),
                  let frame = item.playback.frame(at: media, hostTime: hostTime, drawing: true) else { return nil }
            return (frame, item.playback.image(of: frame))
        }
    }

    /// Whether the timeline runs (a layer showing the player then changes every frame).
    var isTimelineRunning: Bool { lock.withLock { clock.rate != 0 } }

    /// The frames of the current item passed over without being drawn while a renderer drew it.
    public var droppedFrameCount: Int { lock.withLock { queue.first?.playback.droppedFrames ?? 0 } }
}
