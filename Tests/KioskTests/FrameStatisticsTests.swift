import QuartzCoreDisplay
import XCTest

final class FrameStatisticsTests: XCTestCase {
    /// Flips at 60 Hz with one vblank skipped (a 2-refresh gap) and one 3-refresh gap.
    func testHistogramAndMissedFrames() {
        let p = 1.0 / 60
        var statistics = CAFrameStatistics(refreshPeriod: p)
        let refreshes = [0, 1, 2, 4, 5, 8, 9]
        for r in refreshes { statistics.recordFlip(at: 100 + Double(r) * p) }
        XCTAssertEqual(statistics.flipCount, 7)
        XCTAssertEqual(statistics.histogram[0], 4)
        XCTAssertEqual(statistics.histogram[1], 1)
        XCTAssertEqual(statistics.histogram[2], 1)
        XCTAssertEqual(statistics.missedFrames, 1 + 2)
        let summary = statistics.intervalSummary!
        XCTAssertEqual(summary.count, 6)
        XCTAssertEqual(summary.median, p, accuracy: 1e-9)
        XCTAssertEqual(summary.worst, 3 * p, accuracy: 1e-9)
        XCTAssertEqual(summary.mean, 9 * p / 6, accuracy: 1e-9)
    }

    /// Gaps while nothing animated (the app idle) are not missed frames.
    func testIdleGapsAreNotCounted() {
        var statistics = CAFrameStatistics(refreshPeriod: 0.01)
        statistics.recordFlip(at: 1)
        statistics.recordFlip(at: 2, continuous: false)
        statistics.recordFlip(at: 2.01)
        XCTAssertEqual(statistics.missedFrames, 0)
        XCTAssertEqual(statistics.intervals.count, 1)
    }

    func testSummaryPercentilesAndReport() {
        let samples = (1...100).map { Double($0) / 1000 }
        let summary = CAFrameStatistics.Summary(samples)!
        XCTAssertEqual(summary.median, 0.0505, accuracy: 1e-12)
        XCTAssertEqual(summary.percentile99, 0.099, accuracy: 1e-12)
        XCTAssertEqual(summary.worst, 0.1, accuracy: 1e-12)
        XCTAssertNil(CAFrameStatistics.Summary([]))
        var statistics = CAFrameStatistics(refreshPeriod: 0.02)
        statistics.recordFlip(at: 0); statistics.recordFlip(at: 0.02)
        statistics.recordInputLatency(0.035)
        XCTAssertTrue(statistics.description.contains("flip interval: n=1 median 20.00 ms"), statistics.description)
        XCTAssertTrue(statistics.description.contains("input to flip: n=1 median 35.00 ms"), statistics.description)
    }

    func testCapacityDropsTheOldestSamples() {
        var statistics = CAFrameStatistics(refreshPeriod: 1, capacity: 8)
        for i in 0..<20 { statistics.recordRender(duration: Double(i)) }
        XCTAssertLessThanOrEqual(statistics.renderDurations.count, 8)
        XCTAssertEqual(statistics.renderDurations.last, 19)
    }

    func testRedrawnAreaAndUnchangedFrames() {
        var statistics = CAFrameStatistics(refreshPeriod: 1.0 / 60)
        statistics.recordRender(duration: 0.010, redrawnFraction: 1)
        statistics.recordRender(duration: 0.001, redrawnFraction: 0.02)
        statistics.recordRender(duration: 0.001, redrawnFraction: 0.04)
        statistics.recordRender(duration: 0.001, redrawnFraction: 2) // clamped to the whole screen
        for _ in 0..<5 { statistics.recordUnchangedFrame() }
        let summary = statistics.redrawnSummary!
        XCTAssertEqual(summary.count, 4)
        XCTAssertEqual(summary.median, 0.52, accuracy: 1e-12) // (0.04 + 1) / 2
        XCTAssertEqual(summary.mean, 2.06 / 4, accuracy: 1e-12)
        XCTAssertEqual(statistics.unchangedFrames, 5)
        XCTAssertTrue(statistics.description.contains("unchanged frames (not rendered): 5"), statistics.description)
        statistics.reset()
        XCTAssertNil(statistics.redrawnSummary)
        XCTAssertEqual(statistics.unchangedFrames, 0)
    }
}
