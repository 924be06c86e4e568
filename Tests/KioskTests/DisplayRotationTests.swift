import QuartzCore
import QuartzCoreDisplay
import XCTest

/// Rotation maths: content-to-panel mapping, its inverse, deltas, and agreement with the root
/// transform that Core Animation applies (checked through CALayer's own conversion and hit test).
final class DisplayRotationTests: XCTestCase {
    let panel = CGSize(width: 1280, height: 720)

    func testLogicalSizeSwapsForQuarterTurns() {
        XCTAssertEqual(CADisplayRotation.degrees0.logicalSize(forPhysicalSize: panel), panel)
        XCTAssertEqual(CADisplayRotation.degrees90.logicalSize(forPhysicalSize: panel), CGSize(width: 720, height: 1280))
        XCTAssertEqual(CADisplayRotation.degrees180.logicalSize(forPhysicalSize: panel), panel)
        XCTAssertEqual(CADisplayRotation.degrees270.logicalSize(forPhysicalSize: panel), CGSize(width: 720, height: 1280))
    }

    /// The content's top-left corner lands in the panel corner the turn carries it to.
    func testContentOriginLandsInTheTurnedCorner() {
        let origin = CGPoint.zero
        XCTAssertEqual(CADisplayRotation.degrees0.physicalPoint(fromLogical: origin, physicalSize: panel), CGPoint(x: 0, y: 0))
        XCTAssertEqual(CADisplayRotation.degrees90.physicalPoint(fromLogical: origin, physicalSize: panel), CGPoint(x: 1280, y: 0))
        XCTAssertEqual(CADisplayRotation.degrees180.physicalPoint(fromLogical: origin, physicalSize: panel), CGPoint(x: 1280, y: 720))
        XCTAssertEqual(CADisplayRotation.degrees270.physicalPoint(fromLogical: origin, physicalSize: panel), CGPoint(x: 0, y: 720))
        // 90°: the content's top-right corner (720, 0) goes to the panel's bottom-right.
        XCTAssertEqual(CADisplayRotation.degrees90.physicalPoint(fromLogical: CGPoint(x: 720, y: 0), physicalSize: panel),
                       CGPoint(x: 1280, y: 720))
    }

    func testPhysicalToLogicalInvertsLogicalToPhysical() {
        let samples = [CGPoint(x: 10, y: 20), CGPoint(x: 700, y: 5), CGPoint(x: 333.5, y: 1000)]
        for rotation in CADisplayRotation.allCases {
            for p in samples {
                let there = rotation.physicalPoint(fromLogical: p, physicalSize: panel)
                let back = rotation.logicalPoint(fromPhysical: there, physicalSize: panel)
                XCTAssertEqual(back.x, p.x, accuracy: 1e-9, "\(rotation)")
                XCTAssertEqual(back.y, p.y, accuracy: 1e-9, "\(rotation)")
            }
        }
    }

    /// A delta maps like the difference of two mapped points.
    func testDeltasFollowThePointMapping() {
        for rotation in CADisplayRotation.allCases {
            let a = CGPoint(x: 100, y: 200), b = CGPoint(x: 130, y: 190)
            let pa = rotation.physicalPoint(fromLogical: a, physicalSize: panel)
            let pb = rotation.physicalPoint(fromLogical: b, physicalSize: panel)
            let d = rotation.logicalDelta(fromPhysical: CGSize(width: pb.x - pa.x, height: pb.y - pa.y))
            XCTAssertEqual(d.width, 30, accuracy: 1e-9, "\(rotation)")
            XCTAssertEqual(d.height, -10, accuracy: 1e-9, "\(rotation)")
        }
    }

    /// The root transform, applied by Core Animation to a centred root layer of the content's
    /// size, maps content points exactly as `physicalPoint(fromLogical:)` does.
    func testRootTransformAgreesWithThePointMapping() {
        for rotation in CADisplayRotation.allCases {
            let screen = CALayer()
            screen.bounds = CGRect(origin: .zero, size: panel)
            screen.position = CGPoint(x: 640, y: 360)
            let root = CALayer()
            root.bounds = CGRect(origin: .zero, size: rotation.logicalSize(forPhysicalSize: panel))
            root.position = CGPoint(x: 640, y: 360)
            root.transform = rotation.rootTransform
            screen.addSublayer(root)
            for p in [CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 600), CGPoint(x: 719, y: 3)] {
                let expected = rotation.physicalPoint(fromLogical: p, physicalSize: panel)
                let converted = root.convert(p, to: screen)
                XCTAssertEqual(converted.x, expected.x, accuracy: 1e-6, "\(rotation) \(p)")
                XCTAssertEqual(converted.y, expected.y, accuracy: 1e-6, "\(rotation) \(p)")
            }
        }
    }

    func testParsing() {
        XCTAssertEqual(CADisplayRotation(parsing: "90"), .degrees90)
        XCTAssertEqual(CADisplayRotation(parsing: "270deg"), .degrees270)
        XCTAssertEqual(CADisplayRotation(parsing: "180°"), .degrees180)
        XCTAssertNil(CADisplayRotation(parsing: "45"))
        XCTAssertNil(CADisplayRotation(parsing: "up"))
    }
}
