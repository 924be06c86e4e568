import QuartzCore
import XCTest

/// Every property set asks whether actions are disabled; the answer is kept beside the stack's
/// frames (`TransactionStack.disablesActions`), so it must follow every change of them: a frame
/// opened or closed, and a value set in a frame by `setDisableActions` or `setValue(_:forKey:)`.
final class DisableActionsSettingTests: XCTestCase {
    private func liveLayer() -> CALayer {
        let root = CALayer()
        let layer = CALayer()
        root.addSublayer(layer)
        CATransaction.flush()
        addTeardownBlock { _ = root }
        return layer
    }

    /// Sets `opacity` to `value` and says whether the change ran an action (an animation).
    private func animates(_ layer: CALayer, to value: Float) -> Bool {
        layer.removeAllAnimations()
        layer.opacity = value
        return layer.animation(forKey: "opacity") != nil
    }

    func testSettersFollowTheInnermostFrameThatSetsIt() {
        let layer = liveLayer()
        CATransaction.begin()
        XCTAssertTrue(animates(layer, to: 0.9), "no frame sets it: actions run")
        CATransaction.setDisableActions(true)
        XCTAssertFalse(animates(layer, to: 0.8), "set in this frame")
        CATransaction.begin()
        XCTAssertFalse(animates(layer, to: 0.7), "an inner frame that does not set it inherits it")
        CATransaction.setValue(false, forKey: kCATransactionDisableActions)
        XCTAssertTrue(animates(layer, to: 0.6), "set back by key in the inner frame")
        CATransaction.commit()
        XCTAssertFalse(animates(layer, to: 0.5), "the inner frame closed: the outer setting is back")
        CATransaction.setValue(nil, forKey: kCATransactionDisableActions)
        XCTAssertTrue(animates(layer, to: 0.4), "the outer frame's value removed")
        CATransaction.setDisableActions(true)
        CATransaction.commit()
        XCTAssertTrue(animates(layer, to: 0.3), "every frame closed: the implicit transaction runs actions")
        CATransaction.flush()
    }

    func testAValueThatIsNotABoolDoesNotDisableActions() {
        let layer = liveLayer()
        CATransaction.begin()
        CATransaction.setValue("yes", forKey: kCATransactionDisableActions)
        XCTAssertFalse(CATransaction.disableActions())
        XCTAssertTrue(animates(layer, to: 0.5))
        CATransaction.commit()
        CATransaction.flush()
    }
}
