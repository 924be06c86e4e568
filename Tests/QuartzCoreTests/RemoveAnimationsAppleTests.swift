import Foundation
import QuartzCore
import XCTest

/// Removing the animations a layer holds, as Apple's QuartzCore measurably does it (GNUstep
/// libs-quartzcore `Tests/quartzcore/CALayer/animations.m`, which its CI runs against Apple's):
/// `removeAllAnimations()` leaves no key and no animation to ask for, does nothing on a layer
/// without animations or a second time, and does not mark the layer for display.
final class RemoveAnimationsAppleTests: XCTestCase {
    func testRemovingEveryAnimationLeavesNone() {
        let layer = CALayer()
        layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "first")
        layer.add(CABasicAnimation(keyPath: "position"), forKey: "second")
        XCTAssertEqual(layer.animationKeys()?.count, 2)
        layer.removeAllAnimations()
        XCTAssertEqual(layer.animationKeys()?.count ?? 0, 0)
        XCTAssertNil(layer.animation(forKey: "first"))
        XCTAssertNil(layer.animation(forKey: "second"))
    }

    func testRemovingNothingOrRemovingTwiceLeavesNone() {
        let empty = CALayer()
        empty.removeAllAnimations()
        XCTAssertEqual(empty.animationKeys()?.count ?? 0, 0)
        let layer = CALayer()
        layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "first")
        layer.removeAllAnimations()
        layer.removeAllAnimations()
        XCTAssertEqual(layer.animationKeys()?.count ?? 0, 0)
    }

    func testTakingTheAnimationsAwayDoesNotRedisplayTheLayer() {
        let layer = CALayer()
        layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "first")
        layer.displayIfNeeded()
        layer.removeAllAnimations()
        XCTAssertFalse(layer.needsDisplay())
    }
}
