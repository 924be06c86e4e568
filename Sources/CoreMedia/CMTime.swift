/// A rational time: `value / timescale` seconds, with flags for the values a fraction cannot
/// hold (invalid, indefinite, positive and negative infinity) and an epoch.
///
/// Arithmetic and comparison follow Apple's `CMTimeAdd`, `CMTimeSubtract` and `CMTimeCompare`:
/// exact on the fractions, with a timescale that is the least common multiple of the operands'
/// (at most `kCMTimeMaxTimescale`, halved while the value overflows).
public struct CMTime: Sendable {
    /// The numerator: a count of `timescale` units.
    public var value: CMTimeValue
    /// The number of units in one second.
    public var timescale: CMTimeScale
    /// Validity, rounding and implied values.
    public var flags: CMTimeFlags
    /// The loop of the timeline this time belongs to; 0 for durations.
    public var epoch: CMTimeEpoch

    /// Creates a time from all of its fields, as given.
    public init(value: CMTimeValue, timescale: CMTimeScale, flags: CMTimeFlags, epoch: CMTimeEpoch) {
        self.value = value; self.timescale = timescale; self.flags = flags; self.epoch = epoch
    }

    /// Creates a valid time of `value / timescale` seconds in epoch 0 (`CMTimeMake`); a timescale
    /// that is not positive makes an invalid time.
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self = timescale > 0 ? CMTime(value: value, timescale: timescale, flags: .valid, epoch: 0) : .invalid
    }

    /// Creates the time nearest `seconds` in `preferredTimescale` (`CMTimeMakeWithSeconds`),
    /// rounding half away from zero and marking the time rounded when the value was inexact. A
    /// time too large for the timescale is made in the largest power-of-two fraction of it that
    /// holds it. NaN makes an invalid time; infinities make the infinite times.
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        guard !seconds.isNaN, preferredTimescale > 0 else { self = .invalid; return }
        guard seconds.isFinite else { self = seconds > 0 ? .positiveInfinity : .negativeInfinity; return }
        var timescale = preferredTimescale
        while true {
            let scaled = seconds * Double(timescale)
            let rounded = scaled.rounded(.toNearestOrAwayFromZero)
            if abs(rounded) < 0x1p63 {
                var flags = CMTimeFlags.valid
                if rounded != scaled { flags.insert(.hasBeenRounded) }
                self = CMTime(value: CMTimeValue(rounded), timescale: timescale, flags: flags, epoch: 0)
                return
            }
            guard timescale > 1 else { self = seconds > 0 ? .positiveInfinity : .negativeInfinity; return }
            timescale /= 2
        }
    }

    /// Zero seconds: value 0, timescale 1, valid, epoch 0 (`kCMTimeZero`).
    public static let zero = CMTime(value: 0, timescale: 1, flags: .valid, epoch: 0)
    /// The invalid time: every field zero (`kCMTimeInvalid`).
    public static let invalid = CMTime(value: 0, timescale: 0, flags: [], epoch: 0)
    /// An unknown time, such as a live stream's duration (`kCMTimeIndefinite`).
    public static let indefinite = CMTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)
    /// Positive infinity (`kCMTimePositiveInfinity`).
    public static let positiveInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
    /// Negative infinity (`kCMTimeNegativeInfinity`).
    public static let negativeInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)

    /// Whether the time is valid (`CMTIME_IS_VALID`).
    public var isValid: Bool { flags.contains(.valid) }
    /// Whether the time is valid and indefinite.
    public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }
    /// Whether the time is valid and positive infinity.
    public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }
    /// Whether the time is valid and negative infinity.
    public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }
    /// Whether the time is valid and an ordinary fraction: not infinite, not indefinite.
    public var isNumeric: Bool { isValid && flags.intersection(.impliedValueFlagsMask).isEmpty }
    /// Whether the value was rounded when the time was made or converted.
    public var hasBeenRounded: Bool { isNumeric && flags.contains(.hasBeenRounded) }

    /// The time in seconds (`CMTimeGetSeconds`): NaN for an invalid or indefinite time, the
    /// infinities for the infinite times.
    public var seconds: Double {
        guard isValid else { return .nan }
        if flags.contains(.positiveInfinity) { return .infinity }
        if flags.contains(.negativeInfinity) { return -.infinity }
        if flags.contains(.indefinite) { return .nan }
        return Double(value) / Double(timescale)
    }

    /// This time in `newTimescale` (`CMTimeConvertScale`), its value rounded by `method`. A time
    /// that is not numeric is returned unchanged; a value that overflows gives an infinity.
    public func convertScale(_ newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
        guard isNumeric else { return self }
        guard newTimescale > 0 else { return .invalid }
        if newTimescale == timescale { return self }
        let (q, exact) = CMTimeFraction.divide(Int128(value) * Int128(newTimescale), by: Int128(timescale), method: method,
                                               growing: newTimescale > timescale)
        guard let v = CMTimeValue(exactly: q) else { return q > 0 ? .positiveInfinity : .negativeInfinity }
        var flags = self.flags
        if !exact { flags.insert(.hasBeenRounded) }
        return CMTime(value: v, timescale: newTimescale, flags: flags, epoch: epoch)
    }
}

/// Makes a valid time of `value / timescale` seconds (Apple's `CMTimeMake`).
public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }

/// Makes the time nearest `seconds` in `preferredTimescale` (Apple's `CMTimeMakeWithSeconds`).
public func CMTimeMakeWithSeconds(_ seconds: Double, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}

/// The time in seconds (Apple's `CMTimeGetSeconds`).
public func CMTimeGetSeconds(_ time: CMTime) -> Double { time.seconds }

/// `time` in `newTimescale`, rounded by `method` (Apple's `CMTimeConvertScale`).
public func CMTimeConvertScale(_ time: CMTime, timescale newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
    time.convertScale(newTimescale, method: method)
}
