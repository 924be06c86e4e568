/// SplitMix64: a fixed sequence of random bits for a given seed, for tests that draw random cases
/// and must draw the same ones on every run.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// A sequence starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`, taken as the remainder of the next bits (the small bias does not
    /// matter for picking test cases).
    public mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
