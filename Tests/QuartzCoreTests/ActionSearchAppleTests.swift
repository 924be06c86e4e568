import Foundation
import QuartzCore
import XCTest

/// Where a layer looks for an action and in what order, as Apple's QuartzCore measurably
/// answers (GNUstep libs-quartzcore `Tests/quartzcore/CALayer/actions.m`, which its CI runs
/// against Apple's): the delegate, then `actions`, then the `style`'s `"actions"`; `NSNull` at
/// any step ends the search with no action, nil carries it on; disabling actions does not
/// change what the search finds.
final class ActionSearchAppleTests: XCTestCase {
    /// An action told apart from the others by its tag.
    private final class Marker: CAAnimation {
        var tag = ""
    }

    private final class Delegate: CALayerDelegate {
        var answer: CAAction?
        func action(for layer: CALayer, forKey event: String) -> CAAction? { answer }
    }

    private func marker(_ tag: String) -> Marker {
        let marker = Marker()
        marker.tag = tag
        return marker
    }

    private func tag(of action: CAAction?) -> String? { (action as? Marker)?.tag }

    func testTheClassOffersNoAction() {
        XCTAssertNil(CALayer.defaultAction(forKey: "position"))
    }

    func testTheDelegateIsAskedFirst() {
        let layer = CALayer()
        let delegate = Delegate()
        layer.delegate = delegate
        delegate.answer = marker("fromDelegate")
        XCTAssertEqual(tag(of: layer.action(forKey: "position")), "fromDelegate")
        delegate.answer = NSNull()
        XCTAssertNil(layer.action(forKey: "position"), "a null from the delegate ends the search with no action")
        delegate.answer = nil
        layer.actions = ["position": marker("fromActions")]
        XCTAssertEqual(tag(of: layer.action(forKey: "position")), "fromActions", "nil carries the search on to the actions")
        delegate.answer = marker("fromDelegate")
        XCTAssertEqual(tag(of: layer.action(forKey: "position")), "fromDelegate", "the delegate is preferred to the actions")
    }

    func testThenTheActionsDictionary() {
        let layer = CALayer()
        layer.actions = ["position": NSNull()]
        XCTAssertNil(layer.action(forKey: "position"), "a null in the actions ends the search with no action")
        layer.actions = ["position": marker("fromActions")]
        XCTAssertEqual(tag(of: layer.action(forKey: "position")), "fromActions")
    }

    func testThenTheStyle() {
        let layer = CALayer()
        layer.style = ["actions": ["position": marker("fromStyle")]]
        XCTAssertEqual(tag(of: layer.action(forKey: "position")), "fromStyle", "the actions inside the style are looked in")
        layer.actions = ["position": marker("fromActions")]
        XCTAssertEqual(tag(of: layer.action(forKey: "position")), "fromActions", "the actions dictionary is preferred to the style")
        let other = CALayer()
        other.style = ["actions": ["position": NSNull()]]
        XCTAssertNil(other.action(forKey: "position"), "a null in the style ends the search with no action")
    }

    func testDisablingActionsDoesNotChangeTheSearch() {
        let layer = CALayer()
        layer.actions = ["position": marker("fromActions")]
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        XCTAssertEqual(tag(of: layer.action(forKey: "position")), "fromActions", "found while actions are disabled")
        CATransaction.commit()
        XCTAssertEqual(tag(of: layer.action(forKey: "position")), "fromActions", "and afterwards")
    }
}
