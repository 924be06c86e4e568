import CInput
import XCTest
@testable import QuartzCoreDisplay

/// libinput's messages reach the display's log at the level of their priority, except its note
/// that it read events late, which is a warning.
final class LibinputLogTests: XCTestCase {
    func testPrioritiesMapToLevels() {
        XCTAssertEqual(LibinputLog.level(of: LIBINPUT_LOG_PRIORITY_DEBUG, message: "x"), .debug)
        XCTAssertEqual(LibinputLog.level(of: LIBINPUT_LOG_PRIORITY_INFO, message: "x"), .info)
        XCTAssertEqual(LibinputLog.level(of: LIBINPUT_LOG_PRIORITY_ERROR, message: "opening input device '/dev/input/event9' failed (Permission denied)."), .error)
    }

    func testTheLateEventsNoteIsAWarning() {
        let note = "event1  - AT Translated Set 2 keyboard: event processing lagging behind by 32ms, your system is too slow"
        XCTAssertEqual(LibinputLog.level(of: LIBINPUT_LOG_PRIORITY_ERROR, message: note), .warning)
        XCTAssertFalse(LibinputLog.isTimingNote("client bug: event processing failed"))
    }

    /// The notice that follows the fifth late-events note within an hour (seen in the hour soak).
    func testTheRateLimitNoticeIsAWarning() {
        let notice = "event4  - kiosk-vm touchscreen: WARNING: log rate limit exceeded (5 msgs per 60min). Discarding future messages."
        XCTAssertEqual(LibinputLog.level(of: LIBINPUT_LOG_PRIORITY_ERROR, message: notice), .warning)
        XCTAssertFalse(LibinputLog.isRateLimitNotice("event4 - touchscreen: kernel bug: touch slot out of range"))
    }
}
