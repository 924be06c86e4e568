import QuartzCore
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
