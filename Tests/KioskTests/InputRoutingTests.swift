import QuartzCore
import QuartzCoreDisplay
import XCTest

/// Input in the rotated space: a touch on the panel reaches the layer drawn under it.
final class InputRoutingTests: XCTestCase {
    /// A 200 x 100 panel turned 90°: the content is 100 x 200, with a target layer in its top
    /// 100 x 50 band. On the panel that band is the right-hand 50 x 100 strip.
    private func makeRouter(_ rotation: CADisplayRotation) -> (CAInputRouter, CALayer, CALayer) {
        let panel = CGSize(width: 200, height: 100)
        let logical = rotation.logicalSize(forPhysicalSize: panel)
        let screen = CALayer()
        screen.bounds = CGRect(origin: .zero, size: panel)
        screen.position = CGPoint(x: 100, y: 50)
        let root = CALayer()
        root.bounds = CGRect(origin: .zero, size: logical)
        root.position = CGPoint(x: 100, y: 50)
        root.transform = rotation.rootTransform
        screen.addSublayer(root)
        let target = CALayer()
        target.frame = CGRect(x: 0, y: 0, width: logical.width, height: 50)
        root.addSublayer(target)
        let cursor = CALayer()
        screen.addSublayer(cursor)
        return (CAInputRouter(rootLayer: root, cursorLayer: cursor, rotation: rotation, physicalSize: panel), target, cursor)
    }

    func testTouchOnTheRightStripHitsTheTopBandWhenTurned90() {
        let (router, target, _) = makeRouter(.degrees90)
        // Panel point (190, 30): normalised (0.95, 0.3).
        let (event, hit) = router.route(.touch(slot: 0, phase: .began, x: 0.95, y: 0.3, time: 1))
        XCTAssertTrue(hit === target)
        // Content point: x = panel y = 30, y = panel width - panel x = 10.
        XCTAssertEqual(event.location.x, 30, accuracy: 1e-9)
        XCTAssertEqual(event.location.y, 10, accuracy: 1e-9)
        XCTAssertEqual(event.kind, .touch(id: 0, phase: .began))
        let (_, miss) = router.route(.touch(slot: 1, phase: .began, x: 0.2, y: 0.3, time: 1))
        XCTAssertFalse(miss === target, "the left of the panel is the bottom of the content")
    }

    func testUpsideDownTouchHitsTheBandAtTheBottomOfThePanel() {
        let (router, target, _) = makeRouter(.degrees180)
        XCTAssertTrue(router.route(.touch(slot: 0, phase: .began, x: 0.5, y: 0.9, time: 0)).hitLayer === target)
        XCTAssertFalse(router.route(.touch(slot: 0, phase: .began, x: 0.5, y: 0.1, time: 0)).hitLayer === target)
    }

    func testTouchEndKeepsTheLastPositionOfItsSlot() {
        let (router, _, _) = makeRouter(.degrees0)
        _ = router.route(.touch(slot: 3, phase: .began, x: 0.25, y: 0.5, time: 0))
        let (event, _) = router.route(.touch(slot: 3, phase: .ended, x: nil, y: nil, time: 0.1))
        XCTAssertEqual(event.location, CGPoint(x: 50, y: 50))
        XCTAssertEqual(event.kind, .touch(id: 3, phase: .ended))
    }

    /// A mouse moved right on a panel turned 90° moves the pointer up the content; the pointer
    /// stays inside the content and the cursor follows on the panel.
    func testRelativeMotionIsTurnedAndClamped() {
        let (router, _, cursor) = makeRouter(.degrees90)
        XCTAssertEqual(router.pointerLocation, CGPoint(x: 50, y: 100))
        _ = router.route(.pointerMotion(dx: 30, dy: 0, time: 0))
        XCTAssertEqual(router.pointerLocation.x, 50, accuracy: 1e-9)
        XCTAssertEqual(router.pointerLocation.y, 70, accuracy: 1e-9)
        XCTAssertEqual(cursor.position.x, 130, accuracy: 1e-9)
        XCTAssertEqual(cursor.position.y, 50, accuracy: 1e-9)
        _ = router.route(.pointerMotion(dx: 0, dy: 500, time: 0))
        XCTAssertEqual(router.pointerLocation.x, 100, accuracy: 1e-9, "clamped to the content's width")
        XCTAssertFalse(cursor.isHidden)
        _ = router.route(.touch(slot: 0, phase: .began, x: 0.5, y: 0.5, time: 0))
        XCTAssertTrue(cursor.isHidden, "touch hides the cursor")
    }

    func testKeyEventsCarryThePointerLocation() {
        let (router, _, _) = makeRouter(.degrees0)
        _ = router.route(.pointerAbsolute(x: 0.1, y: 0.2, time: 0))
        let (event, _) = router.route(.key(code: CAKeyCode.down, isDown: true, time: 2))
        XCTAssertEqual(event.kind, .key(code: 108, isDown: true))
        XCTAssertEqual(event.location.x, 20, accuracy: 1e-9)
        XCTAssertEqual(event.location.y, 20, accuracy: 1e-9)
        XCTAssertEqual(event.timestamp, 2)
    }
}
