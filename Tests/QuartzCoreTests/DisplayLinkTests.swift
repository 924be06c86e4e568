import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

final class DisplayLinkTests: XCTestCase {
    /// The calls a link's handler saw.
    private final class Calls {
        var timestamps: [CFTimeInterval] = []
        var targets: [CFTimeInterval] = []
        var durations: [CFTimeInterval] = []
        var onMainThread = true
        func record(_ link: CADisplayLink) {
            timestamps.append(link.timestamp)
            targets.append(link.targetTimestamp)
            durations.append(link.duration)
            onMainThread = onMainThread && Thread.isMainThread
        }
    }

    private func makeLink(_ clock: CADisplayLinkSource, _ calls: Calls) -> CADisplayLink {
        let link = CADisplayLink(source: clock) { calls.record($0) }
        link.add(to: .main, forMode: .common)
        return link
    }

    func testManualTicksGiveConsistentTimes() {
        let clock = CAManualFrameClock(framesPerSecond: 60)
        let calls = Calls()
        let link = makeLink(clock, calls)
        for i in 0..<3 { clock.tick(at: 100 + Double(i) / 60) }
        XCTAssertEqual(calls.timestamps.count, 3)
        for (i, t) in calls.timestamps.enumerated() { XCTAssertEqual(t, 100 + Double(i) / 60, accuracy: 1e-12) }
        for d in calls.durations { XCTAssertEqual(d, 1.0 / 60, accuracy: 1e-12) }
        for (t, target) in zip(calls.timestamps, calls.targets) { XCTAssertEqual(target, t + 1.0 / 60, accuracy: 1e-12) }
        XCTAssertEqual(link.timestamp, 100 + 2.0 / 60, accuracy: 1e-12)
        link.invalidate()
    }

    func testPreferredRateOfHalfTheDisplayFiresEveryOtherTick() {
        let clock = CAManualFrameClock(framesPerSecond: 60)
        let calls = Calls()
        let link = makeLink(clock, calls)
        link.preferredFramesPerSecond = 30
        for i in 0..<6 { clock.tick(at: Double(i + 1) / 60) }
        XCTAssertEqual(calls.timestamps.count, 3)
        for (i, t) in calls.timestamps.enumerated() { XCTAssertEqual(t, Double(2 * i + 1) / 60, accuracy: 1e-12) }
        link.preferredFramesPerSecond = 20
        calls.timestamps.removeAll()
        for i in 6..<12 { clock.tick(at: Double(i + 1) / 60) }
        XCTAssertEqual(calls.timestamps.count, 2, "20 fps on 60 Hz fires every third tick")
        link.invalidate()
    }

    @available(*, deprecated)
    func testFrameIntervalOfTwoFiresEveryOtherRefresh() {
        let clock = CAManualFrameClock(framesPerSecond: 60)
        let calls = Calls()
        let link = makeLink(clock, calls)
        XCTAssertEqual(link.frameInterval, 1, "Apple's default")
        link.frameInterval = 2
        for i in 0..<6 { clock.tick(at: Double(i + 1) / 60) }
        XCTAssertEqual(calls.timestamps.count, 3, "30 fps on a 60 Hz display")
        link.frameInterval = 0
        XCTAssertEqual(link.frameInterval, 2, "an interval below 1 is refused")
        link.preferredFramesPerSecond = 60
        calls.timestamps.removeAll()
        for i in 6..<12 { clock.tick(at: Double(i + 1) / 60) }
        XCTAssertEqual(calls.timestamps.count, 6, "a preferred rate set later takes precedence")
        link.invalidate()
    }

    func testPausedLinkDoesNotFireAndResumes() {
        let clock = CAManualFrameClock()
        let calls = Calls()
        let link = makeLink(clock, calls)
        clock.tick(at: 1)
        link.isPaused = true
        clock.tick(at: 2)
        clock.tick(at: 3)
        XCTAssertEqual(calls.timestamps, [1])
        XCTAssertEqual(link.timestamp, 1)
        link.isPaused = false
        clock.tick(at: 4)
        XCTAssertEqual(calls.timestamps, [1, 4])
        link.invalidate()
    }

    func testInvalidateStopsAndReleasesTheLinkAndHandler() {
        let clock = CAManualFrameClock()
        final class Captured {}
        weak var weakLink: CADisplayLink?
        weak var weakCaptured: Captured?
        var count = 0
        do {
            let captured = Captured()
            weakCaptured = captured
            let link = CADisplayLink(source: clock) { _ in _ = captured; count += 1 }
            link.add(to: .main, forMode: .default)
            weakLink = link
        }
        XCTAssertNotNil(weakLink, "the run loop keeps an added link alive")
        clock.tick(at: 1)
        XCTAssertEqual(count, 1)
        weakLink?.invalidate()
        XCTAssertNil(weakLink, "invalidate releases the link")
        XCTAssertNil(weakCaptured, "and its handler")
        clock.tick(at: 2)
        XCTAssertEqual(count, 1)
    }

    /// A target whose method the link calls, Apple's target/selector form.
    private final class Stepper {
        var steps: [CFTimeInterval] = []
        func step(_ link: CADisplayLink) { steps.append(link.timestamp) }
    }

    func testTargetSelectorFormCallsTheMethodAndHoldsTheTargetUntilInvalidated() {
        let clock = CAManualFrameClock(framesPerSecond: 60)
        weak var weakTarget: Stepper?
        var link: CADisplayLink?
        do {
            let stepper = Stepper()
            weakTarget = stepper
            link = CADisplayLink(target: stepper, selector: Stepper.step, source: clock)
            link?.add(to: .main, forMode: .common)
        }
        clock.tick(at: 5)
        clock.tick(at: 5 + 1.0 / 60)
        XCTAssertEqual(weakTarget?.steps.count, 2, "the link keeps its target alive and calls it each frame")
        XCTAssertEqual(weakTarget?.steps.last ?? 0, 5 + 1.0 / 60, accuracy: 1e-12)
        link?.invalidate()
        link = nil
        XCTAssertNil(weakTarget, "invalidate releases the target")
    }

    func testRemovedOrNeverAddedLinkDoesNotFire() {
        let clock = CAManualFrameClock()
        let calls = Calls()
        let idle = CADisplayLink(source: clock) { calls.record($0) }
        clock.tick(at: 1)
        XCTAssertEqual(calls.timestamps, [])
        idle.add(to: .main, forMode: .default)
        idle.add(to: .main, forMode: .common)
        clock.tick(at: 2)
        XCTAssertEqual(calls.timestamps, [2], "added in two modes, fired once")
        idle.remove(from: .main, forMode: .default)
        clock.tick(at: 3)
        XCTAssertEqual(calls.timestamps, [2, 3], "still on the run loop for the common modes")
        idle.remove(from: .main, forMode: .common)
        clock.tick(at: 4)
        XCTAssertEqual(calls.timestamps, [2, 3])
        idle.invalidate()
        idle.add(to: .main, forMode: .default)
        clock.tick(at: 5)
        XCTAssertEqual(calls.timestamps, [2, 3], "an invalidated link cannot be added again")
    }

    func testOffscreenClockDeliversOnTheRunLoopItWasAddedTo() {
        let clock = CAOffscreenFrameClock(framesPerSecond: 100)
        XCTAssertEqual(clock.refreshPeriod, 0.01, accuracy: 1e-12)
        let calls = Calls()
        let link = makeLink(clock, calls)
        spinMainRunLoop(timeout: 0.4)
        link.invalidate()
        XCTAssertGreaterThanOrEqual(calls.timestamps.count, 10, "about 40 refreshes in 0.4 s; allow a loaded machine")
        XCTAssertTrue(calls.onMainThread)
        for (earlier, later) in zip(calls.timestamps, calls.timestamps.dropFirst()) {
            let frames = (later - earlier) / 0.01
            XCTAssertGreaterThanOrEqual(frames, 0.999)
            XCTAssertEqual(frames, frames.rounded(), accuracy: 1e-6, "refreshes fall on multiples of the period")
        }
        for (t, target) in zip(calls.timestamps, calls.targets) { XCTAssertEqual(target - t, 0.01, accuracy: 1e-9) }
        let count = calls.timestamps.count
        spinMainRunLoop(timeout: 0.05)
        XCTAssertEqual(calls.timestamps.count, count, "no calls after invalidate")
    }

    func testOffscreenClockDeliversToABackgroundRunLoop() {
        let clock = CAOffscreenFrameClock(framesPerSecond: 100)
        let fired = DispatchSemaphore(value: 0)
        let thread = Thread {
            var count = 0
            let link = CADisplayLink(source: clock) { link in
                count += 1
                if count == 5 { link.invalidate(); fired.signal() }
            }
            link.add(to: .current, forMode: .default)
            let deadline = Date(timeIntervalSinceNow: 2)
            while count < 5, Date() < deadline { RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.05)) }
        }
        thread.start()
        XCTAssertEqual(fired.wait(timeout: .now() + 3), .success)
    }

    func testInvalidRatesFallBackTo60() {
        XCTAssertEqual(CAManualFrameClock(framesPerSecond: 0).refreshPeriod, 1.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(CAOffscreenFrameClock(framesPerSecond: .nan).refreshPeriod, 1.0 / 60, accuracy: 1e-12)
    }
}
