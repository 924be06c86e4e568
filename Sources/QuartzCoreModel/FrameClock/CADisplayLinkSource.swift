import Foundation

/// A source of display refreshes that drives display links: an offscreen clock, a clock a test
/// advances by hand, or (on a kiosk) the page flips of a display. (Linux addition.)
///
/// A source calls its observers on a thread of its own choosing at each refresh; display links
/// move the call onto the run loop they were added to.
public protocol CADisplayLinkSource: AnyObject, Sendable {
    /// The time between two refreshes, in seconds (1/60 for a 60 Hz display).
    var refreshPeriod: CFTimeInterval { get }

    /// Calls `observer` at each refresh with the refresh's media time, until the returned token
    /// is passed to `removeRefreshObserver(_:)`.
    func addRefreshObserver(_ observer: @escaping @Sendable (_ timestamp: CFTimeInterval) -> Void) -> CADisplayLinkSourceToken

    /// Stops the calls to the observer that `token` identifies. Unknown tokens are ignored.
    func removeRefreshObserver(_ token: CADisplayLinkSourceToken)
}

/// Identifies an observer of a `CADisplayLinkSource`. (Linux addition.)
public struct CADisplayLinkSourceToken: Hashable, Sendable {
    let rawValue: UInt64
}
