import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// Implicit and explicit animation of the specialized layers' animatable properties, and path
/// interpolation.
final class SpecializedLayerAnimationTests: XCTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    override func tearDown() {
        CATransaction.flush()
        super.tearDown()
    }

    /// `layer` committed in a tree, so that changes run actions.
    private func live<Layer: CALayer>(_ layer: Layer) -> Layer {
        joinTransaction(layer)
        CATransaction.flush()
        XCTAssertTrue(layer.isLive)
        return layer
    }

    private func square(_ side: CGFloat, at origin: CGFloat = 0) -> CGPath {
        CGPath(rect: CGRect(x: origin, y: origin, width: side, height: side))
    }

    func testStrokeEndChangeOnALiveLayerAnimatesFromTheOldValue() throws {
        let shape = live(CAShapeLayer())
        shape.strokeEnd = 0.5
        let animation = try XCTUnwrap(shape.animation(forKey: "strokeEnd") as? CABasicAnimation)
        XCTAssertEqual(animation.keyPath, "strokeEnd")
        XCTAssertEqual(AnimatableValue(animation.fromValue)?.scalarValue ?? -1, 1, accuracy: 1e-12)
        XCTAssertEqual(animation.duration, 0.25)
        XCTAssertEqual(shape.strokeEnd, 0.5)
    }

    func testNonAnimatablePropertiesDoNotAnimate() {
        let shape = live(CAShapeLayer())
        shape.lineCap = .round
        shape.fillRule = .evenOdd
        XCTAssertNil(shape.animation(forKey: "lineCap"))
        XCTAssertNil(shape.animation(forKey: "fillRule"))
        let emitter = live(CAEmitterLayer())
        emitter.renderMode = .additive
        XCTAssertNil(emitter.animation(forKey: "renderMode"))
    }

    func testEachClassAnimatesItsAnimatableKeysImplicitly() {
        let gradient = CAGradientLayer()
        gradient.colors = [red, blue]
        _ = live(gradient)
        gradient.colors = [blue, red]
        gradient.startPoint = CGPoint(x: 0, y: 0)
        XCTAssertNotNil(gradient.animation(forKey: "colors"))
        XCTAssertNotNil(gradient.animation(forKey: "startPoint"))
        gradient.type = .radial
        XCTAssertNil(gradient.animation(forKey: "type"))

        let text = live(CATextLayer())
        text.fontSize = 18
        text.foregroundColor = red
        text.alignmentMode = .center
        XCTAssertNotNil(text.animation(forKey: "fontSize"))
        XCTAssertNotNil(text.animation(forKey: "foregroundColor"))
        XCTAssertNil(text.animation(forKey: "alignmentMode"))

        let replicator = live(CAReplicatorLayer())
        replicator.instanceAlphaOffset = -0.5
        replicator.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        XCTAssertNotNil(replicator.animation(forKey: "instanceAlphaOffset"))
        XCTAssertNotNil(replicator.animation(forKey: "instanceTransform"))

        let emitter = live(CAEmitterLayer())
        emitter.emitterPosition = CGPoint(x: 50, y: 50)
        emitter.birthRate = 2
        XCTAssertNotNil(emitter.animation(forKey: "emitterPosition"))
        XCTAssertNotNil(emitter.animation(forKey: "birthRate"))
    }

    func testExplicitStrokeEndAnimationHalfwayThrough() throws {
        let shape = live(CAShapeLayer())
        shape.add(runningAnimation("strokeEnd", from: 0.0, to: 1.0), forKey: "draw")
        let presented = try XCTUnwrap(shape.presentation())
        XCTAssertEqual(presented.strokeEnd, 0.5, accuracy: 0.02)
        XCTAssertEqual(shape.strokeEnd, 1, "the model is untouched")
    }

    func testColorsAnimateComponentWise() throws {
        let gradient = CAGradientLayer()
        gradient.colors = [red, red]
        _ = live(gradient)
        gradient.add(runningAnimation("colors", from: [red, red], to: [blue, red]), forKey: "shift")
        let presented = try XCTUnwrap(gradient.presentation())
        let first = try XCTUnwrap((presented.colors as? [CGColor])?.first?.components)
        XCTAssertEqual(first[0], 0.5, accuracy: 0.02)
        XCTAssertEqual(first[2], 0.5, accuracy: 0.02)
        XCTAssertEqual((presented.colors as? [CGColor])?.last, red)
    }

    func testLocationsAnimate() throws {
        let gradient = CAGradientLayer()
        gradient.colors = [red, blue]
        gradient.locations = [0, 1]
        _ = live(gradient)
        gradient.add(runningAnimation("locations", from: [0.0, 1.0], to: [0.5, 0.5]), forKey: "squeeze")
        let presented = try XCTUnwrap(gradient.presentation())
        let locations = try XCTUnwrap(presented.locations).map(\.doubleValue)
        XCTAssertEqual(locations[0], 0.25, accuracy: 0.02)
        XCTAssertEqual(locations[1], 0.75, accuracy: 0.02)
    }

    func testPathInterpolatesPointByPoint() throws {
        let mid = try XCTUnwrap(PathInterpolation.interpolate(square(10), square(30, at: 10), fraction: 0.5))
        // Each corner moves halfway: (0,0)→(10,10) is (5,5); (10,0)→(40,10) is (25,5); ...
        XCTAssertEqual(mid.elements, CGPath(rect: CGRect(x: 5, y: 5, width: 20, height: 20)).elements)
    }

    func testLineAndCurveInterpolateThroughTheEquivalentCubic() throws {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 30, y: 0))
        let curve = CGMutablePath()
        curve.move(to: .zero)
        curve.addCurve(to: CGPoint(x: 30, y: 0), control1: CGPoint(x: 10, y: 30), control2: CGPoint(x: 20, y: 30))
        let mid = try XCTUnwrap(PathInterpolation.interpolate(line, curve, fraction: 0.5))
        // The line is the cubic with controls at (10,0) and (20,0); halfway the controls are at y 15.
        XCTAssertEqual(mid.elements, [.moveToPoint(.zero),
                                      .addCurveToPoint(control1: CGPoint(x: 10, y: 15), control2: CGPoint(x: 20, y: 15),
                                                       end: CGPoint(x: 30, y: 0))])
    }

    func testPathsOfDifferentElementCountsSwitchHalfway() {
        let triangle = CGMutablePath()
        triangle.addLines(between: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)])
        XCTAssertNil(PathInterpolation.interpolate(triangle, square(10), fraction: 0.5))
        let a = AnimatableValue.path(triangle.copy()), b = AnimatableValue.path(square(10))
        XCTAssertEqual(AnimatableValue.interpolate(a, b, fraction: 0.4), a)
        XCTAssertEqual(AnimatableValue.interpolate(a, b, fraction: 0.6), b)
    }

    func testPathChangeOnALiveLayerAnimatesAndPresentsTheInterpolatedPath() throws {
        let shape = CAShapeLayer()
        shape.path = square(10)
        _ = live(shape)
        shape.path = square(30, at: 10)
        XCTAssertNotNil(shape.animation(forKey: "path") as? CABasicAnimation)
        shape.removeAllAnimations()
        shape.add(runningAnimation("path", from: square(10), to: square(30, at: 10)), forKey: "grow")
        let presented = try XCTUnwrap(shape.presentation()?.path)
        let corner = try XCTUnwrap(presented.elements.first?.points.first)
        XCTAssertEqual(corner.x, 5, accuracy: 0.2)
        XCTAssertEqual(corner.y, 5, accuracy: 0.2)
    }

    func testEmitterCellKeyPathsAnimateAndSetTheCell() throws {
        let cell = CAEmitterCell()
        cell.name = "fire"
        cell.birthRate = 100
        let emitter = CAEmitterLayer()
        emitter.emitterCells = [cell]
        _ = live(emitter)
        XCTAssertEqual(emitter.value(forKeyPath: "emitterCells.fire.birthRate") as? CGFloat, 100)
        emitter.add(runningAnimation("emitterCells.fire.birthRate", from: 0.0, to: 200.0), forKey: "ramp")
        let presented = try XCTUnwrap(emitter.presentation())
        XCTAssertEqual(Double(presented.state.emitter.cells[0].birthRate), 100, accuracy: 4)

        emitter.setValue(20, forKeyPath: "emitterCells.fire.velocity")
        XCTAssertEqual(emitter.state.emitter.cells[0].velocity, 20)
        XCTAssertEqual(cell.velocity, 20, "the cell object follows the key path")
        XCTAssertThrowsError(try emitter.setCheckedValue(1, forKeyPath: "emitterCells.smoke.velocity"))
    }

    func testNestedEmitterCellKeyPaths() {
        let spark = CAEmitterCell()
        spark.name = "spark"
        let rocket = CAEmitterCell()
        rocket.name = "rocket"
        rocket.emitterCells = [spark]
        let emitter = CAEmitterLayer()
        emitter.emitterCells = [rocket]
        emitter.setValue(42, forKeyPath: "emitterCells.rocket.emitterCells.spark.lifetime")
        XCTAssertEqual(emitter.state.emitter.cells[0].emitterCells[0].lifetime, 42)
        XCTAssertEqual(spark.lifetime, 42)
    }
}
