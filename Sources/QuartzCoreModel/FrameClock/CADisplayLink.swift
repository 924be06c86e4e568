import Foundation

/// A timer object that lets your app synchronize its drawing to the refresh rate of the display.
///
/// Create a link with a handler, add it to a run loop with `add(to:forMode:)`, and the handler
/// runs on that run loop's thread once per frame until the link is paused or invalidated. The
/// run loop keeps the link alive while it is added; `invalidate()` removes it from every run
/// loop and releases the handler. Use a link from the thread of the run loop it was added to.
///
/// On Linux, links are driven by a `CADisplayLinkSource`: `CAOffscreenFrameClock.shared` (60 Hz)
/// unless another is given; a kiosk display drives its links from its page flips. Apple's
/// `init(target:selector:)` takes an Objective-C selector, which Swift on Linux does not have;
/// here the selector is the target's method itself (`CADisplayLink(target: self, selector:
/// Clock.step)`), and a handler form is offered beside it.
public final class CADisplayLink {
    /// The time of the last frame the link fired for: the refresh's media time.
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time of the next frame the display shows: `timestamp + duration`.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The time between two refreshes of the display the link follows, in seconds.
    public private(set) var duration: CFTimeInterval
    /// The rate at which the link fires, in frames per second; 0 (the default) fires at the
    /// display's rate. Other rates fire on every n-th refresh, n the display rate divided by
    /// this rate rounded to the nearest whole number (at least 1).
    public var preferredFramesPerSecond: Int = 0
    /// The number of display refreshes between two calls of the handler; 1 (every refresh) by
    /// default, 2 fires at 30 fps on a 60 Hz display. Apple deprecated it for
    /// `preferredFramesPerSecond`; setting it clears `preferredFramesPerSecond`, and a nonzero
    /// `preferredFramesPerSecond` set afterwards takes precedence. A value below 1 is refused
    /// (logged) and the interval kept.
    @available(*, deprecated, message: "Use preferredFramesPerSecond")
    public var frameInterval: Int {
        get { refreshInterval }
        set {
            guard newValue >= 1 else {
                Diagnostics.reject("CADisplayLink.frameInterval: \(newValue) is below 1; kept \(refreshInterval)")
                return
            }
            refreshInterval = newValue
            preferredFramesPerSecond = 0
        }
    }
    /// The storage of `frameInterval`.
    private var refreshInterval = 1
    /// Whether the link's handler is suspended. A paused link stays on its run loops.
    public var isPaused: Bool = false

    /// The source of refreshes. (Linux addition.)
    public let source: CADisplayLinkSource
    private var handler: ((CADisplayLink) -> Void)?
    private var relay: DisplayLinkRelay?
    private var sourceToken: CADisplayLinkSourceToken?
    /// Refreshes seen since the handler last ran; nil before the first call.
    private var refreshesSinceFire: Int?
    private var isInvalidated = false

    /// Creates a display link that calls `handler` at each frame, driven by `source` (the shared
    /// 60 Hz offscreen clock by default). (Linux addition: replaces `init(target:selector:)`.)
    public init(source: CADisplayLinkSource = CAOffscreenFrameClock.shared, handler: @escaping (CADisplayLink) -> Void) {
        self.source = source
        self.handler = handler
        duration = source.refreshPeriod
    }

    /// Creates a display link that calls `selector` on `target` at each frame, as Apple's
    /// `init(target:selector:)` does; the link keeps a strong reference to the target until it
    /// is invalidated. Pass the method unapplied: `CADisplayLink(target: self, selector: Clock.step)`.
    public convenience init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> (CADisplayLink) -> Void,
                                               source: CADisplayLinkSource = CAOffscreenFrameClock.shared) {
        self.init(source: source) { link in selector(target)(link) }
    }

    /// Registers the link with `runloop` for `mode`: the handler runs there at each frame.
    /// Adding an invalidated link does nothing.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard !isInvalidated else { return }
        let relay = self.relay ?? DisplayLinkRelay(link: self)
        self.relay = relay
        relay.add(runloop, mode: mode)
        guard sourceToken == nil else { return }
        sourceToken = source.addRefreshObserver { timestamp in relay.refresh(at: timestamp) }
    }

    /// Removes the link from `runloop` for `mode`; a link on no run loop stops listening to its
    /// source (and is no longer kept alive by it).
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard let relay, relay.remove(runloop, mode: mode) else { return }
        disconnect()
    }

    /// Removes the link from every run loop and releases its handler; the link never fires again.
    public func invalidate() {
        isInvalidated = true
        disconnect()
        handler = nil
    }

    private func disconnect() {
        relay?.detach()
        relay = nil
        if let token = sourceToken {
            sourceToken = nil
            source.removeRefreshObserver(token)
        }
    }

    /// One refresh of the source, on the thread of a run loop the link is added to.
    fileprivate func refresh(at time: CFTimeInterval) {
        guard !isInvalidated, !isPaused else { return }
        let seen = (refreshesSinceFire ?? Int.max - 1) + 1
        guard seen >= framesPerFire else {
            refreshesSinceFire = seen
            return
        }
        refreshesSinceFire = 0
        duration = source.refreshPeriod
        timestamp = time
        targetTimestamp = time + duration
        handler?(self)
    }

    /// How many refreshes pass between two calls of the handler.
    private var framesPerFire: Int {
        guard preferredFramesPerSecond > 0 else { return refreshInterval }
        let displayRate = 1 / source.refreshPeriod
        return max(1, Int((displayRate / Double(preferredFramesPerSecond)).rounded()))
    }
}

/// Carries a source's refreshes (on the source's thread) to the run loops a link is added to.
///
/// It holds the link strongly, as a run loop retains the display links added to it, until the
/// link detaches it. `@unchecked Sendable`: its run-loop table and link reference are guarded
/// by `lock`; the link itself is only touched on the thread of a run loop it was added to
/// (directly when the refresh comes on that thread, else from a timer scheduled on that run
/// loop). Adding the timer is the one cross-thread run-loop operation: Core Foundation locks
/// it, and it wakes the run loop, which `RunLoop.perform(_:)` does not.
private final class DisplayLinkRelay: @unchecked Sendable {
    private let lock = NSLock()
    private var link: CADisplayLink?
    private var runLoops: [ObjectIdentifier: (runLoop: RunLoop, modes: Set<RunLoop.Mode>)] = [:]

    init(link: CADisplayLink) { self.link = link }

    func add(_ runLoop: RunLoop, mode: RunLoop.Mode) {
        lock.withLock { _ = runLoops[ObjectIdentifier(runLoop), default: (runLoop, [])].modes.insert(mode) }
    }

    /// Removes a mode; returns whether the link is on no run loop any more.
    func remove(_ runLoop: RunLoop, mode: RunLoop.Mode) -> Bool {
        lock.withLock {
            let key = ObjectIdentifier(runLoop)
            runLoops[key]?.modes.remove(mode)
            if runLoops[key]?.modes.isEmpty == true { runLoops[key] = nil }
            return runLoops.isEmpty
        }
    }

    /// Drops the link and every run loop: later refreshes do nothing.
    func detach() {
        lock.withLock {
            link = nil
            runLoops.removeAll()
        }
    }

    func refresh(at time: CFTimeInterval) {
        let targets = lock.withLock { Array(runLoops.values) }
        for target in targets {
            let id = ObjectIdentifier(target.runLoop)
            if target.runLoop === RunLoop.current {
                deliver(time, toRunLoop: id)
            } else {
                let timer = Timer(timeInterval: 0, repeats: false) { [self] _ in deliver(time, toRunLoop: id) }
                for mode in target.modes { target.runLoop.add(timer, forMode: mode) }
            }
        }
    }

    /// Runs the link's refresh if it is still on the run loop `id` names.
    private func deliver(_ time: CFTimeInterval, toRunLoop id: ObjectIdentifier) {
        let current = lock.withLock { runLoops[id] != nil ? link : nil }
        current?.refresh(at: time)
    }
}
