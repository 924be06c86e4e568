import Foundation
import QuartzCore
import QuartzCoreDisplay
import XCTest

/// CADisplayLink driven by page flips: the link's timestamp is the flip's, its duration the mode's.
final class FlipClockTests: XCTestCase {
    func testDisplayLinkTicksWithFlipTimestamps() {
        let clock = CAFlipClock(refreshPeriod: 1.0 / 75)
        final class Seen: @unchecked Sendable { var stamps: [(CFTimeInterval, CFTimeInterval, CFTimeInterval)] = [] }
        let seen = Seen()
        let link = CADisplayLink(source: clock) { link in seen.stamps.append((link.timestamp, link.targetTimestamp, link.duration)) }
        link.add(to: .current, forMode: .default)
        XCTAssertTrue(clock.hasObservers)
        clock.signalFlip(at: 10)
        clock.signalFlip(at: 10 + 1.0 / 75)
        XCTAssertEqual(seen.stamps.count, 2)
        XCTAssertEqual(seen.stamps[1].0, 10 + 1.0 / 75, accuracy: 1e-12)
        XCTAssertEqual(seen.stamps[1].1, 10 + 2.0 / 75, accuracy: 1e-12)
        XCTAssertEqual(seen.stamps[1].2, 1.0 / 75, accuracy: 1e-12)
        clock.setRefreshPeriod(1.0 / 60)
        clock.signalFlip(at: 11)
        XCTAssertEqual(seen.stamps[2].2, 1.0 / 60, accuracy: 1e-12)
        link.invalidate()
        XCTAssertFalse(clock.hasObservers)
        clock.signalFlip(at: 12)
        XCTAssertEqual(seen.stamps.count, 3)
    }
}
