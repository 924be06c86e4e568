import Foundation
import QuartzCore
import QuartzCoreDisplay
import XCTest

/// Touches on a turned panel reach `CAKioskApplication.gestureHandler` as gestures in the
/// content's space, with the layer under the finger.
final class KioskGestureDeliveryTests: XCTestCase {
    func testATapOnTheTurnedPanelReachesTheLayerUnderIt() {
        MainActor.assumeIsolated { Self.checkTapOnTurnedPanel() }
    }

    func testASwipeAlongThePanelsHeightIsAHorizontalSwipeWhenTurned90() {
        MainActor.assumeIsolated { Self.checkSwipeOnTurnedPanel() }
    }

    /// A 400 x 200 panel turned 90°: the content is 200 x 400, a target in its top 200 x 100
    /// band, which on the panel is the right-hand 100 x 200 strip.
    @MainActor
    private static func makeApp() -> (CAKioskApplication, CALayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 400)
        let target = CALayer()
        target.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.addSublayer(target)
        let app = CAKioskApplication(rootLayer: root, rotation: .degrees90, showsCursor: false)
        app.setPhysicalSize(CGSize(width: 400, height: 200))
        CATransaction.flush()
        return (app, target)
    }

    @MainActor
    private static func checkTapOnTurnedPanel() {
        let (app, target) = makeApp()
        var received: [(CATouchGesture, CALayer?)] = []
        app.gestureHandler = { received.append(($0, $1)) }
        // Panel point (360, 60): content point (60, 400 - 360) = (60, 40), inside the target.
        app.deliver(.touch(slot: 2, phase: .began, x: 0.9, y: 0.3, time: 5))
        app.deliver(.touch(slot: 2, phase: .ended, x: nil, y: nil, time: 5.1))
        XCTAssertEqual(received.count, 1)
        XCTAssertEqual(received.first?.0.kind, .tap)
        XCTAssertEqual(received.first?.0.touchID, 2)
        XCTAssertEqual(received.first?.0.startLocation.x ?? 0, 60, accuracy: 1e-9)
        XCTAssertEqual(received.first?.0.startLocation.y ?? 0, 40, accuracy: 1e-9)
        XCTAssertTrue(received.first?.1 === target)
        // The left half of the panel is the content's bottom: no target there.
        app.deliver(.touch(slot: 0, phase: .began, x: 0.2, y: 0.5, time: 6))
        app.deliver(.touch(slot: 0, phase: .ended, x: nil, y: nil, time: 6.1))
        XCTAssertEqual(received.count, 2)
        XCTAssertFalse(received[1].1 === target)
    }

    @MainActor
    private static func checkSwipeOnTurnedPanel() {
        let (app, _) = makeApp()
        var kinds: [CATouchGesture.Kind] = []
        app.gestureHandler = { gesture, _ in kinds.append(gesture.kind) }
        // Down the panel by 150 points (0.2 → 0.95 of 200) in 0.2 s: in the content, x = panel y,
        // so the finger moved towards larger x.
        app.deliver(.touch(slot: 0, phase: .began, x: 0.5, y: 0.2, time: 0))
        app.deliver(.touch(slot: 0, phase: .moved, x: 0.5, y: 0.6, time: 0.1))
        app.deliver(.touch(slot: 0, phase: .moved, x: 0.5, y: 0.95, time: 0.2))
        app.deliver(.touch(slot: 0, phase: .ended, x: nil, y: nil, time: 0.2))
        XCTAssertEqual(kinds, [.swipe(.right)])
    }
}
