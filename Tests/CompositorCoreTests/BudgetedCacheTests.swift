import CompositorCore
import XCTest

/// The one cache policy: age in frames, then least recently used beyond the byte limit.
final class BudgetedCacheTests: XCTestCase {
    func testBytesStayWithinTheLimitLeastRecentlyUsedFirst() {
        let cache = BudgetedCache<String, Int>(budget: CacheBudget(byteLimit: 250, evictionAge: 100))
        for (frame, key) in ["a", "b", "c", "d"].enumerated() {
            cache.beginFrame()
            if frame == 3 { XCTAssertEqual(cache.value(for: "b"), 1) }  // b used again: a and c are older
            cache.insert(frame, bytes: 100, for: key)
            cache.endFrame()
            XCTAssertLessThanOrEqual(cache.bytes, 250)
        }
        XCTAssertNil(cache.value(for: "a"))
        XCTAssertNil(cache.value(for: "c"))
        XCTAssertEqual(cache.value(for: "b"), 1)
        XCTAssertEqual(cache.value(for: "d"), 3)
        XCTAssertEqual(cache.usage, CacheUsage(entries: 2, bytes: 200))
        XCTAssertEqual(cache.takeFreedBytes(), 200)
        XCTAssertEqual(cache.takeFreedBytes(), 0)
    }

    func testWhatTheFrameUsesStaysEvenBeyondTheLimit() {
        let cache = BudgetedCache<Int, Int>(budget: CacheBudget(byteLimit: 100))
        cache.beginFrame()
        for key in 0..<3 { cache.insert(key, bytes: 100, for: key) }
        cache.endFrame()
        XCTAssertEqual(cache.count, 3)
        cache.beginFrame()
        _ = cache.value(for: 2)
        cache.endFrame()
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.bytes, 100)
    }

    func testAnEntryUnusedForTheEvictionAgeLeaves() {
        let cache = BudgetedCache<Int, Int>(budget: CacheBudget(byteLimit: 1 << 20, evictionAge: 2))
        cache.beginFrame()
        cache.insert(1, bytes: 10, for: 1)
        cache.endFrame()
        // Frames that do not count for age (damage only) age nothing.
        for _ in 0..<5 {
            cache.beginFrame()
            cache.endFrame(countForAge: false)
        }
        cache.beginFrame(); cache.endFrame()
        XCTAssertEqual(cache.count, 1, "unused for one counted frame")
        cache.beginFrame(); cache.endFrame()
        XCTAssertEqual(cache.count, 0, "unused for two counted frames")
    }
}
