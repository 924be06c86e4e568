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

    func testReleasedValuesReachTheOwnerOnceEach() {
        let cache = BudgetedCache<Int, String>(budget: CacheBudget(byteLimit: 150))
        var released: [String] = []
        cache.onRelease = { _, value in released.append(value) }
        cache.beginFrame()
        cache.insert("a", bytes: 100, for: 1)
        cache.insert("b", bytes: 100, for: 2)
        cache.insert("a2", bytes: 100, for: 1)
        XCTAssertEqual(released, ["a"], "a replaced value is released")
        cache.endFrame()
        XCTAssertEqual(cache.count, 2, "both used in the frame: kept beyond the limit")
        XCTAssertEqual(cache.removeValue(forKey: 2), "b")
        XCTAssertEqual(released, ["a"], "a value taken out is the caller's")
        cache.removeAll()
        XCTAssertEqual(released, ["a", "a2"])
        XCTAssertEqual(cache.bytes, 0)
    }

    func testBetweenFramesALowerBudgetEvictsEverythingBeyondIt() {
        let cache = BudgetedCache<Int, Int>(budget: CacheBudget(byteLimit: 1000))
        cache.beginFrame()
        for key in 0..<3 { cache.insert(key, bytes: 100, for: key) }
        cache.endFrame()
        cache.budget.byteLimit = 150
        cache.trim()
        XCTAssertEqual(cache.count, 1, "no frame is being drawn: nothing is spared")
        XCTAssertEqual(cache.bytes, 100)
    }

    func testSharedBytesCountAgainstTheLimitAndAsFreedWhenTheyShrink() {
        let cache = BudgetedCache<Int, Int>(budget: CacheBudget(byteLimit: 1000))
        cache.sharedBytes = 900
        cache.beginFrame()
        cache.insert(1, bytes: 50, for: 1)
        cache.insert(2, bytes: 50, for: 2)
        cache.endFrame()
        XCTAssertEqual(cache.usage, CacheUsage(entries: 2, bytes: 1000))
        cache.beginFrame()
        _ = cache.value(for: 2)
        cache.insert(3, bytes: 50, for: 3)
        cache.endFrame()
        XCTAssertNil(cache.peek(1), "over the limit: the least recently used goes")
        cache.sharedBytes = 400
        XCTAssertEqual(cache.takeFreedBytes(), 50 + 500)
    }

    func testUpdatingAValueChangesItsBytesWithoutReleasingIt() {
        let cache = BudgetedCache<Int, Int>(budget: CacheBudget(byteLimit: 1000))
        var released = 0
        cache.onRelease = { _, _ in released += 1 }
        cache.beginFrame()
        cache.insert(1, bytes: 100, for: 1)
        cache.update(2, bytes: 300, for: 1)
        XCTAssertEqual(cache.peek(1), 2)
        XCTAssertEqual(cache.bytes, 300)
        XCTAssertEqual(released, 0)
        XCTAssertTrue(cache.isUsedInCurrentFrame(1))
        cache.endFrame()
        XCTAssertFalse(cache.isUsedInCurrentFrame(1), "no frame is being drawn")
    }
}
