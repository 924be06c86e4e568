import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// The book's chapter 9 timing cases and the guide's pause/resume recipe.
final class TimingMediaTests: XCTestCase {
    func testRepeatCountThreeAndAHalfTimesTwoSecondsIsSevenSeconds() {
        // 001:5631: "duration is 2 seconds, and repeatCount is set to 3.5 ... 7 seconds".
        let timing = MediaTimingParameters(duration: 2, repeatCount: 3.5)
        XCTAssertEqual(timing.activeDuration, 7)
        XCTAssertEqual(timing.phase(atParentTime: 6.99), .active)
        XCTAssertEqual(timing.phase(atParentTime: 7), .after)
        // 6.5 s is 0.5 s into the fourth iteration.
        XCTAssertEqual(timing.sample(atParentTime: 6.5)?.iteration, 3)
        XCTAssertEqual(timing.sample(atParentTime: 6.5)?.fraction ?? -1, 0.25, accuracy: 1e-12)
    }

    func testZeroRepeatCountIsOneIterationAndInfinityNeverEnds() {
        XCTAssertEqual(MediaTimingParameters(duration: 2).activeDuration, 2)
        let forever = MediaTimingParameters(duration: 2, repeatCount: .infinity)
        XCTAssertEqual(forever.phase(atParentTime: 1e9), .active)
        XCTAssertEqual(forever.sample(atParentTime: 1e9 + 1)?.fraction ?? -1, 0.5, accuracy: 1e-6)
        XCTAssertEqual(MediaTimingParameters(duration: 2, repeatDuration: 5).activeDuration, 5)
    }

    func testDefaultAnimationDurationIsAQuarterSecond() throws {
        // 001:5633: duration 0 means 0.25 s.
        let animation = CABasicAnimation(keyPath: "x")
        let compiled = try CompiledAnimation(animation, presentationValue: nil, modelValue: nil)
        XCTAssertEqual(compiled.timing.duration, 0.25)
    }

    func testAutoreversesEndsOnStartWithOneRepeatAndOnEndWithOneAndAHalf() {
        // 000:1333: repeat count 1.0 stops on the starting value, 1.5 on the end value.
        let once = MediaTimingParameters(duration: 1, repeatCount: 1, autoreverses: true, fillMode: .forwards)
        XCTAssertEqual(once.activeDuration, 2)
        XCTAssertEqual(once.sample(atParentTime: 0.5)?.fraction ?? -1, 0.5, accuracy: 1e-12)
        XCTAssertEqual(once.sample(atParentTime: 1.25)?.fraction ?? -1, 0.75, accuracy: 1e-12)
        XCTAssertEqual(once.sample(atParentTime: 5)?.fraction, 0)
        let oneAndAHalf = MediaTimingParameters(duration: 1, repeatCount: 1.5, autoreverses: true, fillMode: .forwards)
        XCTAssertEqual(oneAndAHalf.activeDuration, 3)
        XCTAssertEqual(oneAndAHalf.sample(atParentTime: 5)?.fraction, 1)
    }

    func testEndOfWholeRepeatsIsTheEndValue() {
        let twice = MediaTimingParameters(duration: 2, repeatCount: 2, fillMode: .forwards)
        XCTAssertEqual(twice.sample(atParentTime: 4)?.fraction, 1)
        XCTAssertEqual(twice.sample(atParentTime: 4)?.iteration, 1)
    }

    func testDelayedStartWithBackwardsFillShowsFromValueAndRemovedShowsModel() throws {
        // 000:1327-1331: a delayed animation with kCAFillModeBackwards shows its start value.
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0.0
        animation.toValue = 1.0
        animation.duration = 2
        animation.beginTime = 10
        animation.fillMode = .backwards
        let model: [String: AnimatableValue] = ["opacity": .scalar(0.5)]
        XCTAssertEqual(try evaluate(animation, model: model, at: 5).scalar("opacity"), 0)
        XCTAssertEqual(try evaluate(animation, model: model, at: 11).scalar("opacity"), 0.5)
        animation.fillMode = .removed
        XCTAssertEqual(try evaluate(animation, model: model, at: 5).scalar("opacity"), 0.5)
    }

    func testForwardsFillHoldsEndValueAndRemovedReturnsToModel() throws {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0.0
        animation.toValue = 1.0
        animation.duration = 2
        animation.fillMode = .forwards
        let model: [String: AnimatableValue] = ["opacity": .scalar(0.25)]
        XCTAssertEqual(try evaluate(animation, model: model, at: 100).scalar("opacity"), 1)
        animation.fillMode = .removed
        XCTAssertEqual(try evaluate(animation, model: model, at: 100).scalar("opacity"), 0.25)
        let compiled = try CompiledAnimation(animation, presentationValue: nil, modelValue: nil)
        XCTAssertFalse(compiled.isFinished(atParentTime: 1.99))
        XCTAssertTrue(compiled.shouldRemove(atParentTime: 2))
    }

    func testSpeedTwoWithTimeOffsetHalfStartsHalfwayAndWraps() {
        // The media-timing formula local = (parent - begin) * speed + timeOffset puts the book's case
        // (001:5773, speed 2 + timeOffset 0.5 on a 1 s animation) at the halfway point; the
        // animation still loops around to where it started (001:5775).
        let timing = MediaTimingParameters(duration: 1, speed: 2, timeOffset: 0.5)
        XCTAssertEqual(timing.localTime(fromParent: 0), 0.5)
        XCTAssertEqual(timing.sample(atParentTime: 0)?.fraction, 0.5)
        XCTAssertEqual(timing.sample(atParentTime: 0.125)?.fraction ?? -1, 0.75, accuracy: 1e-12)
        XCTAssertEqual(timing.sample(atParentTime: 0.3)?.fraction ?? -1, 0.1, accuracy: 1e-12)
        XCTAssertNil(timing.sample(atParentTime: 0.5))
    }

    func testPauseAndResumeRecipe() {
        // 000:1336-1362, Listing 5-4, on a layer's timing with an animation below it.
        var layer = MediaTimingParameters(duration: 0, repeatCount: .infinity)
        let animation = MediaTimingParameters(beginTime: 8, duration: 4)
        XCTAssertEqual(animation.sample(atParentTime: layer.localTime(fromParent: 10))?.fraction, 0.5)
        // pauseLayer at 10: pausedTime = convertTime(now); speed = 0; timeOffset = pausedTime.
        let pausedTime = layer.localTime(fromParent: 10)
        layer.speed = 0
        layer.timeOffset = pausedTime
        XCTAssertEqual(layer.localTime(fromParent: 15), 10)
        XCTAssertEqual(animation.sample(atParentTime: layer.localTime(fromParent: 15))?.fraction, 0.5)
        // resumeLayer at 20.
        let paused = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let timeSincePause = layer.localTime(fromParent: 20) - paused
        layer.beginTime = timeSincePause
        XCTAssertEqual(layer.localTime(fromParent: 20), 10)
        XCTAssertEqual(animation.sample(atParentTime: layer.localTime(fromParent: 21))?.fraction, 0.75)
    }

    func testLocalAndParentTimeAreInverse() throws {
        let timing = MediaTimingParameters(beginTime: 3, speed: 0.5, timeOffset: 2)
        XCTAssertEqual(timing.localTime(fromParent: 7), 4)
        XCTAssertEqual(try XCTUnwrap(timing.parentTime(fromLocal: 4)), 7)
        XCTAssertNil(MediaTimingParameters(speed: 0).parentTime(fromLocal: 1))
    }

    func testFillModeConstantsMatchApple() {
        XCTAssertEqual(CAMediaTimingFillMode.removed.rawValue, "removed")
        XCTAssertEqual(CAMediaTimingFillMode.both.rawValue, "both")
        XCTAssertEqual(CAAnimation().fillMode, .removed)
        XCTAssertEqual(CAAnimation().speed, 1)
    }
}
