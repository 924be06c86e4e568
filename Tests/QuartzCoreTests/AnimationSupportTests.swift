import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// A stand-in for a layer's state: values by key path.
struct DictionaryTarget: AnimationTarget {
    var values: [String: AnimatableValue] = [:]

    func animatableValue(forKeyPath keyPath: String) -> AnimatableValue? { values[keyPath] }

    @discardableResult
    mutating func setAnimatableValue(_ value: AnimatableValue, forKeyPath keyPath: String) -> Bool {
        values[keyPath] = value
        return true
    }

    func scalar(_ keyPath: String) -> Double? { values[keyPath]?.scalarValue }
}

/// Evaluates `animation` on a fresh target holding `model` at its key path.
func evaluate(_ animation: CAAnimation, model: [String: AnimatableValue], at time: CFTimeInterval,
              presentation: AnimatableValue? = nil) throws -> DictionaryTarget {
    let keyPath = (animation as? CAPropertyAnimation)?.keyPath
    let compiled = try CompiledAnimation(animation, presentationValue: presentation,
                                         modelValue: keyPath.flatMap { model[$0] })
    var target = DictionaryTarget(values: model)
    compiled.apply(to: &target, parentTime: time)
    return target
}

/// The sRGB components of a colour value.
func rgba(_ value: AnimatableValue?) -> [Double]? {
    guard case let .color(color?)? = value, let c = color.components else { return nil }
    return c.map { Double($0) }
}

final class AnimationSupportTests: XCTestCase {
    func testColourInterpolatesComponentwiseIncludingAlpha() throws {
        let red = AnimatableValue.color(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let blue = AnimatableValue.color(CGColor(red: 0, green: 0.2, blue: 1, alpha: 0.5))
        let mid = try XCTUnwrap(rgba(.interpolate(red, blue, fraction: 0.5)))
        for (actual, expected) in zip(mid, [0.5, 0.1, 0.5, 0.75]) { XCTAssertEqual(actual, expected, accuracy: 1e-12) }
    }

    func testNilColourIsClearOfTheOtherColour() throws {
        let red = AnimatableValue.color(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let mid = try XCTUnwrap(rgba(.interpolate(.color(nil), red, fraction: 0.5)))
        XCTAssertEqual(mid, [1, 0, 0, 0.5])
    }

    func testRectPointSizeAndArrayInterpolation() {
        let a = AnimatableValue.rect(CGRect(x: 0, y: 10, width: 100, height: 50))
        let b = AnimatableValue.rect(CGRect(x: 20, y: 30, width: 200, height: 150))
        XCTAssertEqual(AnimatableValue.interpolate(a, b, fraction: 0.25), .rect(CGRect(x: 5, y: 15, width: 125, height: 75)))
        XCTAssertEqual(AnimatableValue.interpolate(.array([.scalar(0), .point(.zero)]),
                                                   .array([.scalar(4), .point(CGPoint(x: 8, y: -8))]), fraction: 0.5),
                       .array([.scalar(2), .point(CGPoint(x: 4, y: -4))]))
    }

    func testDiscreteKindsSwitchAtHalfway() {
        XCTAssertEqual(AnimatableValue.interpolate(.string("a"), .string("b"), fraction: 0.49), .string("a"))
        XCTAssertEqual(AnimatableValue.interpolate(.string("a"), .string("b"), fraction: 0.5), .string("b"))
        XCTAssertEqual(AnimatableValue.interpolate(.bool(false), .bool(true), fraction: 0.7), .bool(true))
    }

    func testAddingTransformsConcatenatesAndSubtractingInverts() throws {
        var translate = CATransform3D(); translate.m41 = 10; translate.m42 = 5
        var scale = CATransform3D(); scale.m11 = 2; scale.m22 = 2
        // Row vectors: translate then scale moves the translation too.
        let sum = try XCTUnwrap(AnimatableValue.transform(translate).adding(.transform(scale)))
        guard case let .transform(m) = sum else { return XCTFail("not a transform") }
        XCTAssertEqual(m.m41, 20); XCTAssertEqual(m.m42, 10); XCTAssertEqual(m.m11, 2)
        let back = try XCTUnwrap(sum.subtracting(.transform(scale)))
        guard case let .transform(t) = back else { return XCTFail("not a transform") }
        XCTAssertEqual(t.m41, 10, accuracy: 1e-12); XCTAssertEqual(t.m11, 1, accuracy: 1e-12)
    }

    func testIncompatibleKindsCannotBeAdded() {
        XCTAssertNil(AnimatableValue.scalar(1).adding(.point(.zero)))
        XCTAssertNil(AnimatableValue.array([.scalar(1)]).adding(.array([.scalar(1), .scalar(2)])))
    }

    func testMediaTimeIsMonotonicSeconds() {
        let first = CACurrentMediaTime()
        usleep(20_000)
        let second = CACurrentMediaTime()
        XCTAssertGreaterThanOrEqual(second - first, 0.019)
        XCTAssertLessThan(second - first, 1)
    }
}
