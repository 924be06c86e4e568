extension CMTime {
    /// The invalid time, every field zero.
    public init() { self = .invalid }
}

extension CMTime: Equatable, Comparable, Hashable {
    /// Whether the times are equal by `CMTimeCompare`: 1/2 equals 2/4; invalid equals invalid.
    public static func == (lhs: CMTime, rhs: CMTime) -> Bool { CMTimeCompare(lhs, rhs) == 0 }
    /// Whether `lhs` comes before `rhs` by `CMTimeCompare`.
    public static func < (lhs: CMTime, rhs: CMTime) -> Bool { CMTimeCompare(lhs, rhs) < 0 }

    /// Hashes what `==` compares: the order class, and for a number its epoch and reduced fraction.
    public func hash(into hasher: inout Hasher) {
        let rank = CMTimeCombination.rank(self)
        hasher.combine(rank)
        guard rank == 0 else { return }
        let d = Swift.max(1, CMTimeFraction.gcd(value, Int64(timescale)))
        hasher.combine(epoch); hasher.combine(value / d); hasher.combine(Int64(timescale) / d)
    }

    /// The sum (`CMTimeAdd`).
    public static func + (lhs: CMTime, rhs: CMTime) -> CMTime { CMTimeAdd(lhs, rhs) }
    /// The difference (`CMTimeSubtract`).
    public static func - (lhs: CMTime, rhs: CMTime) -> CMTime { CMTimeSubtract(lhs, rhs) }
    /// Adds `rhs` to `lhs`.
    public static func += (lhs: inout CMTime, rhs: CMTime) { lhs = CMTimeAdd(lhs, rhs) }
    /// Subtracts `rhs` from `lhs`.
    public static func -= (lhs: inout CMTime, rhs: CMTime) { lhs = CMTimeSubtract(lhs, rhs) }
    /// The time multiplied by an integer (`CMTimeMultiply`).
    public static func * (time: CMTime, multiplier: Int32) -> CMTime { CMTimeMultiply(time, multiplier: multiplier) }
    /// The time multiplied by an integer (`CMTimeMultiply`).
    public static func * (multiplier: Int32, time: CMTime) -> CMTime { CMTimeMultiply(time, multiplier: multiplier) }
    /// The time multiplied by a floating-point number (`CMTimeMultiplyByFloat64`).
    public static func * (time: CMTime, multiplier: Double) -> CMTime {
        CMTimeMultiplyByFloat64(time, multiplier: multiplier)
    }
    /// The time multiplied by a floating-point number (`CMTimeMultiplyByFloat64`).
    public static func * (multiplier: Double, time: CMTime) -> CMTime {
        CMTimeMultiplyByFloat64(time, multiplier: multiplier)
    }
    /// Multiplies `time` by an integer.
    public static func *= (time: inout CMTime, multiplier: Int32) { time = CMTimeMultiply(time, multiplier: multiplier) }
    /// Multiplies `time` by a floating-point number.
    public static func *= (time: inout CMTime, multiplier: Double) {
        time = CMTimeMultiplyByFloat64(time, multiplier: multiplier)
    }
}

extension CMTime: CustomStringConvertible, CustomDebugStringConvertible {
    /// The time as `CMTimeCopyDescription` spells it: `{value/timescale = seconds}`, or `{INVALID}`,
    /// `{+INFINITY}`, `{-INFINITY}`, `{INDEFINITE}`.
    public var description: String {
        if !isValid { return "{INVALID}" }
        if flags.contains(.positiveInfinity) { return "{+INFINITY}" }
        if flags.contains(.negativeInfinity) { return "{-INFINITY}" }
        if flags.contains(.indefinite) { return "{INDEFINITE}" }
        let rounded = flags.contains(.hasBeenRounded) ? " rounded" : ""
        let epochText = epoch != 0 ? ", epoch \(epoch)" : ""
        return "{\(value)/\(timescale) = \(seconds)\(rounded)\(epochText)}"
    }
    /// The same as `description`.
    public var debugDescription: String { description }
}
