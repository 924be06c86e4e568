import XCTest
@testable import QuartzCore
@_spi(RenderTables) @testable import QuartzCoreModel

/// Runs the main run loop (and with it the main dispatch queue) until `condition` holds or
/// `timeout` seconds have passed; returns whether the condition held.
@discardableResult
func spinMainRunLoop(timeout: TimeInterval, until condition: () -> Bool = { false }) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !condition() {
        if Date() >= deadline { return false }
        RunLoop.main.run(until: min(deadline, Date(timeIntervalSinceNow: 0.01)))
    }
    return true
}

final class TransactionTests: XCTestCase {
    /// A render tree as a renderer owns one, made before each test changes anything.
    private var renderTree: RenderTreeStore!

    override func setUp() {
        super.setUp()
        renderTree = RenderTreeStore()
    }

    override func tearDown() {
        CATransaction.flush()
        renderTree = nil
        super.tearDown()
    }

    /// The committed (render-tree) copy of a layer.
    private func committedState(of layer: CALayer) -> LayerState? {
        renderTree.snapshot().layers[layer.layerID]?.state
    }

    private func liveLayer() -> CALayer {
        let layer = CALayer()
        joinTransaction(layer) // a layer no transaction included is not live
        CATransaction.flush()
        return layer
    }

    func testDefaults() {
        CATransaction.begin()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
        XCTAssertNil(CATransaction.animationTimingFunction())
        XCTAssertFalse(CATransaction.disableActions())
        XCTAssertNil(CATransaction.completionBlock())
        CATransaction.commit()
    }

    func testInnerValuesOverrideAndTheOuterOnesComeBack() throws {
        let layer = liveLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.5)
        XCTAssertEqual(CATransaction.animationDuration(), 0.5)
        layer.opacity = 0.5
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 2, "the outer value is restored after the inner commit")
        layer.position = CGPoint(x: 8, y: 8)
        CATransaction.commit()
        XCTAssertEqual(layer.animation(forKey: "opacity")?.duration, 0.5)
        XCTAssertEqual(layer.animation(forKey: "position")?.duration, 2)
    }

    func testInnerTransactionInheritsOuterValuesItDoesNotSet() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.begin()
        XCTAssertTrue(CATransaction.disableActions())
        CATransaction.commit()
        CATransaction.commit()
        XCTAssertFalse(CATransaction.disableActions())
    }

    func testRenderTreeChangesOnlyWhenTheOutermostCommits() throws {
        let layer = liveLayer()
        CATransaction.begin()
        CATransaction.begin()
        layer.opacity = 0.5
        layer.add(runningAnimation("position.x", from: 0.0, to: 10.0), forKey: "x")
        CATransaction.commit()
        let beforeOuter = try XCTUnwrap(committedState(of: layer))
        XCTAssertEqual(beforeOuter.opacity, 1)
        XCTAssertEqual(renderTree.snapshot().layers[layer.layerID]?.animations.count, 0)
        CATransaction.commit()
        XCTAssertEqual(try XCTUnwrap(committedState(of: layer)).opacity, 0.5)
        XCTAssertEqual(renderTree.snapshot().layers[layer.layerID]?.animations.count, 2,
                       "the explicit animation and the implicit opacity animation")
    }

    func testAnimationsStartWhenTheTransactionCommitsAllTogether() throws {
        let layer = liveLayer()
        let other = liveLayer()
        CATransaction.begin()
        layer.opacity = 0
        Thread.sleep(forTimeInterval: 0.1) // a long transaction
        let explicit = CABasicAnimation(keyPath: "position.x")
        explicit.fromValue = 0.0
        explicit.toValue = 100.0
        explicit.duration = 1
        other.add(explicit, forKey: "x")
        let beforeCommit = CACurrentMediaTime()
        CATransaction.commit()
        let opacityStart = try XCTUnwrap(layer.animation(forKey: "opacity")).beginTime
        let explicitStart = try XCTUnwrap(other.animation(forKey: "x")).beginTime
        XCTAssertGreaterThanOrEqual(opacityStart, beforeCommit, "the implicit animation starts at the commit, not at the change")
        XCTAssertEqual(opacityStart, explicitStart, "animations of one transaction start together")
        XCTAssertEqual(explicit.beginTime, 0, "the caller's animation is not changed")
        let opacity = try XCTUnwrap(layer.presentation()).opacity
        XCTAssertGreaterThan(opacity, 0.85, "just after the commit the fade has barely begun")
    }

    func testFlushCommitsTheImplicitTransaction() throws {
        let layer = liveLayer()
        layer.opacity = 0.3
        XCTAssertEqual(try XCTUnwrap(committedState(of: layer)).opacity, 1)
        CATransaction.flush()
        XCTAssertEqual(try XCTUnwrap(committedState(of: layer)).opacity, 0.3)
    }

    func testImplicitTransactionCommitsAtTheEndOfTheRunLoopTurn() throws {
        let layer = liveLayer()
        layer.opacity = 0.7
        XCTAssertEqual(try XCTUnwrap(committedState(of: layer)).opacity, 1)
        XCTAssertTrue(spinMainRunLoop(timeout: 1) { committedState(of: layer)?.opacity == 0.7 })
    }

    func testValueForKeyAndSetValue() {
        CATransaction.begin()
        CATransaction.setValue(1.5, forKey: kCATransactionAnimationDuration)
        XCTAssertEqual(CATransaction.animationDuration(), 1.5)
        CATransaction.setValue("custom", forKey: "myKey")
        CATransaction.begin()
        XCTAssertEqual(CATransaction.value(forKey: "myKey") as? String, "custom")
        CATransaction.setValue(true, forKey: kCATransactionDisableActions)
        XCTAssertTrue(CATransaction.disableActions())
        CATransaction.commit()
        XCTAssertEqual(CATransaction.value(forKey: kCATransactionAnimationDuration) as? Double, 1.5)
        XCTAssertFalse(CATransaction.disableActions())
        CATransaction.commit()
        XCTAssertNil(CATransaction.value(forKey: "myKey"))
    }

    func testCompletionWithoutAnimationsRunsOnTheNextMainQueueTurn() {
        var called = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { called = true }
        XCTAssertNotNil(CATransaction.completionBlock())
        CATransaction.commit()
        XCTAssertFalse(called, "not during the commit")
        XCTAssertTrue(spinMainRunLoop(timeout: 1) { called })
    }

    func testCompletionWaitsForEveryAnimationAndInnerFinishesFirst() {
        let layer = liveLayer()
        var order: [String] = []
        let start = CACurrentMediaTime()
        var times: [String: CFTimeInterval] = [:]
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.3)
        CATransaction.setCompletionBlock {
            order.append("outer")
            times["outer"] = CACurrentMediaTime() - start
        }
        layer.opacity = 0.5
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.1)
        CATransaction.setCompletionBlock {
            order.append("inner")
            times["inner"] = CACurrentMediaTime() - start
        }
        layer.position = CGPoint(x: 20, y: 0)
        CATransaction.commit()
        CATransaction.commit()
        XCTAssertTrue(spinMainRunLoop(timeout: 2) { order.count == 2 })
        XCTAssertEqual(order, ["inner", "outer"])
        XCTAssertGreaterThanOrEqual(times["inner"] ?? 0, 0.1)
        XCTAssertGreaterThanOrEqual(times["outer"] ?? 0, 0.3, "the outer block waits for its longer animation")
        XCTAssertNil(layer.animationKeys(), "finished animations are removed")
    }

    func testCompletionRunsWhenItsAnimationIsRemoved() {
        let layer = liveLayer()
        var called = false
        CATransaction.begin()
        CATransaction.setAnimationDuration(10)
        CATransaction.setCompletionBlock { called = true }
        layer.opacity = 0.5
        CATransaction.commit()
        XCTAssertFalse(spinMainRunLoop(timeout: 0.05) { called })
        layer.removeAnimation(forKey: "opacity")
        XCTAssertTrue(spinMainRunLoop(timeout: 1) { called })
    }

    func testUnbalancedCommitIsIgnored() {
        CATransaction.commit()
        CATransaction.begin()
        CATransaction.setAnimationDuration(3)
        XCTAssertEqual(CATransaction.animationDuration(), 3)
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
    }

    func testChangesFromAnotherThreadAreCommittedByThatThread() throws {
        let layer = liveLayer()
        let box = LayerBox(layer)
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            // A thread without a run loop commits explicitly, as on Apple platforms.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            box.layer.opacity = 0.2
            CATransaction.commit()
            finished.signal()
        }
        thread.start()
        XCTAssertEqual(finished.wait(timeout: .now() + 2), .success)
        XCTAssertEqual(try XCTUnwrap(committedState(of: layer)).opacity, 0.2, accuracy: 1e-6)
    }
}

/// Hands a layer to another thread in a test that never touches it from two threads at once.
final class LayerBox: @unchecked Sendable {
    let layer: CALayer
    init(_ layer: CALayer) { self.layer = layer }
}
