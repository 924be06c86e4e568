import CompositorCore
import XCTest
@testable import qc_soak

/// qc-soak's growth check: what counts as growth after warm-up, with the caches' byte limit
/// standing still and moving under a memory ceiling.
final class SoakGrowthCheckTests: XCTestCase {
    private let megabyte = 1 << 20

    /// A frame whose images cache holds `images` entries (1 KiB each) under a per-cache limit
    /// of `limit` bytes, with 50 MiB resident.
    private func frame(images: Int, limit: Int) -> RenderStatistics {
        var statistics = RenderStatistics()
        statistics.residentMemoryBytes = 50 * megabyte
        statistics.contentImages = CacheUsage(entries: images, bytes: images << 10)
        statistics.cacheByteLimit = limit
        return statistics
    }

    /// Runs `frames` frames after a 400-frame warm-up whose second half held 43 images under
    /// a limit of 300 KiB; returns the growth lines.
    private func growth(after frames: [(images: Int, limit: Int)]) -> [String] {
        var check = GrowthCheck(quantities: WatchedQuantity.all(rssToleranceMiB: 2), warmUpFrames: 400)
        for number in 1...400 { check.observe(frame(images: number > 200 ? 43 : 61, limit: 300 << 10), frame: number) }
        for (offset, figures) in frames.enumerated() {
            check.observe(frame(images: figures.images, limit: figures.limit), frame: 401 + offset)
        }
        return check.growth
    }

    func testTheBaselineIsTheSecondHalfOfWarmUp() {
        // 43 entries and 43 KiB: 25 % or 4 more entries, 5 % or 256 KiB more bytes.
        XCTAssertEqual(growth(after: [(54, 300 << 10)]), [])
        XCTAssertEqual(growth(after: [(55, 300 << 10)]),
                       ["images.entries grew to 55 at frame 401, above its warm-up maximum 43 (allowed 54)"])
    }

    func testALeakUnderAStillLimitIsFoundAtItsWorstFrame() {
        let leaking = (0..<100).map { (images: 43 + $0, limit: 300 << 10) }
        XCTAssertEqual(growth(after: leaking),
                       ["images.entries grew to 142 at frame 500, above its warm-up maximum 43 (allowed 54)"])
    }

    func testACacheMayGrowWithItsLimit() {
        // The ceiling gives the caches 400 KiB where warm-up saw 300: a third more room, so
        // 54 * 4 / 3 = 72 entries are allowed (the soak's failure in CI: 57 entries at 0.4 MiB
        // after 43 at 0.3 MiB).
        XCTAssertEqual(growth(after: [(57, 400 << 10), (72, 400 << 10)]), [])
        XCTAssertEqual(growth(after: [(73, 400 << 10)]),
                       ["images.entries grew to 73 at frame 401, above its warm-up maximum 43 (allowed 72)"])
    }

    func testALimitThatRoseOnlyBrieflyInWarmUpDoesNotSetTheScale() {
        // The tight-budget run of 2026-11-30: in warm-up the limit rose to 400 KiB for a frame
        // now and then but mostly stayed at 200, and the images cache held at most 19; after
        // warm-up it stayed near 350 KiB and the cache filled to 35. Scaled from the smallest
        // baseline limit, 24 * 350 / 200 = 42 entries are allowed; a leak still passes that.
        var check = GrowthCheck(quantities: WatchedQuantity.all(rssToleranceMiB: 2), warmUpFrames: 400)
        for number in 1...400 {
            check.observe(frame(images: 19, limit: (number % 50 == 0 ? 400 : 200) << 10), frame: number)
        }
        for number in 401...470 { check.observe(frame(images: 35, limit: 350 << 10), frame: number) }
        XCTAssertEqual(check.growth, [])
        for number in 471...700 { check.observe(frame(images: number - 435, limit: 350 << 10), frame: number) }
        XCTAssertEqual(check.growth, ["images.entries grew to 265 at frame 700, above its warm-up maximum 19 (allowed 42)"])
    }

    func testALowerLimitKeepsTheBaselinesAllowance() {
        XCTAssertEqual(growth(after: [(55, 200 << 10)]),
                       ["images.entries grew to 55 at frame 401, above its warm-up maximum 43 (allowed 54)"])
    }

    func testResidentMemoryDoesNotFollowTheCacheLimit() {
        var check = GrowthCheck(quantities: WatchedQuantity.all(rssToleranceMiB: 2), warmUpFrames: 4)
        for number in 1...4 { check.observe(frame(images: 43, limit: 300 << 10), frame: number) }
        var grown = frame(images: 43, limit: 600 << 10)
        grown.residentMemoryBytes = 53 * megabyte
        check.observe(grown, frame: 5)
        XCTAssertEqual(check.growth, ["rss grew to 53.0 MiB at frame 5, above its warm-up maximum 50.0 MiB (allowed 52.5 MiB)"])
    }
}
