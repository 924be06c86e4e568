import Foundation

/// A frame clock that refreshes only when told to, for tests and for rendering at chosen
/// times. (Linux addition.)
///
/// `tick(at:)` calls the observers on the calling thread; a display link added to the calling
/// thread's run loop runs its handler before `tick(at:)` returns.
public final class CAManualFrameClock: CADisplayLinkSource {
    /// The time between two refreshes, in seconds.
    public let refreshPeriod: CFTimeInterval
    private let observers = RefreshObservers()

    /// Creates a clock of the given refresh rate (60 by default). Rates that are not positive
    /// and finite give 60.
    public init(framesPerSecond: Double = 60) {
        refreshPeriod = 1 / FrameRate.sanitized(framesPerSecond)
    }

    /// Calls `observer` at each `tick(at:)` until the token is removed.
    public func addRefreshObserver(_ observer: @escaping @Sendable (CFTimeInterval) -> Void) -> CADisplayLinkSourceToken {
        observers.add(observer).token
    }

    /// Stops the calls to the observer that `token` identifies.
    public func removeRefreshObserver(_ token: CADisplayLinkSourceToken) {
        observers.remove(token)
    }

    /// Signals a refresh at media time `time`.
    public func tick(at time: CFTimeInterval) {
        observers.notify(time)
    }
}

/// Refresh rates as the clocks accept them.
enum FrameRate {
    /// `fps` when positive and finite, else 60.
    static func sanitized(_ fps: Double) -> Double {
        fps.isFinite && fps > 0 ? fps : 60
    }
}
