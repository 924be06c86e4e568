import Foundation
import QuartzCore
import QuartzCoreDisplay
import XCTest

/// Taps and swipes from synthetic touch sequences, against the recogniser's thresholds
/// (slop 10 points, tap at most 0.5 s, swipe at least 50 points at 200 points/s).
final class TouchGestureRecognizerTests: XCTestCase {
    private func touch(_ id: Int, _ phase: CAInputEvent.TouchPhase, _ x: CGFloat, _ y: CGFloat, at t: CFTimeInterval) -> CAInputEvent {
        CAInputEvent(kind: .touch(id: id, phase: phase), location: CGPoint(x: x, y: y), timestamp: t)
    }

    private func feed(_ events: [CAInputEvent], into recognizer: inout CATouchGestureRecognizer) -> [CATouchGesture] {
        events.compactMap { recognizer.handle($0) }
    }

    func testATouchThatStaysWithinTheSlopAndLiftsInTimeTaps() {
        var r = CATouchGestureRecognizer()
        let gestures = feed([touch(0, .began, 100, 200, at: 1), touch(0, .moved, 106, 208, at: 1.1),
                             touch(0, .ended, 106, 208, at: 1.2)], into: &r)
        XCTAssertEqual(gestures.count, 1)
        XCTAssertEqual(gestures.first?.kind, .tap)
        XCTAssertEqual(gestures.first?.startLocation, CGPoint(x: 100, y: 200), "a tap's target is where the finger went down")
        XCTAssertEqual(gestures.first?.endLocation, CGPoint(x: 106, y: 208))
        XCTAssertEqual(r.activeTouchIDs, [])
    }

    func testStrayingBeyondTheSlopOrHoldingTooLongIsNoTap() {
        var r = CATouchGestureRecognizer()
        // Out by 11 points and back: strayed, and too short and slow for a swipe.
        XCTAssertEqual(feed([touch(0, .began, 0, 0, at: 0), touch(0, .moved, 11, 0, at: 0.1), touch(0, .ended, 1, 0, at: 0.2)], into: &r), [])
        XCTAssertEqual(feed([touch(0, .began, 0, 0, at: 0), touch(0, .ended, 0, 0, at: 0.51)], into: &r), [], "a long press")
        XCTAssertEqual(feed([touch(0, .began, 0, 0, at: 0), touch(0, .ended, 0, 0, at: 0.5)], into: &r).map(\.kind), [.tap])
    }

    func testAFastLongMoveSwipesInItsMainDirection() {
        var r = CATouchGestureRecognizer()
        let left = feed([touch(0, .began, 400, 300, at: 0), touch(0, .moved, 300, 310, at: 0.1),
                         touch(0, .ended, 200, 320, at: 0.2)], into: &r)
        XCTAssertEqual(left.map(\.kind), [.swipe(.left)])
        XCTAssertEqual(left[0].velocity.x, -1000, accuracy: 1e-6)
        XCTAssertEqual(left[0].velocity.y, 100, accuracy: 1e-6)
        XCTAssertEqual(feed([touch(1, .began, 10, 10, at: 0), touch(1, .ended, 20, 90, at: 0.3)], into: &r).map(\.kind), [.swipe(.down)])
        XCTAssertEqual(feed([touch(1, .began, 10, 90, at: 0), touch(1, .ended, 15, 10, at: 0.3)], into: &r).map(\.kind), [.swipe(.up)])
        XCTAssertEqual(feed([touch(1, .began, 10, 10, at: 0), touch(1, .ended, 70, 10, at: 0.25)], into: &r).map(\.kind), [.swipe(.right)])
    }

    func testASlowOrShortMoveDoesNotSwipe() {
        var r = CATouchGestureRecognizer()
        // 100 points in 1 s: 100 points/s, below 200.
        XCTAssertEqual(feed([touch(0, .began, 0, 0, at: 0), touch(0, .ended, 100, 0, at: 1)], into: &r), [])
        // 40 points in 0.05 s: fast but short.
        XCTAssertEqual(feed([touch(0, .began, 0, 0, at: 0), touch(0, .ended, 40, 0, at: 0.05)], into: &r), [])
        // Exactly 50 points at exactly 200 points/s swipes.
        XCTAssertEqual(feed([touch(0, .began, 0, 0, at: 0), touch(0, .ended, 50, 0, at: 0.25)], into: &r).map(\.kind), [.swipe(.right)])
    }

    func testTwoFingersAreTrackedIndependently() {
        var r = CATouchGestureRecognizer()
        let gestures = feed([
            touch(0, .began, 100, 100, at: 0),
            touch(1, .began, 500, 100, at: 0.02),
            touch(1, .moved, 450, 100, at: 0.06),
            touch(0, .moved, 102, 101, at: 0.08),
            touch(1, .moved, 380, 100, at: 0.1),
            touch(0, .ended, 102, 101, at: 0.15),
            touch(1, .ended, 300, 100, at: 0.2),
        ], into: &r)
        XCTAssertEqual(gestures.map(\.kind), [.tap, .swipe(.left)])
        XCTAssertEqual(gestures.map(\.touchID), [0, 1])
        XCTAssertEqual(gestures[1].startLocation, CGPoint(x: 500, y: 100))
    }

    func testACancelledTouchMakesNoGesture() {
        var r = CATouchGestureRecognizer()
        let gestures = feed([touch(0, .began, 10, 10, at: 0), touch(1, .began, 200, 10, at: 0),
                             touch(0, .cancelled, 10, 10, at: 0.1), touch(0, .ended, 10, 10, at: 0.12),
                             touch(1, .ended, 200, 10, at: 0.15)], into: &r)
        XCTAssertEqual(gestures.map(\.touchID), [1], "only the finger that was not cancelled taps")
    }

    func testCancelAllForgetsEveryFingerDown() {
        var r = CATouchGestureRecognizer()
        _ = feed([touch(3, .began, 10, 10, at: 0), touch(4, .began, 50, 10, at: 0)], into: &r)
        XCTAssertEqual(r.activeTouchIDs, [3, 4])
        r.cancelAll()
        XCTAssertEqual(r.activeTouchIDs, [])
        XCTAssertEqual(feed([touch(3, .ended, 10, 10, at: 0.1)], into: &r), [], "an up with no down is ignored")
    }

    func testTheThresholdsCanBeTuned() {
        var r = CATouchGestureRecognizer()
        r.tapSlop = 30
        XCTAssertEqual(feed([touch(0, .began, 0, 0, at: 0), touch(0, .ended, 25, 0, at: 0.1)], into: &r).map(\.kind), [.tap])
        r.minimumSwipeDistance = 20
        r.tapSlop = 10
        XCTAssertEqual(feed([touch(0, .began, 0, 0, at: 0), touch(0, .ended, 25, 0, at: 0.1)], into: &r).map(\.kind), [.swipe(.right)])
    }

    func testKeysScrollsAndOtherButtonsAreIgnored() {
        var r = CATouchGestureRecognizer()
        XCTAssertNil(r.handle(CAInputEvent(kind: .key(code: CAKeyCode.enter, isDown: true), location: .zero, timestamp: 0)))
        XCTAssertNil(r.handle(CAInputEvent(kind: .scroll(dx: 0, dy: 3), location: .zero, timestamp: 0)))
        let right: UInt32 = 0x111  // BTN_RIGHT
        XCTAssertEqual(feed([button(right, true, 10, 10, at: 0), button(right, false, 10, 10, at: 0.1)], into: &r), [])
        XCTAssertEqual(r.activeTouchIDs, [])
    }

    private func button(_ code: UInt32, _ isDown: Bool, _ x: CGFloat, _ y: CGFloat, at t: CFTimeInterval) -> CAInputEvent {
        CAInputEvent(kind: .pointerButton(button: code, isDown: isDown), location: CGPoint(x: x, y: y), timestamp: t)
    }

    private func move(_ x: CGFloat, _ y: CGFloat, at t: CFTimeInterval) -> CAInputEvent {
        CAInputEvent(kind: .pointerMoved, location: CGPoint(x: x, y: y), timestamp: t)
    }

    func testALeftClickTapsAsThePointerTouch() {
        var r = CATouchGestureRecognizer()
        let left = CAKeyCode.leftButton
        let gestures = feed([move(40, 40, at: 0), button(left, true, 50, 60, at: 1), button(left, false, 53, 64, at: 1.1)], into: &r)
        XCTAssertEqual(gestures.map(\.kind), [.tap])
        XCTAssertEqual(gestures.first?.touchID, CATouchGesture.pointerTouchID)
        XCTAssertEqual(gestures.first?.startLocation, CGPoint(x: 50, y: 60))
        XCTAssertEqual(gestures.first?.endLocation, CGPoint(x: 53, y: 64))
    }

    func testADragWithTheLeftButtonSwipesAndReportsItsDistance() {
        var r = CATouchGestureRecognizer()
        let left = CAKeyCode.leftButton
        let gestures = feed([button(left, true, 500, 300, at: 0), move(400, 302, at: 0.05), move(300, 305, at: 0.1),
                             button(left, false, 280, 305, at: 0.12)], into: &r)
        XCTAssertEqual(gestures.map(\.kind), [.swipe(.left)])
        XCTAssertEqual((gestures.first?.endLocation.x ?? 0) - (gestures.first?.startLocation.x ?? 0), -220)
        // Moving with the button up, and then a short click after wandering, are no swipe: a tap.
        XCTAssertEqual(feed([move(0, 0, at: 1), move(300, 0, at: 1.1), button(left, true, 300, 0, at: 1.2),
                             button(left, false, 302, 0, at: 1.3)], into: &r).map(\.kind), [.tap])
    }

    func testThePointerAndAFingerAreFollowedApart() {
        var r = CATouchGestureRecognizer()
        let left = CAKeyCode.leftButton
        let gestures = feed([button(left, true, 0, 0, at: 0), touch(0, .began, 500, 500, at: 0.01),
                             move(200, 0, at: 0.1), touch(0, .ended, 500, 500, at: 0.15),
                             button(left, false, 200, 0, at: 0.2)], into: &r)
        XCTAssertEqual(gestures.map(\.kind), [.tap, .swipe(.right)])
        XCTAssertEqual(gestures.map(\.touchID), [0, CATouchGesture.pointerTouchID])
    }
}
