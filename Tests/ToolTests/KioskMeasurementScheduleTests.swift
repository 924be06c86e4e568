@testable import qc_kiosk
import XCTest

/// `qc-kiosk --measure` draws one frame per 60 Hz refresh and counts the refreshes a slow frame
/// makes the display skip; it reports the median and the 99th percentile of the frame times.
final class KioskMeasurementScheduleTests: XCTestCase {
    private let period = 1.0 / 60

    func testAFrameWithinItsPeriodTakesTheNextRefresh() {
        var schedule = RefreshSchedule(start: 10, period: period)
        schedule.frameFinished(at: 10.005)
        XCTAssertEqual(schedule.nextRefresh, 10 + period, accuracy: 1e-12)
        XCTAssertEqual(schedule.missedRefreshes, 0)
    }

    func testASlowFrameSkipsTheRefreshesThatPassed() {
        var schedule = RefreshSchedule(start: 10, period: period)
        // Finished 40 ms after the refresh it was drawn for: the refreshes at 16.7 and 33.3 ms
        // passed, so the next frame is for 50 ms and two frames were dropped.
        schedule.frameFinished(at: 10.040)
        XCTAssertEqual(schedule.nextRefresh, 10 + 3 * period, accuracy: 1e-12)
        XCTAssertEqual(schedule.missedRefreshes, 2)
        schedule.frameFinished(at: 10 + 3 * period + 0.001)
        XCTAssertEqual(schedule.nextRefresh, 10 + 4 * period, accuracy: 1e-12)
        XCTAssertEqual(schedule.missedRefreshes, 2)
    }

    func testAPeriodThatIsNotPositiveAndFiniteIsSixtyHertz() {
        XCTAssertEqual(RefreshSchedule(start: 0, period: 0).period, period)
        XCTAssertEqual(RefreshSchedule(start: 0, period: .nan).period, period)
    }

    func testPercentilesByNearestRank() {
        let times = (1...100).map(Double.init)
        XCTAssertEqual(OffscreenMeasurement.Result.percentile(times, 0.99), 99)
        XCTAssertEqual(OffscreenMeasurement.Result.percentile(times, 0.5), 50)
        XCTAssertEqual(OffscreenMeasurement.Result.median([3, 1, 2]), 2)
        XCTAssertEqual(OffscreenMeasurement.Result.percentile([], 0.99), 0)
    }
}
