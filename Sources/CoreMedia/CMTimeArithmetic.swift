/// The sum of two times (Apple's `CMTimeAdd`).
///
/// The result's timescale is the operands' when they share one, else their least common multiple
/// (at most `kCMTimeMaxTimescale`, halved while the value overflows), rounded half away from zero
/// and flagged when rounded. Invalid in, invalid out; +∞ + −∞ is invalid; an infinity wins over a
/// number or indefinite; indefinite wins over a number. Different nonzero epochs give an invalid
/// time; the same nonzero epoch gives epoch 0 (a duration); epoch 0 takes the other's epoch.
public func CMTimeAdd(_ lhs: CMTime, _ rhs: CMTime) -> CMTime {
    CMTimeCombination.combine(lhs, rhs, negatingRight: false)
}

/// The difference of two times (Apple's `CMTimeSubtract`), by the rules of `CMTimeAdd` with the
/// right operand negated: +∞ − +∞ and −∞ − −∞ are invalid.
public func CMTimeSubtract(_ lhs: CMTime, _ rhs: CMTime) -> CMTime {
    CMTimeCombination.combine(lhs, rhs, negatingRight: true)
}

/// Compares two times (Apple's `CMTimeCompare`): −1, 0 or 1.
///
/// Invalid times equal each other and are greater than any other time; then positive infinity,
/// then indefinite, each equal to itself; negative infinity is less than any other time. Numeric
/// times in different epochs order by epoch; in the same epoch, by their exact values.
public func CMTimeCompare(_ time1: CMTime, _ time2: CMTime) -> Int32 {
    let r1 = CMTimeCombination.rank(time1), r2 = CMTimeCombination.rank(time2)
    if r1 != r2 { return r1 < r2 ? -1 : 1 }
    guard r1 == 0 else { return 0 }
    if time1.epoch != time2.epoch { return time1.epoch < time2.epoch ? -1 : 1 }
    let a = Int128(time1.value) * Int128(time2.timescale), b = Int128(time2.value) * Int128(time1.timescale)
    return a == b ? 0 : (a < b ? -1 : 1)
}

/// `time` multiplied by an integer (Apple's `CMTimeMultiply`), in the same timescale while the
/// value fits, else in a halved one; a negative multiplier swaps the infinities.
public func CMTimeMultiply(_ time: CMTime, multiplier: Int32) -> CMTime {
    CMTimeCombination.scale(time, numerator: Int128(multiplier), denominator: 1)
}

/// `time` multiplied by a ratio (Apple's `CMTimeMultiplyByRatio`); a zero divisor gives an invalid time.
public func CMTimeMultiplyByRatio(_ time: CMTime, multiplier: Int32, divisor: Int32) -> CMTime {
    guard divisor != 0 else { return .invalid }
    let sign: Int128 = divisor < 0 ? -1 : 1
    return CMTimeCombination.scale(time, numerator: Int128(multiplier) * sign, denominator: Int128(divisor) * sign)
}

/// `time` multiplied by a floating-point number (Apple's `CMTimeMultiplyByFloat64`), in the
/// same timescale, rounded half away from zero.
public func CMTimeMultiplyByFloat64(_ time: CMTime, multiplier: Double) -> CMTime {
    guard time.isValid, !multiplier.isNaN else { return .invalid }
    guard time.isNumeric else { return multiplier < 0 ? CMTimeCombination.negated(time) : time }
    let product = Double(time.value) * multiplier
    let rounded = product.rounded(.toNearestOrAwayFromZero)
    guard abs(rounded) < 0x1p63 else { return rounded > 0 ? .positiveInfinity : .negativeInfinity }
    var flags = time.flags
    if rounded != product { flags.insert(.hasBeenRounded) }
    return CMTime(value: CMTimeValue(rounded), timescale: time.timescale, flags: flags, epoch: time.epoch)
}

/// The lesser of two times (Apple's `CMTimeMinimum`): when one is invalid, the other.
public func CMTimeMinimum(_ time1: CMTime, _ time2: CMTime) -> CMTime {
    CMTimeCompare(time1, time2) <= 0 ? time1 : time2
}

/// The greater of two times (Apple's `CMTimeMaximum`): when one is invalid, the other.
public func CMTimeMaximum(_ time1: CMTime, _ time2: CMTime) -> CMTime {
    if !time1.isValid { return time2.isValid ? time2 : .invalid }
    if !time2.isValid { return time1 }
    return CMTimeCompare(time1, time2) >= 0 ? time1 : time2
}

/// The absolute value of a time (Apple's `CMTimeAbsoluteValue`); −∞ becomes +∞.
public func CMTimeAbsoluteValue(_ time: CMTime) -> CMTime {
    CMTimeCompare(time, .zero) < 0 && time.isValid && !time.isIndefinite ? CMTimeCombination.negated(time) : time
}

/// The shared rules of the arithmetic functions.
enum CMTimeCombination {
    /// The order class of a time: −1 for −∞, 0 for a number, then indefinite, +∞, invalid.
    static func rank(_ t: CMTime) -> Int {
        if !t.isValid { return 4 }
        if t.flags.contains(.positiveInfinity) { return 3 }
        if t.flags.contains(.indefinite) { return 2 }
        if t.flags.contains(.negativeInfinity) { return -1 }
        return 0
    }

    static func negated(_ t: CMTime) -> CMTime {
        if t.isPositiveInfinity { return .negativeInfinity }
        if t.isNegativeInfinity { return .positiveInfinity }
        guard t.isNumeric else { return t }
        guard t.value != .min else { return CMTimeFraction.time(-Int128(t.value), over: Int128(t.timescale), timescale: Int64(t.timescale), rounded: t.flags.contains(.hasBeenRounded), epoch: t.epoch) }
        return CMTime(value: -t.value, timescale: t.timescale, flags: t.flags, epoch: t.epoch)
    }

    static func combine(_ a: CMTime, _ bIn: CMTime, negatingRight: Bool) -> CMTime {
        guard a.isValid, bIn.isValid else { return .invalid }
        let b = negatingRight ? negated(bIn) : bIn
        let aInf = a.isPositiveInfinity ? 1 : (a.isNegativeInfinity ? -1 : 0)
        let bInf = b.isPositiveInfinity ? 1 : (b.isNegativeInfinity ? -1 : 0)
        if aInf != 0 || bInf != 0 {
            if aInf != 0 && bInf != 0 && aInf != bInf { return .invalid }
            return (aInf != 0 ? aInf : bInf) > 0 ? .positiveInfinity : .negativeInfinity
        }
        if a.isIndefinite || b.isIndefinite { return .indefinite }
        let epoch: CMTimeEpoch
        switch (a.epoch, b.epoch) {
        case let (x, y) where x == y: epoch = 0
        case let (0, y): epoch = y
        case let (x, 0): epoch = x
        default: return .invalid
        }
        let rounded = a.flags.contains(.hasBeenRounded) || b.flags.contains(.hasBeenRounded)
        if a.timescale == b.timescale {
            let sum = Int128(a.value) + Int128(b.value)
            if let v = CMTimeValue(exactly: sum) {
                return CMTime(value: v, timescale: a.timescale, flags: rounded ? [.valid, .hasBeenRounded] : .valid, epoch: epoch)
            }
            return CMTimeFraction.time(sum, over: Int128(a.timescale), timescale: Int64(a.timescale), rounded: rounded, epoch: epoch)
        }
        let ta = Int64(a.timescale), tb = Int64(b.timescale)
        let lcm = ta / CMTimeFraction.gcd(ta, tb) * tb
        let numerator = Int128(a.value) * Int128(tb) + Int128(b.value) * Int128(ta)
        return CMTimeFraction.time(numerator, over: Int128(ta) * Int128(tb), timescale: min(lcm, Int64(kCMTimeMaxTimescale)),
                                   rounded: rounded, epoch: epoch)
    }

    static func scale(_ t: CMTime, numerator: Int128, denominator: Int128) -> CMTime {
        guard t.isValid else { return .invalid }
        guard t.isNumeric else { return numerator < 0 ? negated(t) : t }
        return CMTimeFraction.time(Int128(t.value) * numerator, over: Int128(t.timescale) * denominator,
                                   timescale: Int64(t.timescale), rounded: t.flags.contains(.hasBeenRounded), epoch: t.epoch)
    }
}
