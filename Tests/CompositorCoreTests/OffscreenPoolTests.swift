import CompositorCore
import XCTest

/// `OffscreenPool`: requests rounded up to buckets, buffers reused between passes and frames,
/// idle ones let go of by age and bytes as every `BudgetedCache` lets go of its entries.
final class OffscreenPoolTests: XCTestCase {
    private final class Buffer {
        let bucket: OffscreenBucket
        init(_ bucket: OffscreenBucket) { self.bucket = bucket }
    }

    /// A pool that counts what it makes and records what it lets go of.
    private final class Harness {
        let pool: OffscreenPool<Buffer>
        var made = 0
        var released: [ObjectIdentifier] = []

        init(budget: CacheBudget, maximumSide: Int = 4096) {
            pool = OffscreenPool(budget: budget, maximumSide: maximumSide)
            pool.onRelease = { [unowned self] in released.append(ObjectIdentifier($0)) }
        }

        func acquire(_ width: Int, _ height: Int) -> Buffer {
            pool.acquire(width: width, height: height) { bucket in
                made += 1
                return Buffer(bucket)
            }
        }

        /// One frame that acquires buffers of these sizes.
        @discardableResult
        func frame(_ sizes: [(Int, Int)]) -> [Buffer] {
            pool.beginFrame()
            defer { pool.endFrame() }
            return sizes.map { acquire($0.0, $0.1) }
        }
    }

    func testRequestsAreRoundedUpToSixtyFourPixelBuckets() {
        XCTAssertEqual(OffscreenBucket(holding: 1, 1, maximumSide: 4096), OffscreenBucket(width: 64, height: 64))
        XCTAssertEqual(OffscreenBucket(holding: 64, 65, maximumSide: 4096), OffscreenBucket(width: 64, height: 128))
        XCTAssertEqual(OffscreenBucket(holding: 0, -3, maximumSide: 4096), OffscreenBucket(width: 64, height: 64), "at least one pixel")
        XCTAssertEqual(OffscreenBucket(holding: 4000, 100, maximumSide: 4000), OffscreenBucket(width: 4000, height: 128),
                       "never beyond the largest side")
        XCTAssertEqual(OffscreenBucket(width: 64, height: 128).byteCount, 64 * 128 * 4)
        let harness = Harness(budget: CacheBudget(byteLimit: 1 << 30))
        XCTAssertEqual(harness.frame([(30, 40)])[0].bucket, OffscreenBucket(width: 64, height: 64), "made at its bucket")
    }

    func testBuffersInUseAreDistinctAndComeBackAtTheFrameEnd() {
        let harness = Harness(budget: CacheBudget(byteLimit: 1 << 30))
        let first = harness.frame([(30, 30), (40, 50), (100, 10)])
        XCTAssertEqual(harness.made, 3)
        XCTAssertFalse(first[0] === first[1], "two requests of one bucket in one frame: two buffers")
        XCTAssertEqual(harness.pool.usage, CacheUsage(entries: 3, bytes: (64 * 64 * 2 + 128 * 64) * 4))
        // The next frame asks for the same buckets at other sizes: nothing is made.
        let second = harness.frame([(64, 64), (1, 1), (65, 2)])
        XCTAssertEqual(harness.made, 3)
        XCTAssertEqual(Set(second.map(ObjectIdentifier.init)), Set(first.map(ObjectIdentifier.init)))
        XCTAssertEqual(harness.released, [])
    }

    func testAnIdleBufferGoesAfterTheEvictionAge() {
        let harness = Harness(budget: CacheBudget(byteLimit: 1 << 30, evictionAge: 3))
        let kept = harness.frame([(10, 10)])[0]
        let other = harness.frame([(100, 100)])[0]
        harness.frame([(100, 100)])
        XCTAssertEqual(harness.released, [], "unused for 2 frames")
        harness.frame([(100, 100)])
        XCTAssertEqual(harness.released, [ObjectIdentifier(kept)], "unused for 3 frames")
        XCTAssertEqual(harness.pool.count, 1)
        XCTAssertTrue(harness.frame([(100, 100)])[0] === other, "the buffer used every frame stays")
    }

    func testBeyondTheByteLimitTheLeastRecentlyUsedIdleBuffersGoButNotTheFramesOwn() {
        let bucket = OffscreenBucket(width: 64, height: 64).byteCount
        let harness = Harness(budget: CacheBudget(byteLimit: 2 * bucket))
        let old = harness.frame([(10, 10)])[0]
        // Three buffers in one frame: over the limit, but the frame's own stay; the older idle one goes.
        let three = harness.frame([(10, 10), (10, 10), (10, 10)])
        XCTAssertEqual(harness.made, 3, "the first frame's buffer is reused")
        XCTAssertTrue(three.contains { $0 === old })
        XCTAssertEqual(harness.pool.count, 3, "what the frame used survives its end")
        // A frame using one of them: the other two are idle and one must go.
        harness.frame([(10, 10)])
        XCTAssertEqual(harness.pool.count, 2)
        XCTAssertEqual(harness.released.count, 1)
    }

    func testADetachedBufferLeavesThePoolAndARecycledOneComesBack() {
        let harness = Harness(budget: CacheBudget(byteLimit: 1 << 30, evictionAge: 2))
        harness.pool.beginFrame()
        let kept = harness.acquire(10, 10)
        harness.pool.detach(kept)
        harness.pool.endFrame()
        XCTAssertEqual(harness.pool.count, 0)
        let made = harness.frame([(10, 10)])[0]
        XCTAssertFalse(made === kept, "a detached buffer is not handed out")
        // Back between frames: it counts as used in the frame just ended, as `made` was.
        harness.pool.recycle(kept, bucket: kept.bucket)
        XCTAssertEqual(harness.pool.count, 2)
        XCTAssertTrue(harness.frame([(10, 10)])[0] === kept, "the bucket's most recently idle buffer is handed out first")
        harness.frame([])
        harness.frame([])
        XCTAssertEqual(harness.pool.count, 0, "both idle for the eviction age")
        XCTAssertEqual(Set(harness.released), [ObjectIdentifier(kept), ObjectIdentifier(made)])
        harness.frame([(10, 10)])
        harness.pool.removeAll()
        XCTAssertEqual(harness.pool.usage, CacheUsage())
        XCTAssertEqual(harness.released.count, 3)
    }
}
