/// The numerator of a `CMTime`: a count of `timescale` units.
public typealias CMTimeValue = Int64
/// The denominator of a `CMTime`: the number of units in one second.
public typealias CMTimeScale = Int32
/// The epoch of a `CMTime`: distinguishes loops of the same timeline (times in epoch 0 are durations).
public typealias CMTimeEpoch = Int64

/// The largest timescale a `CMTime` may have.
public let kCMTimeMaxTimescale: Int = 0x7fff_ffff

/// The flags of a `CMTime`: validity, rounding and the implied values (infinities, indefinite).
public struct CMTimeFlags: OptionSet, Sendable, Hashable {
    /// The raw bits, as in Apple's `CMTimeFlags`.
    public var rawValue: UInt32
    /// Creates flags from their bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The time is valid; without it every other field is ignored.
    public static let valid = CMTimeFlags(rawValue: 1 << 0)
    /// The value was rounded when the time was made or converted.
    public static let hasBeenRounded = CMTimeFlags(rawValue: 1 << 1)
    /// The time is positive infinity; `value` is ignored.
    public static let positiveInfinity = CMTimeFlags(rawValue: 1 << 2)
    /// The time is negative infinity; `value` is ignored.
    public static let negativeInfinity = CMTimeFlags(rawValue: 1 << 3)
    /// The time is unknown (a live stream's duration); `value` is ignored.
    public static let indefinite = CMTimeFlags(rawValue: 1 << 4)
    /// The flags that give a time a value other than `value / timescale`.
    public static let impliedValueFlagsMask: CMTimeFlags = [.positiveInfinity, .negativeInfinity, .indefinite]
}

/// How a value is rounded when a `CMTime` changes timescale.
public enum CMTimeRoundingMethod: UInt32, Sendable {
    /// Rounds to the nearest value; halves away from zero.
    case roundHalfAwayFromZero = 1
    /// Rounds toward zero (truncates).
    case roundTowardZero = 2
    /// Rounds away from zero.
    case roundAwayFromZero = 3
    /// Rounds toward zero when converting to a larger timescale and away from zero when
    /// converting to a smaller one, as QuickTime does.
    case quickTime = 4
    /// Rounds toward negative infinity.
    case roundTowardNegativeInfinity = 5
    /// Rounds toward positive infinity.
    case roundTowardPositiveInfinity = 6
    /// The default: `roundHalfAwayFromZero`.
    public static let `default` = CMTimeRoundingMethod.roundHalfAwayFromZero
}
