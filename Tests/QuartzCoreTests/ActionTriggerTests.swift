import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
import XCTest

/// The triggers of actions the guide lists beside property changes: visibility changes
/// (003:951-952), fields set through key paths, and implicit transactions of other threads.
final class ActionTriggerTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        super.tearDown()
    }

    private func liveLayer() -> CALayer {
        let layer = CALayer()
        joinTransaction(layer)
        CATransaction.flush()
        return layer
    }

    func testHidingRunsOrderOutAndShowingRunsOrderIn() {
        let layer = liveLayer()
        let recorder = RecordingAction()
        layer.actions = [kCAOnOrderIn: recorder, kCAOnOrderOut: recorder, "hidden": recorder]
        layer.isHidden = true
        XCTAssertEqual(recorder.events, ["hidden", kCAOnOrderOut])
        // The value it already has: no change, so no action at all, as on Apple platforms
        // (`CommittedValueAppleTests.testSettingTheValueAPropertyAlreadyHasIsNoChange`).
        layer.isHidden = true
        XCTAssertEqual(recorder.events, ["hidden", kCAOnOrderOut], "no change, no action and no tree action")
        layer.isHidden = false
        XCTAssertEqual(recorder.events, ["hidden", kCAOnOrderOut, "hidden", kCAOnOrderIn])
        XCTAssertTrue(recorder.runs.allSatisfy { $0.layer === layer })
    }

    func testHidingALayerNotYetCommittedRunsNoTreeAction() {
        let layer = CALayer()
        let recorder = RecordingAction()
        layer.actions = [kCAOnOrderOut: recorder]
        layer.isHidden = true
        XCTAssertEqual(recorder.events, [])
    }

    func testAStructureFieldSetThroughItsKeyPathAnimatesTheProperty() throws {
        let layer = liveLayer()
        layer.position = CGPoint(x: 10, y: 20)
        CATransaction.flush()
        layer.removeAllAnimations()
        layer.setValue(110.0, forKeyPath: "position.x")
        XCTAssertEqual(layer.position, CGPoint(x: 110, y: 20))
        let animation = try XCTUnwrap(layer.animation(forKey: "position") as? CABasicAnimation)
        XCTAssertEqual(animation.keyPath, "position")
        XCTAssertEqual(animation.fromValue as? CGPoint, CGPoint(x: 10, y: 20))
    }

    func testAKeyPathChangeAsksTheDelegateForThePropertysAction() {
        let layer = liveLayer()
        let delegate = ActionDelegate()
        layer.delegate = delegate
        layer.setValue(0.5, forKeyPath: "transform.scale.x")
        XCTAssertEqual(delegate.asked, ["transform"])
    }

    /// A thread with a run loop commits its implicit transaction at the end of the turn in
    /// which it changed a layer, before the loop waits again (003:354-360).
    func testImplicitTransactionOfARunLoopThreadCommitsWithinTheTurn() {
        let observations = Observations()
        let finished = expectation(description: "the worker's run loop finished")
        let thread = Thread {
            let owned = WorkerOwned(CALayer())
            let change = Timer(timeInterval: 0.01, repeats: false) { _ in
                owned.value.opacity = 0.5
                observations.record("live during the turn", owned.value.isLive)
                // Probed from a later turn, scheduled after the change (so after its commit).
                let probe = Timer(timeInterval: 0.05, repeats: false) { _ in
                    observations.record("live at the next turn", owned.value.isLive)
                }
                RunLoop.current.add(probe, forMode: .default)
            }
            RunLoop.current.add(change, forMode: .default)
            RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.5))
            finished.fulfill()
        }
        thread.start()
        wait(for: [finished], timeout: 5)
        XCTAssertEqual(observations.all, ["live during the turn": false, "live at the next turn": true])
    }
}

/// Holds a value created on a worker thread and used only there: the timers' closures are
/// `@Sendable` but run on the thread that created them, so nothing crosses threads.
private final class WorkerOwned<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Values a worker thread records for the test to read after it joined.
private final class Observations: Sendable {
    private let storage = ThreadLock<[String: Bool]>([:])
    func record(_ name: String, _ value: Bool) { storage.withLock { $0[name] = value } }
    var all: [String: Bool] { storage.withLock { $0 } }
}
