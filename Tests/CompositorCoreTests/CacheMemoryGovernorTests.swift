import CompositorCore
import XCTest

/// How `CacheMemoryGovernor` sizes the caches from readings of the memory ceiling.
final class CacheMemoryGovernorTests: XCTestCase {
    private let mib = 1 << 20

    /// Without a ceiling the configured limit stands (a machine without limits is unchanged),
    /// and the ceiling is not read again before `sampleInterval` frames.
    func testNoCeilingKeepsTheConfiguredLimit() {
        var governor = CacheMemoryGovernor(sampleInterval: 4)
        var reads = 0
        for _ in 0..<8 {
            let decision = governor.byteLimit(afterFrameHolding: 10 * mib, cacheCount: 6, configuredByteLimit: 5 * mib) {
                reads += 1
                return nil
            }
            XCTAssertEqual(decision.byteLimit, 5 * mib)
            XCTAssertFalse(decision.underPressure)
        }
        XCTAssertEqual(reads, 2)
        XCTAssertNil(governor.byteLimit)
    }

    /// Room to spare: the caches keep their configured limit.
    func testAmpleRoomKeepsTheConfiguredLimit() {
        var governor = CacheMemoryGovernor()
        let decision = governor.byteLimit(afterFrameHolding: 12 * mib, cacheCount: 6, configuredByteLimit: 5 * mib) {
            MemorySample(limit: 512 * mib, inUse: 100 * mib)
        }
        XCTAssertEqual(decision.byteLimit, 5 * mib)
        XCTAssertFalse(decision.underPressure)
    }

    /// Tight room: the limit less the reserve (an eighth, at least 8 MiB) and what the caches
    /// do not hold, shared by the caches.
    func testTightRoomIsSharedAmongTheCaches() {
        var governor = CacheMemoryGovernor()
        // 128 MiB limit: reserve 16 MiB; 90 MiB in use of which 12 MiB caches → 78 MiB others;
        // 128 - 16 - 78 = 34 MiB for 6 caches.
        let decision = governor.byteLimit(afterFrameHolding: 12 * mib, cacheCount: 6, configuredByteLimit: 64 * mib) {
            MemorySample(limit: 128 * mib, inUse: 90 * mib)
        }
        XCTAssertEqual(decision.byteLimit, 34 * mib / 6)
        XCTAssertFalse(decision.underPressure)
        XCTAssertEqual(CacheMemoryGovernor.reserve(for: 32 * mib), 8 * mib)
        XCTAssertEqual(CacheMemoryGovernor.reserve(for: 8 * mib), 4 * mib)
    }

    /// The limit approached: the share halves at each reading down to a sixteenth, then each
    /// calm reading gives an eighth back.
    func testApproachingTheLimitHalvesTheCachesAndCalmRestoresThem() {
        var governor = CacheMemoryGovernor(sampleInterval: 1)
        var sample = MemorySample(limit: 256 * mib, inUse: 250 * mib)  // reserve 32 MiB: within 16 MiB is near
        var limits: [Int] = []
        for _ in 0..<6 {
            let decision = governor.byteLimit(afterFrameHolding: 200 * mib, cacheCount: 4, configuredByteLimit: 64 * mib) { sample }
            XCTAssertTrue(decision.underPressure)
            limits.append(decision.byteLimit)
        }
        // Share: (256 - 32 - 50) / 4 = 43.5 MiB, scaled by 1/2, 1/4, 1/8, 1/16, 1/16, 1/16.
        let share = Double(174 * mib / 4)
        XCTAssertEqual(limits, [0.5, 0.25, 0.125, 0.0625, 0.0625, 0.0625].map { Int(share * $0) })
        sample.inUse = 100 * mib
        let calm = governor.byteLimit(afterFrameHolding: 50 * mib, cacheCount: 4, configuredByteLimit: 64 * mib) { sample }
        XCTAssertFalse(calm.underPressure)
        XCTAssertEqual(governor.pressureScale, 0.0625 + 0.125)
    }

    /// Pressure stalls that rise count as pressure even below the limit; steady or falling ones do not.
    func testRisingPressureStallsShrinkTheCaches() {
        var governor = CacheMemoryGovernor(sampleInterval: 1)
        func reading(_ average10: Double) -> MemorySample {
            MemorySample(limit: 1024 * mib, inUse: 100 * mib,
                         pressure: MemoryPressure(someAverage10: average10, someAverage60: 0, someTotal: 0))
        }
        XCTAssertFalse(governor.byteLimit(afterFrameHolding: 0, cacheCount: 6, configuredByteLimit: 8 * mib) { reading(2) }.underPressure)
        XCTAssertTrue(governor.byteLimit(afterFrameHolding: 0, cacheCount: 6, configuredByteLimit: 8 * mib) { reading(9) }.underPressure)
        XCTAssertTrue(governor.byteLimit(afterFrameHolding: 0, cacheCount: 6, configuredByteLimit: 8 * mib) { reading(20) }.underPressure)
        XCTAssertEqual(governor.pressureScale, 0.25)
        XCTAssertFalse(governor.byteLimit(afterFrameHolding: 0, cacheCount: 6, configuredByteLimit: 8 * mib) { reading(20) }.underPressure)
        XCTAssertFalse(governor.byteLimit(afterFrameHolding: 0, cacheCount: 6, configuredByteLimit: 8 * mib) { reading(15) }.underPressure)
        // 1024 MiB leaves the caches far more than 8 MiB each: only the scale holds them.
        XCTAssertEqual(governor.byteLimit, Int(Double(8 * mib) * 0.5))
    }
}
