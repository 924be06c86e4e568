import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// An action that records what it was run for.
final class RecordingAction: CAAction {
    private(set) var runs: [(event: String, layer: CALayer?)] = []
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        runs.append((event, anObject as? CALayer))
    }
    var events: [String] { runs.map(\.event) }
}

/// A delegate that answers the action search from a dictionary (NSNull included).
final class ActionDelegate: CALayerDelegate {
    var answers: [String: CAAction] = [:]
    private(set) var asked: [String] = []
    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        asked.append(event)
        return answers[event]
    }
}

/// A layer class whose `defaultAction(forKey:)` gives every `opacity` change a recording action.
final class DefaultActionLayer: CALayer {
    nonisolated(unsafe) static var action = RecordingAction() // Test-only; touched on the main thread.
    override class func defaultAction(forKey event: String) -> CAAction? {
        event == "opacity" ? action : nil
    }
}

final class ImplicitAnimationTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        super.tearDown()
    }

    /// A committed layer with opacity 1.
    private func liveLayer<Layer: CALayer>(_ make: () -> Layer = { CALayer() as! Layer }) -> Layer {
        let layer = make()
        joinTransaction(layer) // a layer no transaction included is not live
        CATransaction.flush()
        XCTAssertTrue(layer.isLive)
        return layer
    }

    func testOpacityChangeOfALiveLayerAnimatesFromThePresentationValue() throws {
        let layer: CALayer = liveLayer()
        layer.opacity = 0.25
        let animation = try XCTUnwrap(layer.animation(forKey: "opacity") as? CABasicAnimation)
        XCTAssertEqual(AnimatableValue(animation.fromValue)?.scalarValue ?? -1, 1, accuracy: 1e-9)
        XCTAssertNil(animation.toValue, "the animation runs to the model value")
        XCTAssertEqual(animation.duration, 0.25)
        XCTAssertEqual(animation.timingFunction, CAMediaTimingFunction(name: .default))
        XCTAssertEqual(layer.opacity, 0.25, "the model value changes at once")
    }

    func testSecondChangeStartsFromTheValueOnScreen() throws {
        let layer: CALayer = liveLayer()
        layer.add(runningAnimation("opacity", from: 0.0, to: 1.0, elapsed: 0.4), forKey: "fade")
        CATransaction.flush()
        layer.opacity = 0.5
        let animation = try XCTUnwrap(layer.animation(forKey: "opacity") as? CABasicAnimation)
        XCTAssertEqual(AnimatableValue(animation.fromValue)?.scalarValue ?? -1, 0.4, accuracy: 0.02)
    }

    func testTransactionDurationAndTimingFunctionAreUsed() throws {
        let layer: CALayer = liveLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        layer.position = CGPoint(x: 50, y: 60)
        CATransaction.commit()
        let animation = try XCTUnwrap(layer.animation(forKey: "position") as? CABasicAnimation)
        XCTAssertEqual(animation.duration, 2)
        XCTAssertEqual(animation.timingFunction, CAMediaTimingFunction(name: .easeIn))
        XCTAssertEqual(AnimatableValue(animation.fromValue), .point(.zero))
    }

    func testALayerNotYetCommittedDoesNotAnimate() {
        let layer = CALayer()
        layer.opacity = 0.3
        layer.position = CGPoint(x: 5, y: 5)
        XCTAssertNil(layer.animationKeys())
        CATransaction.flush()
        XCTAssertNil(layer.animationKeys(), "the first commit shows the initial state without animating")
    }

    func testDisableActionsSuppressesTheAnimation() {
        let layer: CALayer = liveLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 0.1
        CATransaction.commit()
        XCTAssertNil(layer.animationKeys())
        XCTAssertEqual(layer.opacity, 0.1)
    }

    func testContentsChangeCrossfades() throws {
        let layer: CALayer = liveLayer()
        layer.contents = CGImage(width: 2, height: 2, bytesPerRow: 8, data: Data(count: 16))
        // Transitions are stored under kCATransition, one per layer.
        let transition = try XCTUnwrap(layer.animation(forKey: kCATransition) as? CATransition)
        XCTAssertEqual(transition.type, .fade)
        XCTAssertEqual(transition.duration, 0.25)
    }

    // MARK: The action search, step by step

    func testDelegateActionComesFirst() {
        let delegate = ActionDelegate()
        let fromDelegate = RecordingAction(), fromActions = RecordingAction()
        delegate.answers["opacity"] = fromDelegate
        let layer: CALayer = liveLayer()
        layer.delegate = delegate
        layer.actions = ["opacity": fromActions]
        layer.opacity = 0.5
        XCTAssertEqual(fromDelegate.events, ["opacity"])
        XCTAssertTrue(fromDelegate.runs.first?.layer === layer)
        XCTAssertEqual(fromActions.events, [])
        XCTAssertNil(layer.animationKeys(), "a custom action replaces the implicit animation")
    }

    func testDelegateNullStopsTheSearchWithoutAnimating() {
        let delegate = ActionDelegate()
        delegate.answers["opacity"] = NSNull()
        let fromActions = RecordingAction()
        let layer: CALayer = liveLayer()
        layer.delegate = delegate
        layer.actions = ["opacity": fromActions]
        layer.opacity = 0.5
        XCTAssertEqual(delegate.asked, ["opacity"])
        XCTAssertEqual(fromActions.events, [])
        XCTAssertNil(layer.animationKeys())
    }

    func testActionsDictionaryWhenTheDelegateReturnsNil() {
        let delegate = ActionDelegate()
        let fromActions = RecordingAction(), fromStyle = RecordingAction()
        let layer: CALayer = liveLayer()
        layer.delegate = delegate
        layer.actions = ["opacity": fromActions]
        layer.style = ["actions": ["opacity": fromStyle] as [String: CAAction]]
        layer.opacity = 0.5
        XCTAssertEqual(delegate.asked, ["opacity"])
        XCTAssertEqual(fromActions.events, ["opacity"])
        XCTAssertEqual(fromStyle.events, [])
    }

    func testNullInTheActionsDictionaryStopsTheSearch() {
        let fromStyle = RecordingAction()
        let layer: CALayer = liveLayer()
        layer.actions = ["opacity": NSNull()]
        layer.style = ["actions": ["opacity": fromStyle] as [String: CAAction]]
        layer.opacity = 0.5
        XCTAssertEqual(fromStyle.events, [])
        XCTAssertNil(layer.animationKeys())
    }

    func testStyleActionsAfterTheActionsDictionary() {
        let fromStyle = RecordingAction()
        let layer: CALayer = liveLayer()
        layer.actions = ["position": RecordingAction()]
        layer.style = ["actions": ["opacity": fromStyle] as [String: CAAction]]
        layer.opacity = 0.5
        XCTAssertEqual(fromStyle.events, ["opacity"])
        XCTAssertNil(layer.animationKeys())
    }

    func testNullInTheStyleStopsTheSearch() {
        let layer: DefaultActionLayer = liveLayer { DefaultActionLayer() }
        DefaultActionLayer.action = RecordingAction()
        layer.style = ["actions": ["opacity": NSNull()] as [String: CAAction]]
        layer.opacity = 0.5
        XCTAssertEqual(DefaultActionLayer.action.events, [])
        XCTAssertNil(layer.animationKeys())
    }

    func testSubclassDefaultActionIsTheLastStep() {
        let layer: DefaultActionLayer = liveLayer { DefaultActionLayer() }
        DefaultActionLayer.action = RecordingAction()
        layer.opacity = 0.5
        XCTAssertEqual(DefaultActionLayer.action.events, ["opacity"])
        XCTAssertNil(layer.animation(forKey: "opacity"))
        layer.position = CGPoint(x: 3, y: 4)
        XCTAssertNotNil(layer.animation(forKey: "position"), "nil from every step falls back to the implicit animation")
    }

    func testAnimationInTheActionsDictionaryIsAddedUnderTheKey() throws {
        let custom = CABasicAnimation()
        custom.duration = 3
        let layer: CALayer = liveLayer()
        layer.actions = ["opacity": custom]
        layer.opacity = 0.5
        let added = try XCTUnwrap(layer.animation(forKey: "opacity") as? CABasicAnimation)
        XCTAssertEqual(added.duration, 3)
        XCTAssertEqual(added.keyPath, "opacity", "a property animation with no key path animates the event's key")
        XCTAssertEqual(AnimatableValue(added.fromValue)?.scalarValue, 1, "from the value that was on screen")
        XCTAssertNil(custom.keyPath, "the action itself is not changed")
        XCTAssertFalse(added === custom, "the layer adds a copy")
    }

    // MARK: Tree events

    func testOrderInWhenAddedToALiveTreeAndOrderOutWhenRemoved() {
        let root: CALayer = liveLayer()
        let child = CALayer()
        let recorder = RecordingAction()
        child.actions = [kCAOnOrderIn: recorder, kCAOnOrderOut: recorder]
        root.addSublayer(child)
        CATransaction.flush()
        XCTAssertEqual(recorder.events, [kCAOnOrderIn])
        XCTAssertTrue(recorder.runs.first?.layer === child)
        child.removeFromSuperlayer()
        CATransaction.flush()
        XCTAssertEqual(recorder.events, [kCAOnOrderIn, kCAOnOrderOut])
        root.addSublayer(child)
        CATransaction.flush()
        XCTAssertEqual(recorder.events, [kCAOnOrderIn, kCAOnOrderOut, kCAOnOrderIn], "re-adding orders in again")
    }

    func testBuildingATreeRunsNoOrderInAction() {
        let root = CALayer(), child = CALayer()
        let recorder = RecordingAction()
        child.actions = [kCAOnOrderIn: recorder]
        root.addSublayer(child)
        CATransaction.flush()
        XCTAssertEqual(recorder.events, [])
    }

    func testReplacingOrSettingSublayersOrdersOut() {
        let root: CALayer = liveLayer()
        let old = CALayer(), new = CALayer()
        root.addSublayer(old)
        CATransaction.flush()
        let recorder = RecordingAction()
        old.actions = [kCAOnOrderOut: recorder]
        new.actions = [kCAOnOrderIn: recorder]
        root.replaceSublayer(old, with: new)
        CATransaction.flush()
        XCTAssertEqual(Set(recorder.events), [kCAOnOrderOut, kCAOnOrderIn])
        recorder.runs.forEach { run in XCTAssertTrue(run.layer === (run.event == kCAOnOrderIn ? new : old)) }
    }

    func testSublayersActionRunsOnTheParent() {
        let root: CALayer = liveLayer()
        let recorder = RecordingAction()
        root.actions = ["sublayers": recorder]
        root.addSublayer(CALayer())
        XCTAssertEqual(recorder.events, ["sublayers"])
        XCTAssertTrue(recorder.runs.first?.layer === root)
        root.mask = CALayer()
        XCTAssertEqual(recorder.events, ["sublayers"], "a mask change is not a sublayers change")
    }

    func testTreeActionsAreSuppressedByDisableActions() {
        let root: CALayer = liveLayer()
        let child = CALayer()
        let recorder = RecordingAction()
        child.actions = [kCAOnOrderIn: recorder]
        root.actions = ["sublayers": recorder]
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.addSublayer(child)
        CATransaction.commit()
        XCTAssertEqual(recorder.events, [])
    }
}
