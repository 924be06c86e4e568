/// The exact rational arithmetic under `CMTime`: 128-bit products, rounding by a
/// `CMTimeRoundingMethod`, and the search for a timescale that holds a value in 64 bits.
enum CMTimeFraction {
    /// `numerator / denominator` rounded by `method` (denominator positive), and whether it was
    /// exact. `growing` tells `.quickTime` whether the conversion is to a larger timescale.
    static func divide(_ numerator: Int128, by denominator: Int128, method: CMTimeRoundingMethod,
                       growing: Bool = false) -> (Int128, exact: Bool) {
        let (q, r) = numerator.quotientAndRemainder(dividingBy: denominator)  // truncated toward zero
        if r == 0 { return (q, true) }
        let away = numerator < 0 ? q - 1 : q + 1
        switch method {
        case .roundTowardZero: return (q, false)
        case .roundAwayFromZero: return (away, false)
        case .quickTime: return (growing ? q : away, false)
        case .roundTowardNegativeInfinity: return (numerator < 0 ? away : q, false)
        case .roundTowardPositiveInfinity: return (numerator < 0 ? q : away, false)
        case .roundHalfAwayFromZero:
            let twice = r.magnitude * 2
            return (twice >= denominator.magnitude ? away : q, false)
        }
    }

    static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (a, b) = (abs(a), abs(b))
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    /// The time `numerator / denominator` seconds (denominator positive) in `timescale`, or, when
    /// the value overflows 64 bits, in the largest timescale reached by halving that holds it;
    /// rounded half away from zero, flagged when rounded. An infinity when no timescale holds it.
    static func time(_ numerator: Int128, over denominator: Int128, timescale: Int64, rounded: Bool,
                     epoch: CMTimeEpoch) -> CMTime {
        var scale = timescale
        while scale >= 1 {
            let (q, exact) = divide(numerator * Int128(scale), by: denominator, method: .default)
            if let value = CMTimeValue(exactly: q) {
                var flags = CMTimeFlags.valid
                if rounded || !exact { flags.insert(.hasBeenRounded) }
                return CMTime(value: value, timescale: CMTimeScale(scale), flags: flags, epoch: epoch)
            }
            scale /= 2
        }
        return numerator > 0 ? .positiveInfinity : .negativeInfinity
    }
}
