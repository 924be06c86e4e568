import QuartzCore
@testable import QuartzCoreModel
import XCTest

/// A property set with actions disabled is compared and stored under one hold of the layer
/// tree's lock: the value lands, the same value again is no change (no redisplay), a new one
/// redisplays a class that asks for its key, and threads setting one layer see only whole values.
final class DisabledActionsSetterTests: XCTestCase {
    /// Redisplays for a change to its transform or opacity.
    private final class RedisplayLayer: CALayer {
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "transform" || key == "opacity" || super.needsDisplay(forKey: key)
        }
    }

    private func withActionsDisabled(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }

    func testANewValueIsStoredAndRedisplays() {
        let layer = RedisplayLayer()
        layer.displayIfNeeded()
        let moved = CATransform3DMakeTranslation(4, 5, 0)
        withActionsDisabled {
            layer.transform = moved
            XCTAssertTrue(CATransform3DEqualToTransform(layer.transform, moved))
            XCTAssertTrue(layer.needsDisplay(), "a class that redisplays for the key does for a new value")
        }
    }

    func testTheSameValueAgainIsNoChange() {
        let layer = RedisplayLayer()
        let moved = CATransform3DMakeTranslation(4, 5, 0)
        withActionsDisabled { layer.transform = moved; layer.opacity = 0.5 }
        layer.displayIfNeeded()
        XCTAssertFalse(layer.needsDisplay())
        withActionsDisabled {
            layer.transform = moved
            layer.opacity = 0.5
            XCTAssertFalse(layer.needsDisplay(), "setting what it already is")
        }
    }

    func testNoActionRunsWithActionsDisabled() {
        let root = CALayer()
        let layer = CALayer()
        root.addSublayer(layer)
        CATransaction.flush() // live: an enabled change would animate
        withActionsDisabled { layer.transform = CATransform3DMakeScale(2, 2, 1) }
        XCTAssertNil(layer.animation(forKey: "transform"))
        layer.transform = CATransform3DMakeScale(3, 3, 1)
        XCTAssertNotNil(layer.animation(forKey: "transform"), "with actions enabled, the implicit animation")
        CATransaction.flush()
    }

    /// A plain `CALayer` is not asked `needsDisplay(forKey:)` (its answer is false for every
    /// key): a new value does not mark it for display, as a subclass's other keys do not.
    func testANewValueDoesNotRedisplayALayerThatDoesNotAsk() {
        let plain = CALayer()
        let asking = RedisplayLayer()
        plain.displayIfNeeded()
        asking.displayIfNeeded()
        // Asked inside the transaction: its commit displays the layers marked.
        withActionsDisabled {
            plain.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
            plain.opacity = 0.25
            asking.position = CGPoint(x: 7, y: 9)
            XCTAssertFalse(plain.needsDisplay())
            XCTAssertFalse(asking.needsDisplay(), "RedisplayLayer asks for transform and opacity only")
            asking.opacity = 0.25
            XCTAssertTrue(asking.needsDisplay())
        }
    }

    /// Set several times in one transaction, a property keeps the last value, and the commit
    /// takes that one to the render tree (the presentation of a layer without animations).
    func testTheLastOfSeveralSetsIsCommitted() throws {
        let root = CALayer()
        let layer = CALayer()
        root.addSublayer(layer)
        CATransaction.flush()
        let last = CATransform3DMakeRotation(1.25, 0, 0, 1)
        withActionsDisabled {
            layer.transform = CATransform3DMakeTranslation(3, 0, 0)
            layer.transform = CATransform3DMakeScale(2, 2, 1)
            layer.transform = last
            layer.position = CGPoint(x: 1, y: 2)
            layer.position = CGPoint(x: 30, y: 40)
            layer.opacity = 0.75
            layer.opacity = 0.5
        }
        XCTAssertTrue(CATransform3DEqualToTransform(layer.transform, last))
        let presented = try XCTUnwrap(layer.presentation())
        XCTAssertTrue(CATransform3DEqualToTransform(presented.transform, last))
        XCTAssertEqual(presented.position, CGPoint(x: 30, y: 40))
        XCTAssertEqual(presented.opacity, 0.5)
        XCTAssertNil(layer.animationKeys(), "no action ran for any of them")
    }

    /// With actions enabled the same setters make their implicit animations, from the value on
    /// screen to the new one.
    func testWithActionsEnabledTheSettersAnimate() throws {
        let root = CALayer()
        let layer = CALayer()
        root.addSublayer(layer)
        CATransaction.flush()
        CATransaction.begin()
        layer.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
        layer.position = CGPoint(x: 12, y: 34)
        layer.opacity = 0.5
        CATransaction.commit()
        let opacity = try XCTUnwrap(layer.animation(forKey: "opacity") as? CABasicAnimation)
        XCTAssertEqual(AnimatableValue(opacity.fromValue)?.scalarValue, 1)
        let position = try XCTUnwrap(layer.animation(forKey: "position") as? CABasicAnimation)
        XCTAssertEqual(AnimatableValue(position.fromValue), .point(.zero))
        let transform = try XCTUnwrap(layer.animation(forKey: "transform") as? CABasicAnimation)
        XCTAssertEqual(AnimatableValue(transform.fromValue), .transform(CATransform3DIdentity))
        XCTAssertEqual(layer.opacity, 0.5, "the model has the new value at once")
    }

    /// A non-finite value is rejected on the fast path as on the others: the value stays.
    func testANonFiniteValueIsRejected() {
        let layer = CALayer()
        let turned = CATransform3DMakeRotation(0.5, 0, 0, 1)
        withActionsDisabled {
            layer.transform = turned
            layer.transform = replacing(\.m42, of: turned, with: .nan)
            layer.transform = replacing(\.m13, of: turned, with: .infinity)
            layer.position = CGPoint(x: CGFloat.nan, y: 1)
        }
        XCTAssertTrue(CATransform3DEqualToTransform(layer.transform, turned))
        XCTAssertEqual(layer.position, .zero)
    }

    func testThreadsSettingOneLayerSeeWholeValues() {
        let shared = SharedLayer()
        let layer = shared.layer
        let values = (0..<4).map { CATransform3DMakeTranslation(CGFloat($0), CGFloat($0) * 2, CGFloat($0) * 3) }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for step in 0..<500 {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                shared.layer.transform = values[(thread + step) % 4]
                let seen = shared.layer.transform
                XCTAssertTrue(values.contains { CATransform3DEqualToTransform($0, seen) })
                CATransaction.commit()
            }
        }
        XCTAssertTrue(values.contains { CATransform3DEqualToTransform($0, layer.transform) })
    }
}

/// A layer handed to several threads (its properties take the layer tree's lock).
private final class SharedLayer: @unchecked Sendable {
    let layer = CALayer()
}
