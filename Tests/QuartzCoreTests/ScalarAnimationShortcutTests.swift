import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// A basic or spring animation between numbers is evaluated on `Double`s
/// (`ScalarInterpolation`); it must write bit for bit what the general path through
/// `AnimatableValue`s writes, at every time, for every kind of endpoint and option.
final class ScalarAnimationShortcutTests: XCTestCase {
    /// A layer state with geometry that is not the identity anywhere.
    private func model() -> LayerState {
        var state = LayerState()
        state.position = CGPoint(x: 12.25, y: -7.5)
        state.bounds = CGRect(x: 1.5, y: -2, width: 96.125, height: 40.75)
        state.anchorPoint = CGPoint(x: 0.25, y: 0.625)
        state.zPosition = 3.375
        state.opacity = 0.8
        state.cornerRadius = 6.5
        state.transform = CATransform3DRotate(CATransform3DMakeScale(1.5, 0.75, 1), 0.4, 0, 0, 1)
        state.customValues["progress"] = .scalar(0.3)
        return state
    }

    private func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil,
                       configure: (CABasicAnimation) -> Void = { _ in }) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.byValue = by
        animation.duration = 0.75
        configure(animation)
        return animation
    }

    /// The animations under test: every endpoint form, additive, cumulative, timing functions,
    /// springs, and key paths through geometry, accessors and names.
    private func animations() -> [CAPropertyAnimation] {
        let keyPaths = ["position.x", "position.y", "anchorPoint.y", "zPosition", "opacity", "bounds.origin.x",
                        "bounds.size.width", "bounds.size.height", "transform.rotation.z", "transform.rotation",
                        "transform.scale", "transform.scale.y", "transform.translation.x", "transform.rotation.x",
                        "cornerRadius", "progress"]
        var list: [CAPropertyAnimation] = []
        for keyPath in keyPaths {
            list.append(basic(keyPath, from: 0.2, to: 1.7))
            list.append(basic(keyPath, from: -0.35, by: 2.25))
            list.append(basic(keyPath, to: 0.9, by: 0.4))
            list.append(basic(keyPath, from: 0.45))
            list.append(basic(keyPath, to: 2.5))
            list.append(basic(keyPath, by: -1.25))
            list.append(basic(keyPath))
            list.append(basic(keyPath, from: 0.1, to: 0.6) { $0.isAdditive = true })
            list.append(basic(keyPath, from: 0.3, to: 1.1) {
                $0.isCumulative = true
                $0.repeatCount = 4
            })
            list.append(basic(keyPath, by: 0.5) {
                $0.isCumulative = true
                $0.isAdditive = true
                $0.repeatCount = .infinity
                $0.autoreverses = true
            })
            list.append(basic(keyPath, from: 0, to: CGFloat.pi * 2) {
                $0.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                $0.fillMode = .both
                $0.beginTime = 0.2
            })
            let spring = CASpringAnimation(keyPath: keyPath)
            spring.fromValue = 0.25
            spring.toValue = 1.5
            spring.damping = 7
            list.append(spring)
        }
        return list
    }

    func testScalarAnimationsWriteWhatTheGeneralPathWrites() throws {
        var shortcuts = 0, comparisons = 0
        for animation in animations() {
            let state = model()
            let keyPath = AnimationKeyPath(animation.keyPath!)
            let compiled = try CompiledAnimation(animation, presentationValue: state.animatableValue(at: keyPath),
                                                 modelValue: state.animatableValue(at: keyPath))
            XCTAssertNotNil(compiled.scalar, "\(animation.keyPath!) is an animation between numbers")
            shortcuts += compiled.scalar == nil ? 0 : 1
            for step in 0...40 {
                let time = Double(step) * 0.0917 - 0.3
                var fast = state, general = state
                let fastPhase = compiled.apply(to: &fast, parentTime: time)
                let generalPhase = compiled.apply(to: &general, parentTime: time, scalarShortcut: false)
                XCTAssertEqual(fastPhase, generalPhase)
                assertSameBits(fast, general, "\(animation.keyPath!) \(animation) at \(time)")
                comparisons += 1
            }
        }
        XCTAssertEqual(shortcuts, 16 * 12)
        XCTAssertEqual(comparisons, 16 * 12 * 41)
    }

    /// Inside a group, a child between numbers takes the shortcut too, in the group's time.
    func testGroupChildrenTakeTheShortcut() throws {
        let group = CAAnimationGroup()
        group.animations = [basic("position.x", from: 10, to: 30), basic("transform.rotation.z", from: 0, to: 3) {
            $0.isAdditive = true
        }]
        group.duration = 0.5
        group.repeatCount = 3
        let compiled = try CompiledAnimation(group, presentationValue: nil, modelValue: nil)
        for step in 0...30 {
            var fast = model(), general = model()
            compiled.apply(to: &fast, parentTime: Double(step) * 0.061)
            compiled.apply(to: &general, parentTime: Double(step) * 0.061, scalarShortcut: false)
            assertSameBits(fast, general, "group at step \(step)")
        }
    }

    /// Values that are not numbers, and value functions, keep the general path.
    func testOtherAnimationsHaveNoScalarForm() throws {
        let point = basic("position", from: CGPoint(x: 1, y: 2), to: CGPoint(x: 3, y: 4))
        let rotate = basic("transform", from: 0, to: 1) { $0.valueFunction = CAValueFunction(name: .rotateZ) }
        for animation in [point, rotate] {
            XCTAssertNil(try CompiledAnimation(animation, presentationValue: nil, modelValue: nil).scalar)
        }
    }

    /// A current value that is not a number (a Boolean read where the animation adds to it)
    /// sends the evaluation to the general path, which writes what it always did.
    func testANonNumberCurrentValueFallsBackToTheGeneralPath() throws {
        var state = LayerState()
        state.customValues["flag"] = .bool(true)
        let compiled = try CompiledAnimation(basic("flag", by: 0.5), presentationValue: nil, modelValue: nil)
        XCTAssertNotNil(compiled.scalar)
        var fast = state, general = state
        compiled.apply(to: &fast, parentTime: 0.3)
        compiled.apply(to: &general, parentTime: 0.3, scalarShortcut: false)
        XCTAssertEqual(fast.customValues["flag"], general.customValues["flag"])
    }

    private func assertSameBits(_ a: LayerState, _ b: LayerState, _ message: String,
                                file: StaticString = #filePath, line: UInt = #line) {
        func bits(_ s: LayerState) -> [UInt64] {
            let t = s.transform
            var fields = [s.position.x, s.position.y, s.anchorPoint.x, s.anchorPoint.y, s.zPosition,
                          s.bounds.origin.x, s.bounds.origin.y, s.bounds.size.width, s.bounds.size.height,
                          s.cornerRadius, t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                          t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0).bitPattern }
            fields.append(UInt64(s.opacity.bitPattern))
            fields.append((s.customValues["progress"]?.scalarValue ?? .nan).bitPattern)
            return fields
        }
        XCTAssertEqual(bits(a), bits(b), message, file: file, line: line)
    }
}
