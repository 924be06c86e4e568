import QuartzCore
import QuartzCoreDisplay
import XCTest

/// The pacing state machine driven by a simulated display (vblanks every `period`) and a
/// simulated renderer (each frame takes a given time): no KMS, a fake clock.
final class FramePacerTests: XCTestCase {
    let period = 1.0 / 60

    /// Runs `seconds` of simulated time; returns the flip times and the most frames in flight
    /// (submitted, waiting, or being rendered).
    private func simulate(policy: CAFramePacingPolicy, seconds: Double, renderTime: (Int) -> Double) -> (flips: [Double], maxInFlight: Int) {
        var pacer = CAFramePacer<Int>(policy: policy, refreshPeriod: period)
        var now = 0.0
        var renderingUntil: Double?
        var frameNumber = 0
        var flipDue: Double?
        var flips: [Double] = []
        var maxInFlight = 0
        func nextVBlank(after t: Double) -> Double { ((t / period).rounded(.down) + 1) * period }
        while now < seconds {
            if renderingUntil == nil, pacer.canRender {
                renderingUntil = now + renderTime(frameNumber)
                maxInFlight = max(maxInFlight, pacer.framesInFlight + 1)
            }
            // Advance to the next event: a render finishing or a flip completing.
            let next = min(renderingUntil ?? .infinity, flipDue ?? .infinity)
            guard next.isFinite else { break }
            now = next
            if let due = flipDue, due <= now {
                flipDue = nil
                flips.append(due)
                if pacer.flipped(at: due).submit != nil { flipDue = nextVBlank(after: due) }
            }
            if let end = renderingUntil, end <= now {
                renderingUntil = nil
                let duration = renderTime(frameNumber)
                frameNumber += 1
                if case .submit = pacer.rendered(frameNumber, renderDuration: duration) { flipDue = nextVBlank(after: now) }
            }
        }
        return (flips, maxInFlight)
    }

    func testFastFramesFlipAtEveryVBlankWithOneFrameInFlight() {
        let run = simulate(policy: .doubleBuffered, seconds: 1, renderTime: { _ in 0.005 })
        XCTAssertEqual(run.flips.count, 60, accuracy: 1)
        XCTAssertEqual(run.maxInFlight, 1)
    }

    /// 18 ms frames on a 16.7 ms display: double buffering halves the rate (the cliff);
    /// triple buffering keeps 1 / 18 ms ≈ 55 frames per second, with two frames in flight at most.
    func testSlowFramesFallTo30WithDoubleButNotWithTripleBuffering() {
        let double = simulate(policy: .doubleBuffered, seconds: 2, renderTime: { _ in 0.018 })
        XCTAssertEqual(Double(double.flips.count) / 2, 30, accuracy: 1)
        XCTAssertEqual(double.maxInFlight, 1)
        let triple = simulate(policy: .tripleBuffered, seconds: 2, renderTime: { _ in 0.018 })
        XCTAssertEqual(Double(triple.flips.count) / 2, 1 / 0.018, accuracy: 2)
        XCTAssertEqual(triple.maxInFlight, 2)
    }

    /// One slow frame in ten: adaptive pacing switches to triple buffering at the first slow
    /// frame and stays within a frame of the display rate instead of dropping towards 30.
    func testAdaptivePacingAvoidsTheCliffForOccasionalSlowFrames() {
        let renderTime: (Int) -> Double = { $0 % 10 == 9 ? 0.020 : 0.012 }
        let double = simulate(policy: .doubleBuffered, seconds: 3, renderTime: renderTime)
        let adaptive = simulate(policy: .adaptive, seconds: 3, renderTime: renderTime)
        XCTAssertLessThan(Double(double.flips.count) / 3, 56)
        XCTAssertGreaterThan(Double(adaptive.flips.count) / 3, 58)
    }

    func testAdaptiveReturnsToDoubleBufferingAfterFastFrames() {
        var pacer = CAFramePacer<Int>(policy: .adaptive, refreshPeriod: period)
        pacer.recoveryFrames = 3
        XCTAssertEqual(pacer.maximumFramesInFlight, 1)
        _ = pacer.rendered(1, renderDuration: 0.015) // 0.9 of a refresh: slow
        XCTAssertEqual(pacer.maximumFramesInFlight, 2)
        for frame in 2...4 {
            _ = pacer.flipped(at: Double(frame) * period)
            _ = pacer.rendered(frame, renderDuration: 0.004)
        }
        XCTAssertEqual(pacer.maximumFramesInFlight, 1)
    }

    func testSubmissionQueueingAndRelease() {
        var pacer = CAFramePacer<String>(policy: .tripleBuffered, refreshPeriod: period)
        guard case .submit("a") = pacer.rendered("a", renderDuration: 0) else { return XCTFail("first frame goes out at once") }
        guard case .queued = pacer.rendered("b", renderDuration: 0) else { return XCTFail("second waits behind the flip") }
        XCTAssertFalse(pacer.canRender)
        let first = pacer.flipped(at: 1.0)
        XCTAssertEqual(first.onScreen, "a")
        XCTAssertEqual(first.submit, "b")
        XCTAssertEqual(pacer.framesInFlight, 1)
        let second = pacer.flipped(at: 1.0 + period)
        XCTAssertEqual(second.onScreen, "b")
        XCTAssertNil(second.submit)
        XCTAssertEqual(pacer.reset(), [])
    }

    /// Presentation times are vblanks: one refresh after the last flip when idle, two when a
    /// flip is pending, and never in the past after a stall.
    func testPresentationTimes() {
        var pacer = CAFramePacer<Int>(policy: .tripleBuffered, refreshPeriod: 0.01)
        XCTAssertEqual(pacer.presentationTime(now: 5), 5.01, accuracy: 1e-12)
        _ = pacer.rendered(1, renderDuration: 0)
        _ = pacer.flipped(at: 10)
        XCTAssertEqual(pacer.presentationTime(now: 10.002), 10.01, accuracy: 1e-9)
        _ = pacer.rendered(2, renderDuration: 0)
        XCTAssertEqual(pacer.presentationTime(now: 10.003), 10.02, accuracy: 1e-9)
        _ = pacer.flipped(at: 10.01)
        XCTAssertEqual(pacer.presentationTime(now: 10.055), 10.06, accuracy: 1e-9)
    }
}
