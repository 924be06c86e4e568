import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// A basic or spring animation of a number stored in a layer's state is evaluated on the
/// animation's plain values (`CompiledAnimation.applyToField(of:parentTime:)`), in a reused
/// presentation box filled by copying the model's bytes. It must write bit for bit what the
/// general path through `AnimatableValue`s writes, for every timing (begin time, offset, speed,
/// repeats, autoreverse, fill mode), pacing and option, at every time.
final class StateFieldAnimationTests: XCTestCase {
    /// A layer state with geometry that is not the identity anywhere.
    private func model() -> LayerState {
        var state = LayerState()
        state.position = CGPoint(x: 40.5, y: -3.25)
        state.bounds = CGRect(x: -1, y: 2.5, width: 64.75, height: 18.125)
        state.anchorPoint = CGPoint(x: 0.375, y: 0.5)
        state.zPosition = -2.625
        state.opacity = 0.7
        state.cornerRadius = 3
        state.transform = CATransform3DRotate(CATransform3DMakeScale(1.25, 0.5, 1), 1.1, 0, 0, 1)
        return state
    }

    private static let keyPaths = ["position.x", "position.y", "anchorPoint.x", "zPosition", "opacity",
                                   "bounds.origin.y", "bounds.size.width", "transform.rotation.z", "transform.rotation",
                                   "transform.scale.x", "transform.scale", "transform.translation.y",
                                   "transform.rotation.y", "cornerRadius"]

    /// The timings under test: Apple's `CAMediaTiming` fields one by one and together.
    private static let timings: [(String, @Sendable (CAAnimation) -> Void)] = [
        ("plain", { _ in }),
        ("begin time, fill backwards", { $0.beginTime = 0.4; $0.fillMode = .backwards }),
        ("time offset, repeating", { $0.timeOffset = 0.3; $0.repeatCount = 2.5 }),
        ("speed 2, fill forwards", { $0.speed = 2; $0.fillMode = .forwards }),
        ("speed -1, fill both", { $0.speed = -1; $0.fillMode = .both; $0.beginTime = 1.5 }),
        ("autoreverses forever", { $0.autoreverses = true; $0.repeatCount = .infinity; $0.timeOffset = 0.2 }),
        ("repeat duration", { $0.repeatDuration = 1.3; $0.autoreverses = true; $0.fillMode = .forwards }),
        ("ease in, out", { $0.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut); $0.fillMode = .both }),
        ("custom curve", { $0.timingFunction = CAMediaTimingFunction(controlPoints: 0.9, -0.4, 0.1, 1.6) }),
        ("linear function", { $0.timingFunction = CAMediaTimingFunction(name: .linear); $0.repeatCount = 3 }),
    ]

    /// The endpoint forms and options under test, for one key path, made of three values of
    /// its type (`from`, `to`, `by`).
    private func animations(_ keyPath: String, _ v: (from: Any, to: Any, by: Any) = (0.25, 1.75, -0.5))
        -> [CAPropertyAnimation] {
        func basic(_ configure: (CABasicAnimation) -> Void) -> CABasicAnimation {
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.duration = 0.6
            configure(animation)
            return animation
        }
        var list: [CAPropertyAnimation] = [
            basic { $0.fromValue = v.from; $0.toValue = v.to },
            basic { $0.byValue = v.by },
            basic { $0.toValue = v.to },
            basic { $0.fromValue = v.by; $0.toValue = v.to; $0.isAdditive = true },
            basic { $0.fromValue = v.from; $0.byValue = v.by; $0.isCumulative = true; $0.repeatCount = 4 },
        ]
        let spring = CASpringAnimation(keyPath: keyPath)
        spring.fromValue = v.from
        spring.toValue = v.to
        spring.stiffness = 300
        spring.damping = 9
        list.append(spring)
        return list
    }

    /// The numbers an animation of these key paths can change, as their bit patterns.
    private func fieldBits(_ s: LayerState) -> [UInt8] {
        var bytes: [UInt8] = []
        withUnsafeBytes(of: s.position) { bytes += $0 }
        withUnsafeBytes(of: s.anchorPoint) { bytes += $0 }
        withUnsafeBytes(of: s.bounds) { bytes += $0 }
        withUnsafeBytes(of: s.transform) { bytes += $0 }
        withUnsafeBytes(of: s.zPosition) { bytes += $0 }
        withUnsafeBytes(of: s.opacity) { bytes += $0 }
        withUnsafeBytes(of: s.cornerRadius) { bytes += $0 }
        return bytes
    }

    private func compile(_ animation: CAPropertyAnimation, on state: LayerState) throws -> CompiledAnimation {
        let keyPath = AnimationKeyPath(animation.keyPath!)
        return try CompiledAnimation(animation, presentationValue: state.animatableValue(at: keyPath),
                                     modelValue: state.animatableValue(at: keyPath))
    }

    /// Evaluates each animation of `keyPath` (`animations(_:_:)` of `values`) under each timing
    /// at 37 times through its field form and through the general path, and asserts the same
    /// bytes; returns how many comparisons there were and how many took the field form.
    private func compareFieldForm(_ keyPath: String, _ values: (from: Any, to: Any, by: Any) = (0.25, 1.75, -0.5))
        throws -> (comparisons: Int, fieldEvaluations: Int) {
        var counts = (comparisons: 0, fieldEvaluations: 0)
        for (name, configure) in Self.timings {
            for animation in animations(keyPath, values) {
                configure(animation)
                let state = model()
                let compiled = try compile(animation, on: state)
                for step in 0...36 {
                    let time = Double(step) * 0.0833 - 0.25
                    var field = state, general = state
                    if compiled.applyToField(of: &field, parentTime: time) {
                        counts.fieldEvaluations += 1
                    } else {
                        compiled.apply(to: &field, parentTime: time)
                    }
                    compiled.apply(to: &general, parentTime: time, scalarShortcut: false)
                    XCTAssertEqual(fieldBits(field), fieldBits(general), "\(keyPath), \(name), \(animation) at \(time)")
                    counts.comparisons += 1
                }
            }
        }
        return counts
    }

    func testFieldEvaluationWritesWhatTheGeneralPathWrites() throws {
        var fieldEvaluations = 0, comparisons = 0
        for keyPath in Self.keyPaths {
            let counts = try compareFieldForm(keyPath)
            comparisons += counts.comparisons
            fieldEvaluations += counts.fieldEvaluations
        }
        // cornerRadius is no field of the state's geometry: it keeps the general path.
        XCTAssertEqual(comparisons, 14 * 10 * 6 * 37)
        XCTAssertEqual(fieldEvaluations, 13 * 10 * 6 * 37)
    }

    /// A point-valued `position` or `anchorPoint` and a whole `transform` (with `CATransform3D`
    /// values: interpolated by decomposition, added by concatenation, accumulated entry by
    /// entry) are evaluated on their plain values too, with the general path's bits.
    func testPointAndTransformFieldEvaluationWritesWhatTheGeneralPathWrites() throws {
        let points = (from: CGPoint(x: 10.25, y: -3.5) as Any, to: CGPoint(x: 40.75, y: 12.125) as Any,
                      by: CGPoint(x: -5.5, y: 2.25) as Any)
        let turned = CATransform3DTranslate(CATransform3DMakeRotation(2.1, 0, 0, 1), 4.5, -1.25, 0)
        let transforms = (from: CATransform3DMakeScale(1.5, 0.75, 1) as Any,
                          to: CATransform3DScale(turned, 0.5, 1.25, 1) as Any,
                          by: CATransform3DRotate(CATransform3DMakeTranslation(3, 2, 0), 0.4, 0, 0, 1) as Any)
        for (keyPath, values) in [("position", points), ("anchorPoint", points), ("transform", transforms)] {
            let counts = try compareFieldForm(keyPath, values)
            XCTAssertEqual(counts.comparisons, 10 * 6 * 37, keyPath)
            XCTAssertEqual(counts.fieldEvaluations, 10 * 6 * 37, keyPath)
        }
    }

    /// A transform that cannot be decomposed has no rotation to read: the field evaluation
    /// declines, writing nothing, and the general path decides.
    func testAnUndecomposableTransformIsLeftToTheGeneralPath() throws {
        var state = model()
        state.transform = CATransform3DMakeScale(0, 0, 0)
        state.transform.m44 = 0
        let animation = CABasicAnimation(keyPath: "transform.rotation.z")
        animation.byValue = 0.5
        let compiled = try CompiledAnimation(animation, presentationValue: nil, modelValue: nil)
        var field = state
        XCTAssertFalse(compiled.applyToField(of: &field, parentTime: 0.1))
        XCTAssertEqual(fieldBits(field), fieldBits(state))
    }

    /// Other animations (a point of a number's key path, keyframes, value functions) have no
    /// field form.
    func testOtherAnimationsHaveNoFieldForm() throws {
        let point = CABasicAnimation(keyPath: "position.x")
        point.fromValue = CGPoint(x: 1, y: 2)
        point.toValue = CGPoint(x: 3, y: 4)
        let keyframes = CAKeyframeAnimation(keyPath: "position.x")
        keyframes.values = [0, 5, 2]
        let turn = CABasicAnimation(keyPath: "transform")
        turn.fromValue = 0
        turn.toValue = 1
        turn.valueFunction = CAValueFunction(name: .rotateZ)
        for animation in [point, keyframes, turn] {
            var state = model()
            let compiled = try CompiledAnimation(animation, presentationValue: nil, modelValue: nil)
            XCTAssertNil(compiled.scalarField)
            XCTAssertFalse(compiled.applyToField(of: &state, parentTime: 0.1))
        }
    }

    /// S1-anim's turn: a whole turn about z from `phase` every 4 s, for ever.
    private func turn(from phase: Double) -> CABasicAnimation {
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = phase
        turn.toValue = phase + 2 * Double.pi
        turn.duration = 4
        turn.repeatCount = .infinity
        return turn
    }

    /// S1-anim's slide: `distance` along x and back every 2 s, for ever, `offset` seconds in.
    private func slide(by distance: Double, offset: Double) -> CABasicAnimation {
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.byValue = distance
        slide.duration = 1
        slide.autoreverses = true
        slide.repeatCount = .infinity
        slide.timeOffset = offset
        return slide
    }

    /// A layer's presentation, frame after frame in its reused box (S1-anim's pair: a turn
    /// about z from a phase, and an autoreversing slide by a tenth of a cell with an offset),
    /// equals the model state with each animation applied through the general path, in every
    /// byte of every field an animation moves, and in every other property.
    func testReusedPresentationBoxesMatchTheGeneralPath() throws {
        var state = model()
        let phase = 0.7
        state.transform = CATransform3DMakeRotation(CGFloat(phase), 0, 0, 1)
        let animations = [try compile(turn(from: phase), on: state),
                          try compile(slide(by: 12.5, offset: 0.37), on: state)]
        let committed = LayerStateBox(state)
        let owner = PresentationBoxOwner()
        var lastBox: ObjectIdentifier?
        var reused = 0
        for frame in 0..<240 {
            let time = Double(frame) / 60
            let box = committed.presentation(animatedBy: animations, localTime: time, owner: owner)
            reused += ObjectIdentifier(box) == lastBox ? 1 : 0
            lastBox = ObjectIdentifier(box)
            var general = state
            for animation in animations { animation.apply(to: &general, parentTime: time, scalarShortcut: false) }
            XCTAssertEqual(fieldBits(box.value), fieldBits(general), "frame \(frame)")
            XCTAssertEqual(box.value.bounds, state.bounds)
            XCTAssertEqual(box.value.opacity, state.opacity)
            XCTAssertEqual(box.value.cornerRadius, state.cornerRadius)
            XCTAssertTrue(box.value.objects === state.objects, "the boxed values are shared, not copied")
        }
        XCTAssertEqual(reused, 239, "every frame after the first fills the same box again")
        XCTAssertEqual(fieldBits(committed.value), fieldBits(state), "the model state is not touched")
    }

    /// Known values: an autoreversing slide's position and a linear turn's rotation at chosen
    /// times (numbers whose binary forms are exact where the arithmetic is).
    func testKnownValues() throws {
        var state = LayerState()
        state.position = CGPoint(x: 100, y: 20)
        let animations = [try compile(slide(by: 10, offset: 0.25), on: state), try compile(turn(from: 0), on: state)]
        // (local time, x): the offset time 0.75 is 3/4 of the forward pass; 1.5, half-way back;
        // 2.25, a quarter into the second iteration; 3.25, a quarter of the way back.
        for (time, x) in [(0.5, 107.5), (1.25, 105.0), (2.0, 102.5), (3.0, 107.5)] {
            var s = state
            s.animate(by: animations, localTime: time)
            XCTAssertEqual(s.position.x, x, "x at \(time)")
            XCTAssertEqual(s.position.y, 20)
            let angle = 2 * Double.pi * (time / 4)
            XCTAssertEqual(Double(s.transform.m11), cos(angle), accuracy: 1e-12, "turn at \(time)")
            XCTAssertEqual(Double(s.transform.m12), sin(angle), accuracy: 1e-12, "turn at \(time)")
            XCTAssertEqual(Double(s.transform.m21), -sin(angle), accuracy: 1e-12, "turn at \(time)")
        }
    }

    /// The timing curve read in place is the timing function's curve, at Apple's control points.
    func testTimingCurveIsTheTimingFunctionsCurve() {
        let functions: [CAMediaTimingFunctionName] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]
        for name in functions {
            let function = CAMediaTimingFunction(name: name)
            for step in -2...52 {
                let x = Double(step) / 50
                XCTAssertEqual(function.curve.value(at: x).bitPattern, function.value(at: x).bitPattern)
            }
        }
        XCTAssertEqual(CAMediaTimingFunction(name: .easeInEaseOut).curve.value(at: 0.5), 0.5, accuracy: 1e-7)
        XCTAssertEqual(CAMediaTimingFunction(name: .easeIn).curve.value(at: 1), 1)
        XCTAssertTrue(CAMediaTimingFunction(name: .linear).curve.isLinear)
        XCTAssertFalse(CAMediaTimingFunction(name: .default).curve.isLinear)
    }
}
