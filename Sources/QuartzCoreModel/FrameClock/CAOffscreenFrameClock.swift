import CompositorCore
import Foundation

/// A frame clock for offscreen rendering: refreshes at a fixed rate, timed by the monotonic
/// media clock, on a background thread of its own. (Linux addition.)
///
/// The thread runs only while the clock has observers. Refresh times are multiples of the
/// period after the first one, so a late wake-up never shifts later frames; refreshes missed
/// while the thread could not run are skipped, as a display skips vsyncs.
public final class CAOffscreenFrameClock: CADisplayLinkSource {
    /// The time between two refreshes, in seconds.
    public let refreshPeriod: CFTimeInterval
    private let observers = RefreshObservers()
    /// Counts started threads; a thread runs while the generation it was started with is current.
    private let generation = ThreadLock<UInt64>(0)

    /// Creates a clock that refreshes `framesPerSecond` times a second (60 by default). Rates
    /// that are not positive and finite give 60.
    public init(framesPerSecond: Double = 60) {
        refreshPeriod = 1 / FrameRate.sanitized(framesPerSecond)
    }

    /// The clock that drives display links created without one: 60 Hz offscreen.
    public static let shared = CAOffscreenFrameClock()

    /// Calls `observer` on the clock's thread at each refresh until the token is removed.
    public func addRefreshObserver(_ observer: @escaping @Sendable (CFTimeInterval) -> Void) -> CADisplayLinkSourceToken {
        // Observers and the thread's generation change together, so that a thread is running
        // exactly when there are observers.
        generation.withLock { current in
            let (token, isFirst) = observers.add(observer)
            if isFirst {
                current &+= 1
                let mine = current
                let thread = Thread { [self] in run(generation: mine) }
                thread.name = "CAOffscreenFrameClock"
                thread.qualityOfService = .userInteractive
                thread.start()
            }
            return token
        }
    }

    /// Stops the calls to the observer that `token` identifies; the thread ends with the last one.
    public func removeRefreshObserver(_ token: CADisplayLinkSourceToken) {
        generation.withLock { current in
            if observers.remove(token) { current &+= 1 }
        }
    }

    private func run(generation mine: UInt64) {
        let start = CACurrentMediaTime()
        var frame: Double = 1
        while generation.withLock({ $0 == mine }) {
            let due = start + frame * refreshPeriod
            let wait = due - CACurrentMediaTime()
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            guard generation.withLock({ $0 == mine }) else { return }
            observers.notify(due)
            // Skip the refreshes that passed while the observers ran.
            let now = CACurrentMediaTime()
            frame = max(frame + 1, ((now - start) / refreshPeriod).rounded(.down) + 1)
        }
    }
}
