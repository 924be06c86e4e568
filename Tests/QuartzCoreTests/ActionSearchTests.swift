import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// `action(forKey:)` as CALayer.h describes it: delegate, `actions`, `style`, then
/// `defaultAction(forKey:)`; "If any of the above steps returns an instance of NSNull, it is
/// converted to nil" — and the search stops there.
final class ActionSearchTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        super.tearDown()
    }

    func testNSNullFromAnyStepBecomesNil() {
        let delegate = ActionDelegate()
        delegate.answers["opacity"] = NSNull()
        let layer = CALayer()
        layer.delegate = delegate
        XCTAssertNil(layer.action(forKey: "opacity"))

        let plain = CALayer()
        plain.actions = ["position": NSNull()]
        XCTAssertNil(plain.action(forKey: "position"))
        plain.style = ["actions": ["bounds": NSNull()]]
        XCTAssertNil(plain.action(forKey: "bounds"))
    }

    func testNSNullStopsTheSearchBeforeLaterSteps() {
        let later = RecordingAction()
        let layer = CALayer()
        layer.actions = ["opacity": NSNull()]
        layer.style = ["actions": ["opacity": later]]
        XCTAssertNil(layer.action(forKey: "opacity"))
        joinTransaction(layer)
        CATransaction.flush()
        layer.opacity = 0.5
        XCTAssertTrue(later.events.isEmpty, "the style's action is not reached")
        XCTAssertNil(layer.animation(forKey: "opacity"), "no implicit animation either")
        XCTAssertEqual(layer.opacity, 0.5)
    }

    func testActionsFoundByTheSearchAreReturnedAsThemselves() {
        let found = RecordingAction()
        let layer = CALayer()
        layer.actions = ["onOrderIn": found]
        XCTAssertTrue(layer.action(forKey: "onOrderIn") as AnyObject === found)
        XCTAssertNil(layer.action(forKey: "noSuchEvent"))
    }

    func testAnimatablePropertyEndsWithTheImplicitAnimation() throws {
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.75)
        let action = try XCTUnwrap(layer.action(forKey: "position") as? CABasicAnimation)
        CATransaction.commit()
        XCTAssertEqual(action.keyPath, "position")
        XCTAssertEqual(action.duration, 0.75)
        XCTAssertNil(action.fromValue)
        XCTAssertTrue(layer.action(forKey: "contents") is CATransition)
    }
}
