import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// An animation that keeps a flat layer flat (a turn about z, a scale, a translation in x and
/// y, or affine transform values) does not mark its layer as one that may leave its plane, so
/// its siblings need no depth sort and are evaluated in the flattener's parallel parts; one
/// that turns about x or y, translates in z, projects, or moves `anchorPointZ` still does.
final class PlanarAnimationTests: XCTestCase {
    private func compiled(_ animation: CAAnimation) throws -> CompiledAnimation {
        try CompiledAnimation(animation, presentationValue: nil, modelValue: .transform(CATransform3DIdentity))
    }

    private func basic(_ keyPath: String, from: Any, to: Any) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        return animation
    }

    func testTurnsAboutZScalesAndPlanarTranslationsKeepTheLayerFlat() throws {
        for keyPath in ["transform.rotation.z", "transform.rotation", "transform.scale", "transform.scale.x",
                        "transform.scale.y", "transform.translation.x", "transform.translation.y"] {
            XCTAssertFalse(try compiled(basic(keyPath, from: 0.0, to: 2.0)).mayMoveInDepth, keyPath)
        }
        XCTAssertFalse(try compiled(basic("position", from: CGPoint.zero, to: CGPoint(x: 5, y: 5))).mayMoveInDepth)
    }

    func testTurnsAboutXOrYAndDepthMovesMayLeaveThePlane() throws {
        for keyPath in ["transform.rotation.x", "transform.rotation.y", "transform.translation.z"] {
            XCTAssertTrue(try compiled(basic(keyPath, from: 0.0, to: 1.0)).mayMoveInDepth, keyPath)
        }
        XCTAssertTrue(try compiled(basic("anchorPointZ", from: 0.0, to: 10.0)).mayMoveInDepth)
    }

    func testWholeTransformValuesDecideByBeingAffine() throws {
        let turn = CATransform3DMakeRotation(1.2, 0, 0, 1)
        let shear = CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0.3, c: -0.2, d: 2, tx: 7, ty: -3))
        XCTAssertFalse(try compiled(basic("transform", from: turn, to: shear)).mayMoveInDepth)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        XCTAssertTrue(try compiled(basic("transform", from: turn, to: perspective)).mayMoveInDepth)
        XCTAssertTrue(try compiled(basic("transform", from: turn, to: CATransform3DMakeRotation(0.5, 0, 1, 0)))
            .mayMoveInDepth)
        let keyframes = CAKeyframeAnimation(keyPath: "transform")
        keyframes.values = [turn, shear, CATransform3DMakeScale(2, 3, 1)]
        XCTAssertFalse(try compiled(keyframes).mayMoveInDepth)
        keyframes.values = [turn, CATransform3DMakeTranslation(0, 0, 40)]
        XCTAssertTrue(try compiled(keyframes).mayMoveInDepth)
    }

    func testValueFunctionsDecideByTheirAxis() throws {
        let spin = basic("transform", from: 0.0, to: 3.0)
        spin.valueFunction = CAValueFunction(name: .rotateZ)
        XCTAssertFalse(try compiled(spin).mayMoveInDepth)
        spin.valueFunction = CAValueFunction(name: .rotateY)
        XCTAssertTrue(try compiled(spin).mayMoveInDepth)
        spin.valueFunction = CAValueFunction(name: .translateZ)
        XCTAssertTrue(try compiled(spin).mayMoveInDepth)
    }

    func testAGroupMayLeaveThePlaneWhenAnyChildMay() throws {
        let group = CAAnimationGroup()
        group.animations = [basic("transform.rotation.z", from: 0.0, to: 1.0), basic("opacity", from: 0.0, to: 1.0)]
        XCTAssertFalse(try compiled(group).mayMoveInDepth)
        group.animations = [basic("transform.rotation.z", from: 0.0, to: 1.0), basic("transform.rotation.x", from: 0.0, to: 1.0)]
        XCTAssertTrue(try compiled(group).mayMoveInDepth)
    }

    /// A fixed seed's sequence of affine transforms: turns, scales (mirrors included), skews
    /// and translations.
    private struct AffineSequence {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15

        mutating func next(_ range: ClosedRange<CGFloat>) -> CGFloat {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + (range.upperBound - range.lowerBound) * CGFloat(seed >> 11) / CGFloat(1 << 53)
        }

        mutating func next() -> CATransform3D {
            CATransform3DMakeAffineTransform(CGAffineTransform(a: next(-2...2), b: next(-2...2), c: next(-2...2),
                                                               d: next(-2...2), tx: next(-100...100), ty: next(-100...100)))
        }
    }

    private func determinant(_ t: CATransform3D) -> CGFloat { t.m11 * t.m22 - t.m12 * t.m21 }

    /// Whether `t` keeps a flat layer flat, to rounding.
    private func isFlat(_ t: CATransform3D) -> Bool {
        [t.m13, t.m23, t.m43, t.m14, t.m24].allSatisfy { abs($0) < 1e-9 } && abs(t.m44 - 1) < 1e-9
    }

    /// The claim the classification of whole transforms rests on: an animation between affine
    /// transforms of the same orientation evaluates (decomposed interpolation) to transforms
    /// that keep a flat layer flat at every fraction; between a mirrored and an unmirrored one
    /// it turns through depth, and is classified so. 200 pairs, eleven fractions each.
    func testInterpolatingAffineTransformsStaysFlatOnlyWithinOneOrientation() throws {
        var sequence = AffineSequence()
        var pairs = (sameOrientation: 0, mixed: 0, mixedLeavingThePlane: 0)
        for _ in 0..<200 {
            let from = sequence.next(), to = sequence.next()
            let animation = basic("transform", from: from, to: to)
            animation.duration = 1
            let sameOrientation = determinant(from) > 0 && determinant(to) > 0
            XCTAssertEqual(try compiled(animation).mayMoveInDepth, !sameOrientation)
            var leftThePlane = false
            for step in 0...10 {
                let target = try evaluate(animation, model: ["transform": .transform(CATransform3DIdentity)],
                                          at: Double(step) / 10)
                guard case .transform(let t)? = target.values["transform"] else { return XCTFail("no transform") }
                if sameOrientation { XCTAssertTrue(isFlat(t), "\(t) at \(Double(step) / 10)") }
                leftThePlane = leftThePlane || !isFlat(t)
            }
            if sameOrientation { pairs.sameOrientation += 1 }
            if (determinant(from) > 0) != (determinant(to) > 0) {
                pairs.mixed += 1
                if leftThePlane { pairs.mixedLeavingThePlane += 1 }
            }
        }
        XCTAssertGreaterThan(pairs.sameOrientation, 30)
        XCTAssertGreaterThan(pairs.mixedLeavingThePlane, pairs.mixed / 2)
    }

    /// Setting a turn about z, a scale or an x or y translation (what those key paths animate)
    /// on any flat transform, mirrored or not, gives a flat transform.
    func testPlanarFieldsKeepEveryFlatTransformFlat() {
        var sequence = AffineSequence()
        let fields: [(TransformComponent, ClosedRange<CGFloat>)] = [
            (.rotationZ, -7...7), (.rotation, -7...7), (.scaleX, -3...3), (.scaleY, -3...3), (.scaleZ, -3...3),
            (.scale, -3...3), (.translationX, -200...200), (.translationY, -200...200),
        ]
        for _ in 0..<200 {
            let base = sequence.next()
            for (field, range) in fields {
                let value = sequence.next(range)
                let set = base.settingVirtualComponent(field, to: value)
                XCTAssertTrue(isFlat(set), "\(field) = \(value) on \(base): \(set)")
            }
        }
    }
}
