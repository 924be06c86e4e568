import Foundation
import QuartzCore
@testable import QuartzCoreDisplay
import XCTest

/// The small parts of the KMS output that carry logic of their own: the poll, the signal
/// mapping, the flip latency that holds early frames, and the touch slots cancelled when the
/// seat goes.
final class OutputLoopPartsTests: XCTestCase {
    func testPollRunsTheHandlersOfReadableDescriptorsOnly() {
        let a = makeNonBlockingPipe(), b = makeNonBlockingPipe()
        defer { [a.read, a.write, b.read, b.write].forEach { close($0) } }
        var byte: UInt8 = 7
        XCTAssertEqual(write(b.write, &byte, 1), 1)
        var ran: [String] = []
        let readable = PollLoop.wait(on: [
            .init(fd: a.read) { ran.append("a") },
            .init(fd: nil) { ran.append("none") },
            .init(fd: -1) { ran.append("negative") },
            .init(fd: b.read) { ran.append("b"); XCTAssertEqual(drainPipe(b.read), [7]) },
        ], timeout: 1000)
        XCTAssertTrue(readable)
        XCTAssertEqual(ran, ["b"])
    }

    func testPollTimesOutWhenNothingIsReadable() {
        let a = makeNonBlockingPipe()
        defer { close(a.read); close(a.write) }
        let start = CACurrentMediaTime()
        XCTAssertFalse(PollLoop.wait(on: [.init(fd: a.read) { XCTFail("not readable") }], timeout: 30))
        XCTAssertGreaterThanOrEqual(CACurrentMediaTime() - start, 0.025)
    }

    func testSignalsMapToStatisticsOrStop() {
        XCTAssertEqual(KMSSignalHandler.action(for: SIGUSR1), .printStatistics)
        XCTAssertEqual(KMSSignalHandler.action(for: SIGTERM), .stop(signal: SIGTERM))
        XCTAssertEqual(KMSSignalHandler.action(for: SIGINT), .stop(signal: SIGINT))
    }

    func testFlipLatencyAveragesAndHoldsFramesOnADisplayThatFlipsEarly() {
        var latency = KMSFlipLatency()
        let period = 1.0 / 60
        XCTAssertEqual(latency.average, 0)
        // No latency known: the next flip may go one period after the last.
        XCTAssertEqual(latency.earliestSubmission(lastFlip: 10, refreshPeriod: period), 10 + period, accuracy: 1e-12)
        latency.record(0.002, refreshPeriod: period)
        XCTAssertEqual(latency.average, 0.002, accuracy: 1e-12, "the first flip sets the average")
        latency.record(0.012, refreshPeriod: period)
        XCTAssertEqual(latency.average, 0.8 * 0.002 + 0.2 * 0.012, accuracy: 1e-12)
        latency.record(1.0, refreshPeriod: period) // a flip slower than a period counts as one
        XCTAssertEqual(latency.average, 0.8 * 0.004 + 0.2 * period, accuracy: 1e-12)
        let earliest = latency.earliestSubmission(lastFlip: 10, refreshPeriod: period)
        XCTAssertTrue(latency.holds(now: earliest - 0.001, lastFlip: 10, refreshPeriod: period))
        XCTAssertFalse(latency.holds(now: earliest - 0.0004, lastFlip: 10, refreshPeriod: period), "half a millisecond of tolerance")
        XCTAssertFalse(latency.holds(now: earliest, lastFlip: 10, refreshPeriod: period))
    }

    func testTouchesInProgressAreCancelledWhenTheSeatGoes() {
        var slots = TouchSlotTracker()
        slots.note(.touch(slot: 4, phase: .began, x: 0.1, y: 0.2, time: 1))
        slots.note(.touch(slot: 1, phase: .began, x: 0.5, y: 0.5, time: 1))
        slots.note(.touch(slot: 2, phase: .began, x: 0.7, y: 0.5, time: 1))
        slots.note(.touch(slot: 2, phase: .ended, x: nil, y: nil, time: 1.1))
        slots.note(.key(code: CAKeyCode.enter, isDown: true, time: 1.2))
        XCTAssertEqual(slots.cancelAll(at: 2), [.touch(slot: 1, phase: .cancelled, x: nil, y: nil, time: 2),
                                                .touch(slot: 4, phase: .cancelled, x: nil, y: nil, time: 2)])
        XCTAssertEqual(slots.cancelAll(at: 3), [], "nothing is cancelled twice")
    }
}
