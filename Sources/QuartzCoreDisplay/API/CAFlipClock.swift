import CompositorCore
import Foundation
import QuartzCore

/// A display-link source driven by a display's page flips: each flip calls the observers with
/// the flip's time stamp, so `CADisplayLink.timestamp` is the time the last frame reached the
/// screen and `targetTimestamp` the next vblank. (Linux addition.)
///
/// When the display is off (no connector, seat disabled) it does not tick, as an Apple display
/// link stops with its screen.
public final class CAFlipClock: CADisplayLinkSource {
    private struct State {
        var period: CFTimeInterval
        var observerCount = 0
    }
    private let state: ThreadLock<State>
    /// Keeps the observers and calls them; its own period is unused.
    private let observers = CAManualFrameClock()

    /// Creates a clock for a display of `refreshPeriod` seconds (1/60 until the mode is known).
    public init(refreshPeriod: CFTimeInterval = 1.0 / 60) {
        state = ThreadLock(State(period: refreshPeriod))
    }

    /// The time between two refreshes of the current mode, in seconds.
    public var refreshPeriod: CFTimeInterval { state.withLock { $0.period } }

    /// Sets the refresh period when the mode changes; periods that are not positive and finite are ignored.
    public func setRefreshPeriod(_ period: CFTimeInterval) {
        guard period > 0, period.isFinite else { return }
        state.withLock { $0.period = period }
    }

    /// Calls `observer` at each flip until the token is removed.
    public func addRefreshObserver(_ observer: @escaping @Sendable (CFTimeInterval) -> Void) -> CADisplayLinkSourceToken {
        state.withLock { $0.observerCount += 1 }
        return observers.addRefreshObserver(observer)
    }

    /// Stops the calls to the observer that `token` identifies.
    public func removeRefreshObserver(_ token: CADisplayLinkSourceToken) {
        state.withLock { $0.observerCount = max(0, $0.observerCount - 1) }
        observers.removeRefreshObserver(token)
    }

    /// Whether any display link listens (the output keeps flipping for them even when the tree is still).
    public var hasObservers: Bool { state.withLock { $0.observerCount > 0 } }

    /// Signals a flip at media time `time` (called by the output on its thread).
    public func signalFlip(at time: CFTimeInterval) {
        observers.tick(at: time)
    }
}
