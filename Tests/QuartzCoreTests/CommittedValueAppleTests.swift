import Foundation
import XCTest
@testable import QuartzCore

/// Four behaviours Apple's Core Animation shows and a port relies on, each with its source.
final class CommittedValueAppleTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        super.tearDown()
    }

    /// A delegate that counts the actions asked of it and offers none.
    private final class ActionCounter: NSObject, CALayerDelegate {
        var asked: [String] = []
        func action(for layer: CALayer, forKey event: String) -> CAAction? {
            asked.append(event)
            return nil
        }
    }

    private func committedLayer() -> CALayer {
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        layer.position = CGPoint(x: 5, y: 6)
        layer.opacity = 0.5
        CATransaction.commit()
        CATransaction.flush()
        return layer
    }

    /// (a) Apple's CALayer.h, `addAnimation:forKey:`: "The special key 'transition' is
    /// automatically used for transition animations." Whatever key (nil too) a transition is
    /// added under, it is stored as `kCATransition`, and a second one replaces the first.
    func testATransitionIsStoredUnderTheTransitionKeyWhateverItsKey() throws {
        let layer = committedLayer()
        let fade = CATransition()
        fade.type = .fade
        layer.add(fade, forKey: "myFade")
        XCTAssertEqual(layer.animationKeys(), [kCATransition])
        XCTAssertNil(layer.animation(forKey: "myFade"))
        XCTAssertEqual((layer.animation(forKey: kCATransition) as? CATransition)?.type, .fade)
        let push = CATransition()
        push.type = .push
        layer.add(push, forKey: nil)
        XCTAssertEqual(layer.animationKeys(), [kCATransition])
        XCTAssertEqual((layer.animation(forKey: "transition") as? CATransition)?.type, .push)
        // Other animations keep their keys.
        layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "fadeOut")
        XCTAssertEqual(layer.animationKeys(), [kCATransition, "fadeOut"])
    }

    /// (b) Apple's CALayer.h, `presentationLayer`: "Returns a copy of the layer containing all
    /// properties as they were at the start of the current transaction, with any active
    /// animations applied." Inside an open transaction the presentation shows the committed
    /// values, not the ones just set; the model shows the new ones.
    func testInsideAnOpenTransactionThePresentationShowsTheCommittedValues() throws {
        for withRenderer in [false, true] {
            let layer = committedLayer()
            let renderer = withRenderer ? try CARenderer(cpuPixelWidth: 8, pixelHeight: 8) : nil
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.position = CGPoint(x: 50, y: 60)
            layer.opacity = 0.25
            layer.bounds.size.width = 80
            let inside = try XCTUnwrap(layer.presentation())
            XCTAssertEqual(inside.position, CGPoint(x: 5, y: 6), "renderer: \(withRenderer)")
            XCTAssertEqual(inside.opacity, 0.5)
            XCTAssertEqual(inside.bounds.width, 40)
            XCTAssertEqual(layer.position, CGPoint(x: 50, y: 60), "the model has the new value")
            CATransaction.commit()
            let after = try XCTUnwrap(layer.presentation())
            XCTAssertEqual(after.position, CGPoint(x: 50, y: 60))
            XCTAssertEqual(after.opacity, 0.25)
            XCTAssertEqual(after.bounds.width, 80)
            withExtendedLifetime(renderer) {}
        }
    }

    /// (b) Animations still apply to the committed values: half way through an explicit opacity
    /// animation, a presentation taken in an open transaction that changed the model shows it.
    func testAnAnimationAppliesOnTopOfTheCommittedValues() throws {
        let layer = committedLayer()
        layer.add(runningAnimation("opacity", from: 0.0, to: 1.0), forKey: "fade")
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: 70, y: 80)
        let presented = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(presented.opacity, 0.5, accuracy: 0.02)
        XCTAssertEqual(presented.position, CGPoint(x: 5, y: 6))
        CATransaction.commit()
    }

    /// (c) Setting a property to the value it already has is no change: no action is asked for
    /// and no animation starts. Apple measurably posts no change for it (GNUstep libs-quartzcore
    /// `Tests/quartzcore/CALayer/kvo.m`, checked against Apple: "setting a position to the
    /// value it already has posts nothing"); Core Animation asks for a property's action from
    /// that same change (and GNUstep's `CALayer/implicit.m` expects no animation).
    func testSettingTheValueAPropertyAlreadyHasIsNoChange() throws {
        let layer = committedLayer()
        let counter = ActionCounter()
        layer.delegate = counter
        layer.position = CGPoint(x: 5, y: 6)
        layer.opacity = 0.5
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        layer.frame = layer.frame
        XCTAssertEqual(counter.asked, [])
        CATransaction.flush()
        XCTAssertNil(layer.animationKeys())
        // A new value is a change: its action is asked for, and the default one animates it.
        layer.position = CGPoint(x: 7, y: 6)
        XCTAssertEqual(counter.asked, ["position"])
        layer.delegate = nil
        layer.opacity = 0.75
        CATransaction.flush()
        XCTAssertEqual(layer.animationKeys(), ["position", "opacity"])
        layer.removeAllAnimations()
        layer.opacity = 0.75
        CATransaction.flush()
        XCTAssertNil(layer.animationKeys(), "setting the same opacity again does not animate")
    }

    /// (d) On Apple platforms `value(forKey:)` answers an `NSValue` for the geometry keys, as
    /// for `transform` (Foundation bridges CGPoint, CGSize and CGRect to NSValue there); here
    /// too, and a box of another structure does not cast to the wrong one.
    func testGeometryKeysAnswerNSValues() throws {
        let layer = committedLayer()
        layer.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        layer.shadowOffset = CGSize(width: 2, height: -3)
        let position = try XCTUnwrap(layer.value(forKey: "position") as? NSValue)
        XCTAssertEqual(position.pointValue, CGPoint(x: 5, y: 6))
        XCTAssertEqual((layer.value(forKey: "bounds") as? NSValue)?.rectValue, CGRect(x: 0, y: 0, width: 40, height: 30))
        XCTAssertEqual((layer.value(forKey: "frame") as? NSValue)?.rectValue, layer.frame)
        XCTAssertEqual((layer.value(forKey: "anchorPoint") as? NSValue)?.pointValue, CGPoint(x: 0.25, y: 0.75))
        XCTAssertEqual((layer.value(forKey: "shadowOffset") as? NSValue)?.sizeValue, CGSize(width: 2, height: -3))
        XCTAssertNotNil(layer.value(forKey: "transform") as? NSValue)
        // Back from a box, and not from a box of something else.
        let boxed: Any = NSValue(cgPoint: CGPoint(x: 1, y: 2))
        XCTAssertEqual(boxed as? CGPoint, CGPoint(x: 1, y: 2))
        XCTAssertNil(boxed as? CGRect)
        XCTAssertNil(boxed as? CGSize)
        let rect: Any = NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(rect as? CGRect, CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertNil(rect as? CGPoint)
        // A boxed value set through key-value coding is unboxed.
        layer.setValue(NSValue(cgPoint: CGPoint(x: 9, y: 10)), forKey: "position")
        XCTAssertEqual(layer.position, CGPoint(x: 9, y: 10))
    }
}
