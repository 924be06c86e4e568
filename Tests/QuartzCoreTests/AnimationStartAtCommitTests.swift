import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// An animation added with `beginTime` 0 is compiled once, when it is added; the commit only
/// moves its start (`CompiledAnimation.starting(at:)`). The moved animation must be the one a
/// second compile with that `beginTime` gives: the same timing, the same timing identities for
/// its plain-value forms, and the same values written at every time.
final class AnimationStartAtCommitTests: XCTestCase {
    /// Animations of each compiled form: numbers, points, whole transforms, springs, keyframes,
    /// groups; with repeats, autoreverses, speed, offset and fill modes.
    private func animations() -> [CAAnimation] {
        let scalar = CABasicAnimation(keyPath: "position.x")
        scalar.fromValue = 3.5; scalar.toValue = 90; scalar.duration = 0.8
        scalar.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        scalar.repeatCount = 2.5; scalar.autoreverses = true
        let point = CABasicAnimation(keyPath: "position")
        point.toValue = CGPoint(x: 7, y: 11); point.duration = 0.5; point.speed = 2; point.fillMode = .both
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.byValue = 1.5; turn.duration = 0.7; turn.isAdditive = true; turn.timeOffset = 0.2
        let whole = CABasicAnimation(keyPath: "transform")
        whole.fromValue = CATransform3DMakeScale(2, 3, 1); whole.duration = 0.4; whole.fillMode = .forwards
        let spring = CASpringAnimation(keyPath: "opacity")
        spring.fromValue = 0.1; spring.toValue = 0.9
        let keyframes = CAKeyframeAnimation(keyPath: "position.y")
        keyframes.values = [0, 20, 5]; keyframes.duration = 0.9
        let group = CAAnimationGroup()
        group.animations = [scalar.copy() as! CAAnimation, turn.copy() as! CAAnimation]
        group.duration = 1.1; group.repeatCount = .infinity
        return [scalar, point, turn, whole, spring, keyframes, group]
    }

    func testStartingAtCommitIsTheSecondCompile() throws {
        var state = LayerState()
        (state.position, state.opacity) = (CGPoint(x: 40.5, y: -3.25), 0.7)
        state.transform = CATransform3DRotate(CATransform3DMakeScale(1.25, 0.5, 1), 1.1, 0, 0, 1)
        for animation in animations() {
            animation.beginTime = 0.25
            let keyPath = (animation as? CAPropertyAnimation)?.keyPath
            let current = keyPath.flatMap { state.animatableValue(forKeyPath: $0) }
            let added = try CompiledAnimation(animation, presentationValue: current, modelValue: current)
            let copy = animation.copy() as! CAAnimation
            copy.beginTime = 3.125
            let compiled = try CompiledAnimation(copy, presentationValue: current, modelValue: current)
            let moved = added.starting(at: 3.125)
            let name = keyPath ?? "group"
            XCTAssertEqual(moved.timing, compiled.timing, name)
            XCTAssertEqual(moved.fieldForms.scalar?.timingIdentity, compiled.fieldForms.scalar?.timingIdentity, name)
            XCTAssertEqual(moved.fieldForms.point?.timingIdentity, compiled.fieldForms.point?.timingIdentity, name)
            XCTAssertEqual(moved.fieldForms.transform?.animation.timingIdentity,
                           compiled.fieldForms.transform?.animation.timingIdentity, name)
            XCTAssertEqual(moved.fieldForms.transform?.animation.timing, compiled.fieldForms.transform?.animation.timing,
                           name)
            for step in 0..<60 {
                let time = 2.5 + Double(step) * 0.0625
                var a = state, b = state, c = state, d = state
                moved.apply(to: &a, parentTime: time)
                compiled.apply(to: &b, parentTime: time)
                XCTAssertEqual(a.animatableValue(forKeyPath: keyPath ?? "transform"),
                               b.animatableValue(forKeyPath: keyPath ?? "transform"), "\(name) at \(time)")
                XCTAssertEqual(a.transform, b.transform, "\(name) at \(time)")
                XCTAssertEqual(a.position, b.position, "\(name) at \(time)")
                XCTAssertEqual(moved.applyToField(of: &c, parentTime: time), compiled.applyToField(of: &d, parentTime: time))
                XCTAssertEqual(c.position, d.position, "\(name) at \(time)")
                XCTAssertEqual(c.transform, d.transform, "\(name) at \(time)")
                XCTAssertEqual(c.opacity, d.opacity, "\(name) at \(time)")
            }
        }
    }

    func testAddedWithBeginTimeZeroStartsAtTheCommit() {
        let layer = CALayer()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0; move.toValue = 100; move.duration = 2
        layer.add(move, forKey: "move")
        CATransaction.flush()
        let attached = layer.animationStore.first { $0.key == "move" }
        XCTAssertNotNil(attached)
        guard let attached else { return }
        XCTAssertFalse(attached.startsAtCommit)
        XCTAssertGreaterThan(attached.animation.beginTime, 0)
        XCTAssertEqual(attached.compiled.timing.beginTime, attached.animation.beginTime)
        XCTAssertEqual(attached.compiled.fieldForms.scalar?.timing.beginTime, attached.animation.beginTime)
    }
}
