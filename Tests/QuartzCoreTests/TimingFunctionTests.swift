import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

final class TimingFunctionTests: XCTestCase {
    /// y at x on the Bézier (0,0)-(x1,y1)-(x2,y2)-(1,1), by dense sampling of the curve
    /// parameter and linear interpolation between samples: independent of the solver.
    private func sampledValue(_ p: (Double, Double, Double, Double), at x: Double) -> Double {
        func bezier(_ a: Double, _ b: Double, _ t: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
        }
        let steps = 200_000
        var previous = (x: 0.0, y: 0.0)
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            let point = (x: bezier(p.0, p.2, t), y: bezier(p.1, p.3, t))
            if point.x >= x {
                let w = (x - previous.x) / (point.x - previous.x)
                return previous.y + (point.y - previous.y) * w
            }
            previous = point
        }
        return 1
    }

    private let named: [(CAMediaTimingFunctionName, (Double, Double, Double, Double))] = [
        (.linear, (0, 0, 1, 1)), (.easeIn, (0.42, 0, 1, 1)), (.easeOut, (0, 0, 0.58, 1)),
        (.easeInEaseOut, (0.42, 0, 0.58, 1)), (.default, (0.25, 0.1, 0.25, 1)),
    ]

    func testNamedFunctionsMatchDenselySampledCurves() {
        for (name, points) in named {
            let function = CAMediaTimingFunction(name: name)
            for x in [0.25, 0.5, 0.75] {
                XCTAssertEqual(function.value(at: x), sampledValue(points, at: x), accuracy: 1e-6, "\(name.rawValue) at \(x)")
            }
        }
    }

    func testKnownValues() {
        // easeInEaseOut is symmetric about (0.5, 0.5); easeIn starts slowly, easeOut quickly.
        XCTAssertEqual(CAMediaTimingFunction(name: .easeInEaseOut).value(at: 0.5), 0.5, accuracy: 1e-9)
        XCTAssertLessThan(CAMediaTimingFunction(name: .easeIn).value(at: 0.25), 0.25)
        XCTAssertGreaterThan(CAMediaTimingFunction(name: .easeOut).value(at: 0.25), 0.25)
        XCTAssertEqual(CAMediaTimingFunction(name: .linear).value(at: 0.3), 0.3)
    }

    func testEaseInEaseOutIsSymmetric() {
        let function = CAMediaTimingFunction(name: .easeInEaseOut)
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            XCTAssertEqual(function.value(at: 1 - x), 1 - function.value(at: x), accuracy: 1e-6)
        }
    }

    func testControlPoints() {
        let function = CAMediaTimingFunction(name: .default)
        var point: [Float] = [-1, -1]
        function.getControlPoint(at: 0, values: &point); XCTAssertEqual(point, [0, 0])
        function.getControlPoint(at: 1, values: &point); XCTAssertEqual(point, [0.25, 0.1])
        function.getControlPoint(at: 2, values: &point); XCTAssertEqual(point, [0.25, 1])
        function.getControlPoint(at: 3, values: &point); XCTAssertEqual(point, [1, 1])
        function.getControlPoint(at: 7, values: &point); XCTAssertEqual(point, [1, 1])
        XCTAssertEqual(CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1))
    }

    func testSteepCurveWithFlatSlopeUsesBisection() {
        // The book's clock tick curve (1, 0, 0.75, 1), 001:6380: x'(0) = 3, x'(1) = 0.75; and a
        // curve with zero slope at the start, where Newton's method stalls.
        for points in [(1.0, 0.0, 0.75, 1.0), (0.0, 1.0, 1.0, 0.0)] {
            let function = CAMediaTimingFunction(controlPoints: Float(points.0), Float(points.1), Float(points.2), Float(points.3))
            for x in [0.001, 0.1, 0.5, 0.9, 0.999] {
                XCTAssertEqual(function.value(at: x), sampledValue(points, at: x), accuracy: 1e-5, "x = \(x)")
            }
        }
    }

    func testOutOfRangeInputIsClamped() {
        let function = CAMediaTimingFunction(name: .easeIn)
        XCTAssertEqual(function.value(at: -1), 0)
        XCTAssertEqual(function.value(at: 2), 1)
    }
}
