import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// A linear basic animation of `keyPath` that began `elapsed` seconds ago (in global media time,
/// which is the layer's time for a root layer with default timing).
func runningAnimation(_ keyPath: String, from: Any?, to: Any?, duration: CFTimeInterval = 1,
                      elapsed: CFTimeInterval = 0.5) -> CABasicAnimation {
    let animation = CABasicAnimation(keyPath: keyPath)
    animation.fromValue = from
    animation.toValue = to
    animation.duration = duration
    animation.timingFunction = CAMediaTimingFunction(name: .linear)
    animation.beginTime = CACurrentMediaTime() - elapsed
    return animation
}

final class PresentationTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        super.tearDown()
    }

    func testPresentationIsNilBeforeTheFirstCommitAndPresentAfter() {
        let layer = CALayer()
        layer.opacity = 0.5
        XCTAssertNil(layer.presentation())
        CATransaction.flush()
        let presented = try? XCTUnwrap(layer.presentation())
        XCTAssertEqual(presented?.opacity, 0.5)
    }

    func testExplicitPositionAnimationHalfwayThrough() throws {
        let layer = makeLiveLayer()
        layer.add(runningAnimation("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 0)), forKey: "move")
        let presented = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(presented.position.x, 50, accuracy: 1)
        XCTAssertEqual(presented.position.y, 0, accuracy: 1e-9)
        // The model is untouched.
        XCTAssertEqual(layer.position, CGPoint(x: 10, y: 20))
    }

    func testKeyPathAnimationOfAStructureField() throws {
        let layer = makeLiveLayer()
        layer.add(runningAnimation("position.x", from: 0.0, to: 200.0, elapsed: 0.25), forKey: "x")
        let presented = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(presented.position.x, 50, accuracy: 1)
        XCTAssertEqual(presented.position.y, 20, accuracy: 1e-9, "the other field keeps the model value")
    }

    func testRotationKeyPathShowsInTheTransform() throws {
        let layer = makeLiveLayer()
        layer.add(runningAnimation("transform.rotation.z", from: 0.0, to: Double.pi), forKey: "spin")
        let presented = try XCTUnwrap(layer.presentation())
        let angle = try XCTUnwrap(presented.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        XCTAssertEqual(angle, .pi / 2, accuracy: 0.02)
        // A rotation by pi/2 about z: m11 = cos = 0, m12 = sin = 1.
        XCTAssertEqual(presented.transform.m11, 0, accuracy: 0.02)
        XCTAssertEqual(presented.transform.m12, 1, accuracy: 0.02)
    }

    func testCustomPropertyAnimationShowsInPresentation() throws {
        let layer = makeLiveLayer()
        layer.setValue(0.0, forKey: "progress")
        CATransaction.flush()
        layer.add(runningAnimation("progress", from: 0.0, to: 10.0, elapsed: 0.3), forKey: "progress")
        let presented = try XCTUnwrap(layer.presentation())
        let progress = try XCTUnwrap(presented.value(forKey: "progress") as? Double)
        XCTAssertEqual(progress, 3, accuracy: 0.1)
        XCTAssertEqual(layer.value(forKey: "progress") as? Double, 0)
    }

    func testAdditiveAnimationAddsToTheModelValue() throws {
        let layer = makeLiveLayer()
        let shake = runningAnimation("position.x", from: 0.0, to: 100.0)
        shake.isAdditive = true
        layer.add(shake, forKey: "shake")
        let presented = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(presented.position.x, 10 + 50, accuracy: 1)
    }

    func testFillModesBeforeAndAfterTheActiveInterval() throws {
        let layer = makeLiveLayer()
        // Starts in 10 s: backwards fill shows the from value now.
        let later = runningAnimation("opacity", from: 0.2, to: 0.8, elapsed: -10)
        later.fillMode = .backwards
        layer.add(later, forKey: "later")
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).opacity, 0.2, accuracy: 1e-6)
        later.fillMode = .removed
        layer.add(later, forKey: "later")
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).opacity, 1, accuracy: 1e-6, "removed fill shows the model")

        // Ended 1 s ago: forwards fill keeps the to value while the animation stays attached.
        let ended = runningAnimation("opacity", from: 0.2, to: 0.8, elapsed: 2)
        ended.fillMode = .forwards
        ended.isRemovedOnCompletion = false
        layer.removeAllAnimations()
        layer.add(ended, forKey: "ended")
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).opacity, 0.8, accuracy: 1e-6)
        ended.fillMode = .backwards
        layer.add(ended, forKey: "ended")
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).opacity, 1, accuracy: 1e-6)
    }

    func testSublayersOfThePresentationAreAnimatedToo() throws {
        let layer = makeLiveLayer()
        let child = CALayer()
        layer.addSublayer(child)
        CATransaction.flush()
        child.add(runningAnimation("bounds.size.width", from: 0.0, to: 40.0), forKey: "grow")
        let presented = try XCTUnwrap(layer.presentation())
        let presentedChild = try XCTUnwrap(presented.sublayers?.first)
        XCTAssertEqual(presentedChild.bounds.width, 20, accuracy: 0.5)
        XCTAssertTrue(presentedChild.superlayer === presented)
        XCTAssertTrue(presentedChild.model() === child)
    }

    func testModelOfAPresentationLayerIsTheModel() throws {
        let layer = makeLiveLayer()
        let presented = try XCTUnwrap(layer.presentation())
        XCTAssertFalse(presented === layer)
        XCTAssertTrue(presented.model() === layer)
        XCTAssertTrue(layer.model() === layer)
    }

    func testPresentationKeepsTheSubclass() throws {
        let layer = PresentationTestLayer()
        joinTransaction(layer)
        CATransaction.flush()
        let presented: CALayer = try XCTUnwrap(layer.presentation())
        XCTAssertTrue(presented is PresentationTestLayer)
    }

    /// A committed root layer at (10, 20), its actions disabled so that set-up never animates.
    private func makeLiveLayer() -> CALayer {
        let layer = CALayer()
        layer.position = CGPoint(x: 10, y: 20)
        CATransaction.flush()
        return layer
    }
}

private final class PresentationTestLayer: CALayer {}
