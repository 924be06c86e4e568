import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

final class KeyframeAnimationTests: XCTestCase {
    private func keyframes(_ values: [Double], mode: CAAnimationCalculationMode = .linear,
                           keyTimes: [Double]? = nil) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: "x")
        animation.values = values
        animation.keyTimes = keyTimes?.map { NSNumber(value: $0) }
        animation.calculationMode = mode
        animation.duration = 1
        return animation
    }

    private func value(_ animation: CAKeyframeAnimation, at t: Double) throws -> Double {
        try XCTUnwrap(evaluate(animation, model: ["x": .scalar(-1)], at: t).scalar("x"))
    }

    func testLinearWithKeyTimesReachesEachValueAtItsTime() throws {
        let animation = keyframes([0, 10, 30], keyTimes: [0, 0.2, 1])
        XCTAssertEqual(try value(animation, at: 0), 0)
        XCTAssertEqual(try value(animation, at: 0.1), 5, accuracy: 1e-9)
        XCTAssertEqual(try value(animation, at: 0.2), 10, accuracy: 1e-9)
        XCTAssertEqual(try value(animation, at: 0.6), 20, accuracy: 1e-9)
        // Without keyTimes the keyframes are evenly spaced.
        animation.keyTimes = nil
        XCTAssertEqual(try value(animation, at: 0.25), 5, accuracy: 1e-9)
        XCTAssertEqual(try value(animation, at: 0.75), 20, accuracy: 1e-9)
    }

    func testPerSegmentTimingFunctions() throws {
        let animation = keyframes([0, 10, 30])
        animation.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        let easeIn = CAMediaTimingFunction(name: .easeIn).value(at: 0.5)
        XCTAssertEqual(try value(animation, at: 0.25), 10 * easeIn, accuracy: 1e-9)
        XCTAssertEqual(try value(animation, at: 0.75), 20, accuracy: 1e-9)
    }

    func testDiscreteHoldsEachValueFromItsKeyTime() throws {
        // Apple: discrete mode takes one more key time than values.
        let animation = keyframes([1, 2, 3], mode: .discrete, keyTimes: [0, 0.5, 0.75, 1])
        XCTAssertEqual(try value(animation, at: 0.4), 1)
        XCTAssertEqual(try value(animation, at: 0.5), 2)
        XCTAssertEqual(try value(animation, at: 0.8), 3)
        animation.keyTimes = nil
        XCTAssertEqual(try value(animation, at: 0.3), 1)
        XCTAssertEqual(try value(animation, at: 0.34), 2)
        XCTAssertEqual(try value(animation, at: 0.7), 3)
    }

    func testPacedMovesAtConstantSpeedAndIgnoresKeyTimes() throws {
        // Segments of length 1 and 2: a third of the time covers the first, so positions at
        // 1/3 and 2/3 of the time are 1 and 2 along the path.
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 2)]
        animation.calculationMode = .paced
        animation.keyTimes = [0, 0.9, 1]
        animation.duration = 3
        let model: [String: AnimatableValue] = ["position": .point(.zero)]
        func position(_ t: Double) throws -> CGPoint {
            let value = try evaluate(animation, model: model, at: t).values["position"]
            guard case let .point(p)? = value else {
                XCTFail("position at \(t) s should be a point, not \(String(describing: value))")
                return CGPoint(x: CGFloat.nan, y: CGFloat.nan)
            }
            return p
        }
        XCTAssertEqual(try position(0.5).x, 0.5, accuracy: 1e-9)
        XCTAssertEqual(try position(1).x, 1, accuracy: 1e-9)
        XCTAssertEqual(try position(2).y, 1, accuracy: 1e-9)
        XCTAssertEqual(try position(2.5).y, 1.5, accuracy: 1e-9)
    }

    func testCubicPassesThroughEveryValueAsCatmullRom() throws {
        let values = [0.0, 10, 5, 20]
        let animation = keyframes(values, mode: .cubic)
        for (i, v) in values.enumerated() {
            XCTAssertEqual(try value(animation, at: Double(i) / 3 + (i == 3 ? -1e-12 : 0)), v, accuracy: 1e-6)
        }
        // Catmull-Rom on segment 1 (10 → 5) at its middle, from the standard matrix form.
        let (p0, p1, p2, p3, s) = (0.0, 10.0, 5.0, 20.0, 0.5)
        let expected = 0.5 * (2 * p1 + (-p0 + p2) * s + (2 * p0 - 5 * p1 + 4 * p2 - p3) * s * s
            + (-p0 + 3 * p1 - 3 * p2 + p3) * s * s * s)
        XCTAssertEqual(try value(animation, at: 0.5), expected, accuracy: 1e-9)
    }

    func testCubicIsSmoothAcrossKeyframesEvenWithUnevenKeyTimes() throws {
        for keyTimes in [nil, [0, 0.2, 0.7, 1.0]] as [[Double]?] {
            let animation = keyframes([0, 10, 5, 20], mode: .cubic, keyTimes: keyTimes)
            for knot in (keyTimes ?? [0, 1.0 / 3, 2.0 / 3, 1])[1...2] {
                let h = 1e-5
                let left = (try value(animation, at: knot) - value(animation, at: knot - h)) / h
                let right = (try value(animation, at: knot + h) - value(animation, at: knot)) / h
                XCTAssertEqual(left, right, accuracy: 1e-2 * max(1, abs(left)), "knot \(knot)")
            }
        }
    }

    func testTensionOneGivesStraightLines() throws {
        // Tension 1 zeroes every tangent: a smooth step between keyframes, through the
        // same values, with the middle of a segment at the average of its ends.
        let animation = keyframes([0, 10, 30], mode: .cubic)
        animation.tensionValues = [1, 1, 1]
        XCTAssertEqual(try value(animation, at: 0.25), 5, accuracy: 1e-9)
        XCTAssertEqual(try value(animation, at: 0.75), 20, accuracy: 1e-9)
        XCTAssertLessThan(try value(animation, at: 0.05), 0.5)
    }

    func testSampledPathPacedAndTangent() throws {
        // An L-shaped path: right 100, then down 50 (y down). Paced: 2/3 of the time at the corner.
        let segments: [PathSegment] = [.line(.zero, CGPoint(x: 100, y: 0)),
                                       .line(CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 50))]
        let path = try XCTUnwrap(SampledPath(segments: segments))
        XCTAssertEqual(path.length, 150, accuracy: 1e-9)
        let paced = KeyframePath(path: path, mode: .paced, keyTimes: nil, timingFunctions: [])
        XCTAssertEqual(paced.sample(at: 1.0 / 3).position.x, 50, accuracy: 1e-6)
        XCTAssertEqual(paced.sample(at: 5.0 / 6).position.y, 25, accuracy: 1e-6)
        XCTAssertEqual(paced.sample(at: 0.1).angle, 0, accuracy: 1e-12)
        XCTAssertEqual(paced.sample(at: 0.9).angle, .pi / 2, accuracy: 1e-12)
        // Linear: each segment takes half the time.
        let linear = KeyframePath(path: path, mode: .linear, keyTimes: nil, timingFunctions: [])
        XCTAssertEqual(linear.sample(at: 0.75).position.y, 25, accuracy: 1e-9)
    }

    func testCubicBezierPathLengthAndMidpoint() throws {
        // A symmetric arch: its midpoint in time is its apex (x = 150, y = 0.75 × -100).
        let arch = PathSegment.curve(CGPoint(x: 0, y: 150), CGPoint(x: 75, y: 0),
                                     CGPoint(x: 225, y: 300), CGPoint(x: 300, y: 150))
        XCTAssertEqual(arch.point(at: 0.5).x, 150, accuracy: 1e-9)
        let line = try XCTUnwrap(SampledPath(segments: [.curve(.zero, CGPoint(x: 10, y: 0),
                                                               CGPoint(x: 20, y: 0), CGPoint(x: 30, y: 0))]))
        XCTAssertEqual(line.length, 30, accuracy: 1e-9)
    }

    func testPathAnimationWritesPositionAndRotatesWithTangent() throws {
        let path = try XCTUnwrap(SampledPath(segments: [.line(.zero, CGPoint(x: 0, y: 100))]))
        let compiled = CompiledAnimation(
            keyPath: "position", timing: MediaTimingParameters(duration: 2),
            kind: .path(KeyframePath(path: path, mode: .linear, keyTimes: nil, timingFunctions: []),
                        .rotateAutoReverse, .init()))
        var target = DictionaryTarget(values: ["position": .point(.zero), "transform.rotation.z": .scalar(0.1)])
        compiled.apply(to: &target, parentTime: 0.5)
        XCTAssertEqual(target.values["position"], .point(CGPoint(x: 0, y: 25)))
        XCTAssertEqual(target.scalar("transform.rotation.z") ?? 0, 0.1 + .pi / 2 + .pi, accuracy: 1e-12)
    }

    func testNoValuesIsAnError() {
        XCTAssertThrowsError(try CompiledAnimation(CAKeyframeAnimation(keyPath: "x"), presentationValue: nil, modelValue: nil)) {
            XCTAssertEqual($0 as? AnimationCompileError, .noKeyframes)
        }
    }
}
