import Foundation
import QuartzCore
import XCTest

/// What `CACurrentMediaTime()` measures and how it moves, as Apple's QuartzCore measurably
/// answers (GNUstep libs-quartzcore `Tests/quartzcore/CABase/mediatime.m`, which its CI runs
/// against Apple's): a positive, finite time that never goes backwards, counts time spent
/// asleep in seconds, and resolves steps shorter than a millisecond.
final class MediaTimeAppleTests: XCTestCase {
    func testMediaTimeIsAPositiveRealNumber() {
        let media = CACurrentMediaTime()
        XCTAssertGreaterThan(media, 0)
        XCTAssertTrue(media.isFinite)
    }

    func testMediaTimeNeverGoesBackwards() {
        var before = CACurrentMediaTime(), backwards = 0
        for _ in 0..<200_000 {
            let after = CACurrentMediaTime()
            if after < before { backwards += 1 }
            before = after
        }
        XCTAssertEqual(backwards, 0)
    }

    func testMediaTimeCountsATenthOfASecondAsleepInSeconds() {
        let before = CACurrentMediaTime()
        Thread.sleep(forTimeInterval: 0.1)
        let elapsed = CACurrentMediaTime() - before
        XCTAssertGreaterThanOrEqual(elapsed, 0.09)
        XCTAssertLessThan(elapsed, 10, "seconds, not a finer unit")
    }

    func testMediaTimeResolvesAStepShorterThanAMillisecond() {
        // The smallest step over many trials: one trial can be interrupted by the scheduler.
        var smallest = 1.0
        for _ in 0..<200 {
            let t0 = CACurrentMediaTime()
            var t1 = t0
            while t1 == t0 { t1 = CACurrentMediaTime() }
            smallest = min(smallest, t1 - t0)
        }
        XCTAssertLessThan(smallest, 0.001)
    }
}
