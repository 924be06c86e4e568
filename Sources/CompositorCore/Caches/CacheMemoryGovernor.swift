/// Sizes a renderer's caches from the memory ceiling (`MemoryCeiling`) and shrinks them under
/// pressure, so that a process under a cgroup limit or a declared budget is not killed for
/// what it merely keeps.
///
/// Every `sampleInterval` frames it reads the ceiling. Of the limit it keeps a reserve free
/// (an eighth, at least 8 MiB: a frame's own allocations, decoders, the allocator's slack);
/// what is left after the memory the caches do not hold is shared among the caches, none
/// above the byte limit it was configured with. When the limit is approached (use within half
/// the reserve of it) or the kernel's pressure stall figure rises (PSI "some" over 10 seconds
/// at 5 % or more and higher than at the last reading), each cache's limit is halved, down to
/// a sixteenth; each calm reading gives an eighth of it back. With no ceiling the configured
/// limit stands: a machine without limits behaves as before.
public struct CacheMemoryGovernor: Sendable {
    /// Frames between two readings of the ceiling (a quarter of a second at 60 Hz).
    public var sampleInterval: Int
    /// The part of their limit the caches get now (1 when calm, down to 1/16 under pressure).
    public private(set) var pressureScale = 1.0
    /// The last reading, or nil when none was taken or there is no ceiling.
    public private(set) var lastSample: MemorySample?
    /// The byte limit per cache decided at the last reading (nil: no ceiling, the configured one).
    public private(set) var byteLimit: Int?
    private var framesSinceSample = Int.max
    private var lastPressureAverage: Double?

    /// The smallest part of their limit pressure leaves the caches.
    public static let minimumPressureScale = 1.0 / 16
    /// PSI "some avg10" (percent) from which a rising figure counts as pressure.
    public static let pressureThreshold = 5.0

    /// Creates a governor that reads the ceiling every `sampleInterval` frames.
    public init(sampleInterval: Int = 15) { self.sampleInterval = max(1, sampleInterval) }

    /// The bytes of the limit kept free of caches.
    public static func reserve(for limit: Int) -> Int { min(limit / 2, max(limit / 8, 8 << 20)) }

    /// After a frame whose caches hold `cacheBytes` in all (`cacheCount` caches, configured
    /// for `configuredByteLimit` each): the byte limit each cache should follow now, and whether
    /// pressure was just seen (then freed memory should go back to the system at once).
    /// `read` gives the ceiling (nil: none) and is called every `sampleInterval` frames only.
    public mutating func byteLimit(afterFrameHolding cacheBytes: Int, cacheCount: Int, configuredByteLimit: Int,
                                   read: () -> MemorySample? = MemoryCeiling.sample) -> (byteLimit: Int, underPressure: Bool) {
        framesSinceSample = framesSinceSample == Int.max ? Int.max : framesSinceSample + 1
        guard framesSinceSample >= sampleInterval else { return (min(byteLimit ?? configuredByteLimit, configuredByteLimit), false) }
        framesSinceSample = 0
        guard let sample = read() else {
            lastSample = nil
            byteLimit = nil
            pressureScale = 1
            return (configuredByteLimit, false)
        }
        lastSample = sample
        let reserve = Self.reserve(for: sample.limit)
        let average = sample.pressure?.someAverage10
        let stalling = average.map { $0 >= Self.pressureThreshold && $0 > (lastPressureAverage ?? 0) } ?? false
        lastPressureAverage = average
        let underPressure = sample.inUse >= sample.limit - reserve / 2 || stalling
        if underPressure {
            pressureScale = max(Self.minimumPressureScale, pressureScale / 2)
        } else if sample.inUse < sample.limit - reserve {
            pressureScale = min(1, pressureScale + 1.0 / 8)
        }
        let others = max(0, sample.inUse - cacheBytes)
        let share = max(0, sample.limit - reserve - others) / max(1, cacheCount)
        let limit = Int(Double(min(configuredByteLimit, share)) * pressureScale)
        byteLimit = limit
        return (limit, underPressure)
    }
}
