/// A range of time: a start and a duration (Apple's `CMTimeRange`).
public struct CMTimeRange: Sendable, Hashable {
    /// The first time in the range.
    public var start: CMTime
    /// The length of the range.
    public var duration: CMTime

    /// Creates a range from a start and a duration (`CMTimeRangeMake`).
    public init(start: CMTime, duration: CMTime) { self.start = start; self.duration = duration }
    /// Creates the range from `start` up to `end` (`CMTimeRangeFromTimeToTime`).
    public init(start: CMTime, end: CMTime) { self.init(start: start, duration: CMTimeSubtract(end, start)) }

    /// The empty range at time zero (`kCMTimeRangeZero`).
    public static let zero = CMTimeRange(start: .zero, duration: .zero)
    /// The invalid range (`kCMTimeRangeInvalid`).
    public static let invalid = CMTimeRange(start: .invalid, duration: .invalid)

    /// The time just past the range: start + duration (`CMTimeRangeGetEnd`).
    public var end: CMTime { CMTimeAdd(start, duration) }
    /// Whether start and duration are valid, the duration not negative and in epoch 0.
    public var isValid: Bool {
        start.isValid && duration.isValid && duration.epoch == 0 && CMTimeCompare(duration, .zero) >= 0
    }
    /// Whether the range is valid and its duration is zero.
    public var isEmpty: Bool { isValid && CMTimeCompare(duration, .zero) == 0 }
    /// Whether the range is valid and its duration is indefinite.
    public var isIndefinite: Bool { isValid && (start.isIndefinite || duration.isIndefinite) }

    /// Whether `time` lies in the range: start ≤ time < end (`CMTimeRangeContainsTime`).
    public func containsTime(_ time: CMTime) -> Bool {
        isValid && CMTimeCompare(time, start) >= 0 && CMTimeCompare(time, end) < 0
    }
    /// The overlap of two ranges (`CMTimeRangeGetIntersection`); an empty range when they do not meet.
    public func intersection(_ other: CMTimeRange) -> CMTimeRange {
        let s = CMTimeMaximum(start, other.start), e = CMTimeMinimum(end, other.end)
        return CMTimeCompare(s, e) < 0 ? CMTimeRange(start: s, end: e) : CMTimeRange(start: s, duration: .zero)
    }
}

/// Makes a range from a start and a duration (Apple's `CMTimeRangeMake`).
public func CMTimeRangeMake(start: CMTime, duration: CMTime) -> CMTimeRange {
    CMTimeRange(start: start, duration: duration)
}
