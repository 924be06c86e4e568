import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// `CAMediaTimingFunction`'s control points and the values along its curves, as GNUstep
/// libs-quartzcore `Tests/quartzcore/CAMediaTimingFunction/camediatimingfunction.m` and
/// `evaluation.m` measured them against Apple's QuartzCore (to 1e-4).
final class TimingFunctionAppleTests: XCTestCase {
    private func point(_ f: CAMediaTimingFunction, _ index: Int) -> [Float] {
        var values: [Float] = [0, 0]
        f.getControlPoint(at: index, values: &values)
        return values
    }

    func testControlPoints() {
        let custom = CAMediaTimingFunction(controlPoints: 0.1, 1, 1, 0.2)
        XCTAssertEqual([point(custom, 0), point(custom, 1), point(custom, 2), point(custom, 3)],
                       [[0, 0], [0.1, 1], [1, 0.2], [1, 1]])
        let linear = CAMediaTimingFunction(name: .linear)
        XCTAssertEqual([point(linear, 1), point(linear, 2)], [[0, 0], [1, 1]])
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        XCTAssertEqual([point(easeIn, 1), point(easeIn, 2)], [[0.42, 0], [1, 1]])
        let easeOut = CAMediaTimingFunction(name: .easeOut)
        XCTAssertEqual([point(easeOut, 1), point(easeOut, 2)], [[0, 0], [0.58, 1]])
        let both = CAMediaTimingFunction(name: .easeInEaseOut)
        XCTAssertEqual([point(both, 1), point(both, 2)], [[0.42, 0], [0.58, 1]])
        let standard = CAMediaTimingFunction(name: .default)
        XCTAssertEqual([point(standard, 1), point(standard, 2)], [[0.25, 0.1], [0.25, 1]])
    }

    func testValuesAlongTheCurves() {
        let expected: [(CAMediaTimingFunction, [(Double, Double)])] = [
            (CAMediaTimingFunction(name: .linear), [(0, 0), (0.25, 0.25), (0.5, 0.5), (0.75, 0.75), (1, 1)]),
            (CAMediaTimingFunction(name: .easeIn), [(0, 0), (0.25, 0.093465), (0.5, 0.315357), (0.75, 0.621861), (1, 1)]),
            (CAMediaTimingFunction(name: .easeOut), [(0, 0), (0.25, 0.378140), (0.5, 0.684643), (0.75, 0.906535), (1, 1)]),
            (CAMediaTimingFunction(name: .easeInEaseOut), [(0.25, 0.129162), (0.5, 0.5), (0.75, 0.870838)]),
            (CAMediaTimingFunction(name: .default), [(0, 0), (1, 1)]),
            (CAMediaTimingFunction(controlPoints: 0, 0, 1, 1), [(0, 0), (0.5, 0.5), (1, 1)]),
            (CAMediaTimingFunction(controlPoints: 0.5, 0, 0.5, 1), [(0.25, 0.105889), (0.5, 0.5), (0.75, 0.894111)]),
        ]
        for (function, samples) in expected {
            for (x, y) in samples {
                XCTAssertEqual(function.value(at: x), y, accuracy: 1e-4, "\(function) at \(x)")
            }
        }
        let line = CAMediaTimingFunction(name: .linear)
        XCTAssertEqual(line.value(at: -0.5), 0, accuracy: 1e-4, "held at 0 below the curve")
        XCTAssertEqual(line.value(at: 1.5), 1, accuracy: 1e-4, "held at 1 above it")
    }
}
