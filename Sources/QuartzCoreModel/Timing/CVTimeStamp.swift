import Foundation

/// A time stamp of a display refresh, as Core Video describes one (the fields a renderer uses).
public struct CVTimeStamp: Sendable, Equatable {
    /// The host time of the refresh, in nanoseconds of the monotonic clock.
    public var hostTime: UInt64
    /// The refresh period, in seconds.
    public var refreshPeriod: Double
    /// Creates a time stamp.
    public init(hostTime: UInt64 = 0, refreshPeriod: Double = 1.0 / 60.0) {
        self.hostTime = hostTime
        self.refreshPeriod = refreshPeriod
    }
}
