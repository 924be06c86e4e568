import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

final class AnimationBasicTests: XCTestCase {
    /// The value of `x` halfway through a 1 s animation on a layer whose model value is 50 and
    /// whose presentation value when the animation was added was `presentation`.
    private func halfway(from: Double? = nil, to: Double? = nil, by: Double? = nil,
                         presentation: Double? = 40) throws -> Double? {
        let animation = CABasicAnimation(keyPath: "x")
        animation.fromValue = from
        animation.toValue = to
        animation.byValue = by
        animation.duration = 1
        return try evaluate(animation, model: ["x": .scalar(50)], at: 0.5,
                            presentation: presentation.map { .scalar($0) }).scalar("x")
    }

    func testFromToByCombinations() throws {
        XCTAssertEqual(try halfway(from: 0, to: 10), 5)             // from → to
        XCTAssertEqual(try halfway(from: 0, to: 10, by: 99), 5)     // by ignored with both
        XCTAssertEqual(try halfway(from: 10, by: 10), 15)           // from → from + by
        XCTAssertEqual(try halfway(to: 30, by: 10), 25)             // to − by → to
        XCTAssertEqual(try halfway(from: 0), 25)                    // from → current (model 50)
        XCTAssertEqual(try halfway(to: 60), 50)                     // presentation 40 → to
        XCTAssertEqual(try halfway(by: 20), 50)                     // presentation 40 → 60
        XCTAssertEqual(try halfway(), 45)                           // old presentation 40 → model 50
        // Without a captured presentation value the current value stands in.
        XCTAssertEqual(try halfway(to: 60, presentation: nil), 55)
        XCTAssertEqual(try halfway(by: 20, presentation: nil), 60)
    }

    func testAdditiveAddsToTheCurrentValue() throws {
        let animation = CABasicAnimation(keyPath: "position")
        animation.fromValue = CGPoint(x: 0, y: 0)
        animation.toValue = CGPoint(x: 10, y: -20)
        animation.isAdditive = true
        animation.duration = 1
        let target = try evaluate(animation, model: ["position": .point(CGPoint(x: 100, y: 100))], at: 0.5)
        XCTAssertEqual(target.values["position"], .point(CGPoint(x: 105, y: 90)))
    }

    func testCumulativeRepeatsContinueFromThePreviousEnd() throws {
        let animation = CABasicAnimation(keyPath: "x")
        animation.fromValue = 0.0
        animation.toValue = 10.0
        animation.duration = 1
        animation.repeatCount = 3
        animation.isCumulative = true
        let model: [String: AnimatableValue] = ["x": .scalar(0)]
        XCTAssertEqual(try evaluate(animation, model: model, at: 0.5).scalar("x"), 5)
        XCTAssertEqual(try evaluate(animation, model: model, at: 1.5).scalar("x"), 15)
        XCTAssertEqual(try evaluate(animation, model: model, at: 2.5).scalar("x"), 25)
        animation.isCumulative = false
        XCTAssertEqual(try evaluate(animation, model: model, at: 2.5).scalar("x"), 5)
    }

    func testTimingFunctionShapesProgress() throws {
        let animation = CABasicAnimation(keyPath: "x")
        animation.fromValue = 0.0
        animation.toValue = 100.0
        animation.duration = 2
        animation.timingFunction = CAMediaTimingFunction(name: .easeIn)
        let expected = 100 * CAMediaTimingFunction(name: .easeIn).value(at: 0.25)
        XCTAssertEqual(try evaluate(animation, model: ["x": .scalar(0)], at: 0.5).scalar("x") ?? 0, expected, accuracy: 1e-9)
    }

    func testValueFunctionTurnsScalarsIntoTransforms() throws {
        // The book's advice (001:5084-5180): animate a rotation with a value function.
        let animation = CABasicAnimation(keyPath: "transform")
        animation.valueFunction = CAValueFunction(name: .rotateZ)
        animation.fromValue = 0.0
        animation.toValue = Double.pi / 2
        animation.duration = 1
        let target = try evaluate(animation, model: ["transform": .transform(CATransform3D())], at: 0.5)
        guard case let .transform(m)? = target.values["transform"] else { return XCTFail("no transform") }
        XCTAssertEqual(Double(m.m11), cos(.pi / 4), accuracy: 1e-12)
        XCTAssertEqual(Double(m.m12), sin(.pi / 4), accuracy: 1e-12)
        XCTAssertNil(CAValueFunction(name: CAValueFunctionName(rawValue: "twist")))
    }

    func testOrderOfAnimationsLaterOnesSeeEarlierResults() throws {
        let first = CABasicAnimation(keyPath: "x")
        first.fromValue = 0.0; first.toValue = 100.0; first.duration = 1
        let second = CABasicAnimation(keyPath: "x")
        second.byValue = 1000.0; second.isAdditive = true; second.fromValue = 0.0; second.duration = 1
        var target = DictionaryTarget(values: ["x": .scalar(7)])
        for animation in [first, second] {
            try CompiledAnimation(animation, presentationValue: nil, modelValue: nil).apply(to: &target, parentTime: 0.5)
        }
        XCTAssertEqual(target.scalar("x"), 50 + 500)
    }

    func testUnsupportedValuesAndMissingKeyPathAreErrors() {
        struct Opaque {}
        let animation = CABasicAnimation(keyPath: "x")
        animation.toValue = Opaque()
        XCTAssertThrowsError(try CompiledAnimation(animation, presentationValue: nil, modelValue: nil)) {
            XCTAssertEqual($0 as? AnimationCompileError, .unsupportedValue(property: "toValue", type: "Opaque"))
        }
        XCTAssertThrowsError(try CompiledAnimation(CABasicAnimation(), presentationValue: nil, modelValue: nil)) {
            XCTAssertEqual($0 as? AnimationCompileError, .missingKeyPath)
        }
        let mixed = CABasicAnimation(keyPath: "x")
        mixed.fromValue = 1.0
        mixed.byValue = CGPoint(x: 1, y: 1)
        XCTAssertThrowsError(try CompiledAnimation(mixed, presentationValue: nil, modelValue: nil))
    }

    func testCopyIsIndependentAndKeepsClassAndValues() throws {
        let original = CASpringAnimation(keyPath: "x")
        original.toValue = 1.0
        original.damping = 3
        original.setValue("tag", forKey: "name")
        let copy = try XCTUnwrap(original.copy() as? CASpringAnimation)
        copy.toValue = 2.0
        copy.damping = 4
        XCTAssertEqual(original.toValue as? Double, 1)
        XCTAssertEqual(original.damping, 3)
        XCTAssertEqual(copy.keyPath, "x")
        XCTAssertEqual(copy.value(forKey: "name") as? String, "tag")
    }

    func testKeyValueTaggingAndDefaults() {
        final class Tagged: CABasicAnimation {
            override class func defaultValue(forKey key: String) -> Any? {
                key == "layerName" ? "none" : super.defaultValue(forKey: key)
            }
        }
        let animation = Tagged(keyPath: "x")
        XCTAssertEqual(animation.value(forKey: "layerName") as? String, "none")
        animation.setValue("ship", forKey: "layerName")
        XCTAssertEqual(animation.value(forKey: "layerName") as? String, "ship")
        animation.setValue(3.0, forKey: "duration")
        XCTAssertEqual(animation.duration, 3)
        animation.setValue(5.0, forKey: "toValue")
        XCTAssertEqual(animation.toValue as? Double, 5)
        XCTAssertEqual(CAAnimation.defaultValue(forKey: "removedOnCompletion") as? Bool, true)
        XCTAssertTrue(CAAnimation().isRemovedOnCompletion)
    }

    func testDelegateIsHeldStrongly() {
        final class Recorder: CAAnimationDelegate {}
        let animation = CABasicAnimation()
        weak var weakDelegate: Recorder?
        do {
            let recorder = Recorder()
            weakDelegate = recorder
            animation.delegate = recorder
        }
        XCTAssertNotNil(weakDelegate)
    }

    func testRunningAnAnimationAsAnActionAddsItToTheHost() {
        final class Host: AnimationHost {
            var added: [(CAAnimation, String?)] = []
            func add(_ anim: CAAnimation, forKey key: String?) { added.append((anim, key)) }
        }
        let host = Host()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.run(forKey: "opacity", object: host, arguments: nil)
        CATransition().run(forKey: "contents", object: host, arguments: nil)
        NSNull().run(forKey: "position", object: host, arguments: nil)
        fade.run(forKey: "opacity", object: "not a layer", arguments: nil)
        XCTAssertEqual(host.added.map(\.1), ["opacity", "transition"])
        XCTAssertTrue(host.added[0].0 === fade)
    }

    func testTransitionProgressRunsFromStartToEndProgress() throws {
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromRight
        transition.startProgress = 0.2
        transition.endProgress = 0.6
        transition.duration = 1
        let compiled = try CompiledAnimation(transition, presentationValue: nil, modelValue: nil)
        XCTAssertEqual(compiled.transitionProgress(atParentTime: 0.5) ?? -1, 0.4, accuracy: 1e-6) // Float inputs
        XCTAssertNil(compiled.transitionProgress(atParentTime: 2))
        guard case let .transition(description) = compiled.kind else { return XCTFail("not a transition") }
        XCTAssertEqual(description.type, .push)
        XCTAssertEqual(description.subtype, .fromRight)
        XCTAssertEqual(CATransition().type, .fade)
    }
}
