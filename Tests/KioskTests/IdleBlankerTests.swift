@testable import QuartzCoreDisplay
import XCTest

/// Blanking after an idle time, and waking on input, on a made-up clock.
final class IdleBlankerTests: XCTestCase {
    func testBlanksOnceTheDelayHasPassedWithoutInput() {
        var blanker = IdleBlanker(delay: 60, now: 100)
        XCTAssertEqual(blanker.timeUntilBlank(now: 100), 60)
        XCTAssertNil(blanker.tick(now: 159.9))
        XCTAssertEqual(blanker.timeUntilBlank(now: 159.5)!, 0.5, accuracy: 1e-9)
        XCTAssertEqual(blanker.tick(now: 160), .blank)
        XCTAssertTrue(blanker.isBlanked)
        XCTAssertNil(blanker.tick(now: 500), "blanked once, not at every tick")
        XCTAssertNil(blanker.timeUntilBlank(now: 500))
    }

    func testInputRestartsTheIdleTime() {
        var blanker = IdleBlanker(delay: 10, now: 0)
        XCTAssertNil(blanker.activity(at: 8), "input on a lit display only restarts the timer")
        XCTAssertNil(blanker.tick(now: 17.9))
        XCTAssertEqual(blanker.tick(now: 18), .blank)
    }

    func testInputWakesABlankedDisplayAndTheTimerStartsAgain() {
        var blanker = IdleBlanker(delay: 5, now: 0)
        XCTAssertEqual(blanker.tick(now: 5), .blank)
        XCTAssertEqual(blanker.activity(at: 30), .wake)
        XCTAssertFalse(blanker.isBlanked)
        XCTAssertNil(blanker.activity(at: 31), "a second event does not wake twice")
        XCTAssertNil(blanker.tick(now: 35.9))
        XCTAssertEqual(blanker.tick(now: 36), .blank)
    }

    func testAnEventStampedEarlierDoesNotMoveTheIdleTimeBack() {
        var blanker = IdleBlanker(delay: 10, now: 0)
        _ = blanker.activity(at: 9)
        _ = blanker.activity(at: 4)
        XCTAssertEqual(blanker.lastActivity, 9)
        XCTAssertNil(blanker.tick(now: 18.5))
    }

    func testNoDelayAndInvalidDelaysNeverBlank() {
        for delay in [nil, 0, -3, .infinity, .nan] as [Double?] {
            var blanker = IdleBlanker(delay: delay, now: 0)
            XCTAssertNil(blanker.delay, "\(String(describing: delay))")
            XCTAssertNil(blanker.tick(now: 1e9))
            XCTAssertNil(blanker.timeUntilBlank(now: 0))
        }
    }
}
