import Foundation
import XCTest
@testable import CoreGraphics

final class CGPathTests: XCTestCase {
    private func assertPoint(_ point: CGPoint, _ x: CGFloat, _ y: CGFloat, accuracy: CGFloat = 1e-9,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(point.x, x, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(point.y, y, accuracy: accuracy, file: file, line: line)
    }

    func testCubicTightBoundingBoxIsSmallerThanControlBox() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 3, y: 0), control1: CGPoint(x: 1, y: 3), control2: CGPoint(x: 2, y: 3))
        XCTAssertEqual(path.boundingBox, CGRect(x: 0, y: 0, width: 3, height: 3))
        // y(t) = 3(1-t)²t·3 + 3(1-t)t²·3 = 9t(1-t): the extremum is at t = 1/2.
        let peak: CGFloat = 9 * 0.5 * (1 - 0.5)
        let tight = path.boundingBoxOfPath
        XCTAssertEqual(tight.minX, 0, accuracy: 1e-12)
        XCTAssertEqual(tight.maxX, 3, accuracy: 1e-12)
        XCTAssertEqual(tight.minY, 0, accuracy: 1e-12)
        XCTAssertEqual(tight.maxY, peak, accuracy: 1e-12)
        XCTAssertTrue(CGMutablePath().boundingBox.isNull)
    }

    func testQuadraticTightBoundingBox() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        // y(t) = 2(1-t)t·10, maximum 5 at t = 1/2.
        XCTAssertEqual(path.boundingBoxOfPath.maxY, 5, accuracy: 1e-12)
        XCTAssertEqual(path.boundingBox.maxY, 10)
    }

    func testWindingVersusEvenOddOnNestedSquares() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        path.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        let center = CGPoint(x: 50, y: 50)
        XCTAssertTrue(path.contains(center, using: .winding))
        XCTAssertFalse(path.contains(center, using: .evenOdd))
        XCTAssertTrue(path.contains(CGPoint(x: 10, y: 10), using: .evenOdd))
        XCTAssertTrue(path.contains(CGPoint(x: 10, y: 10)))
        XCTAssertFalse(path.contains(CGPoint(x: 150, y: 50)))
        // The point is moved by the transform before the test.
        XCTAssertTrue(path.contains(CGPoint(x: 150, y: 50), transform: CGAffineTransform(translationX: -100, y: 0)))
    }

    func testArcEndsAtEndAngle() {
        let center = CGPoint(x: 50, y: 40), radius: CGFloat = 20, end = CGFloat.pi / 3
        let shortArc = CGMutablePath()
        shortArc.addArc(center: center, radius: radius, startAngle: 0, endAngle: end, clockwise: false)
        assertPoint(shortArc.currentPoint, center.x + radius * cos(end), center.y + radius * sin(end))
        XCTAssertEqual(shortArc.elements.map(\.type), [.moveToPoint, .addCurveToPoint])
        assertPoint(shortArc.elements[0].points[0], center.x + radius, center.y)

        // Clockwise from 0 to π/3 sweeps the other 5π/3: four segments of at most 90°.
        let longArc = CGMutablePath()
        longArc.addArc(center: center, radius: radius, startAngle: 0, endAngle: end, clockwise: true)
        assertPoint(longArc.currentPoint, center.x + radius * cos(end), center.y + radius * sin(end))
        XCTAssertEqual(longArc.elements.filter { $0.type == .addCurveToPoint }.count, 4)
        // Passing through angle -π/2 puts its lowest point at center.y - radius (within the cubic's error).
        XCTAssertEqual(longArc.boundingBoxOfPath.minY, center.y - radius, accuracy: radius * 3e-4)
        XCTAssertEqual(shortArc.boundingBoxOfPath.minY, center.y, accuracy: 1e-9)

        // Every flattened point stays on the circle (a 90° cubic strays by at most 0.03%).
        for point in longArc.flattened(tolerance: 0.01).flatMap(\.points) {
            XCTAssertEqual(hypot(point.x - center.x, point.y - center.y), radius, accuracy: radius * 3e-4)
        }
    }

    func testArcJoinsCurrentPointWithLine() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(center: CGPoint(x: 10, y: 0), radius: 5, startAngle: .pi, endAngle: 0, clockwise: true)
        XCTAssertEqual(path.elements.first.map(\.type), .moveToPoint)
        XCTAssertEqual(path.elements[1], .addLineToPoint(CGPoint(x: 5, y: 0)))
        // Clockwise from π to 0 runs through decreasing angles: via π/2, at y = +5 (below, in y-down geometry).
        XCTAssertEqual(path.boundingBoxOfPath.minY, 0, accuracy: 1e-9)
        XCTAssertEqual(path.boundingBoxOfPath.maxY, 5, accuracy: 1e-9)
        assertPoint(path.currentPoint, 15, 0)
    }

    func testFullCircleAndRelativeArc() {
        let circle = CGMutablePath()
        circle.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        XCTAssertEqual(circle.elements.filter { $0.type == .addCurveToPoint }.count, 4)
        assertPoint(circle.currentPoint, 1, 0)

        let relative = CGMutablePath()
        relative.addRelativeArc(center: CGPoint(x: 1, y: 1), radius: 2, startAngle: .pi / 2, delta: -.pi / 2)
        assertPoint(relative.elements[0].points[0], 1, 3)
        assertPoint(relative.currentPoint, 3, 1)
    }

    func testTangentArcRoundsTheCorner() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 20)
        XCTAssertEqual(path.elements.count, 3)
        assertPoint(path.elements[1].points[0], 80, 0)
        assertPoint(path.currentPoint, 100, 20)
        // The arc stays within the corner: its tight box ends at x = 100 and starts at y = 0.
        XCTAssertEqual(path.boundingBoxOfPath.minY, 0, accuracy: 1e-9)
        XCTAssertEqual(path.boundingBoxOfPath.maxX, 100, accuracy: 1e-9)

        let collinear = CGMutablePath()
        collinear.move(to: .zero)
        collinear.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 5)
        XCTAssertEqual(collinear.elements.last, .addLineToPoint(CGPoint(x: 10, y: 0)))
    }

    func testRoundedRectContains() {
        let path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerWidth: 20, cornerHeight: 20)
        // (3, 3) is 24 from the corner circle's center (20, 20): outside the radius of 20.
        XCTAssertFalse(path.contains(CGPoint(x: 3, y: 3)))
        XCTAssertFalse(path.contains(CGPoint(x: 1, y: 1)))
        // (10, 10) is 14.1 from it: inside.
        XCTAssertTrue(path.contains(CGPoint(x: 10, y: 10)))
        XCTAssertTrue(path.contains(CGPoint(x: 50, y: 1)))
        XCTAssertFalse(path.contains(CGPoint(x: 97, y: 57)))
        XCTAssertEqual(path.boundingBoxOfPath.width, 100, accuracy: 1e-9)
        XCTAssertEqual(path.boundingBoxOfPath.height, 60, accuracy: 1e-9)
    }

    func testEllipseStartsAtRightAndTurnsTowardsMaxY() {
        let rect = CGRect(x: 10, y: 20, width: 40, height: 20)
        let ellipse = CGPath(ellipseIn: rect)
        assertPoint(ellipse.elements[0].points[0], 50, 30)
        assertPoint(ellipse.elements[1].points[2], 30, 40)
        XCTAssertEqual(ellipse.elements.last, .closeSubpath)
        let box = ellipse.boundingBoxOfPath
        XCTAssertEqual(box.minX, 10, accuracy: 1e-9)
        XCTAssertEqual(box.maxY, 40, accuracy: 1e-9)
        XCTAssertTrue(ellipse.contains(CGPoint(x: 30, y: 30)))
        XCTAssertFalse(ellipse.contains(CGPoint(x: 12, y: 22)))
        XCTAssertFalse(ellipse.isRect(nil))
    }

    func testRectPathAndIsRect() {
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        var transform = CGAffineTransform(translationX: 10, y: 0)
        let path = CGPath(rect: rect, transform: &transform)
        var found = CGRect.zero
        XCTAssertTrue(path.isRect(&found))
        XCTAssertEqual(found, CGRect(x: 11, y: 2, width: 3, height: 4))
        XCTAssertEqual(path.elements.map(\.type),
                       [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
        let open = CGMutablePath()
        open.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1)])
        XCTAssertFalse(open.isRect(nil))
    }

    func testCopiesAndEquality() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        let snapshot = path.copy()!
        XCTAssertFalse(snapshot is CGMutablePath)
        XCTAssertEqual(snapshot, path)
        path.addLine(to: CGPoint(x: 5, y: 5))
        XCTAssertNotEqual(snapshot, path)
        var scale = CGAffineTransform(scaleX: 2, y: 2)
        let scaled = snapshot.copy(using: &scale)!
        XCTAssertEqual(scaled.boundingBox, CGRect(x: 0, y: 0, width: 20, height: 20))
        let mutable = snapshot.mutableCopy()!
        mutable.addPath(snapshot, transform: CGAffineTransform(translationX: 100, y: 0))
        XCTAssertEqual(mutable.boundingBox, CGRect(x: 0, y: 0, width: 110, height: 10))
        XCTAssertEqual(snapshot.elements.count, 5)
    }

    func testCurrentPointAndImplicitSubpaths() {
        let path = CGMutablePath()
        XCTAssertTrue(path.isEmpty)
        path.addLine(to: CGPoint(x: 5, y: 5))
        XCTAssertTrue(path.isEmpty, "a line without a current point is ignored")
        path.move(to: CGPoint(x: 1, y: 1))
        path.addLine(to: CGPoint(x: 4, y: 1))
        path.closeSubpath()
        assertPoint(path.currentPoint, 1, 1)
        path.addLine(to: CGPoint(x: 1, y: 9))
        XCTAssertEqual(Array(path.elements.suffix(2)),
                       [.moveToPoint(CGPoint(x: 1, y: 1)), .addLineToPoint(CGPoint(x: 1, y: 9))])
    }

    func testApplyWithBlockVisitsElementsWithPoints() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 2))
        path.addQuadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 3, y: 4))
        path.closeSubpath()
        var visited: [(CGPathElementType, [CGPoint])] = []
        path.applyWithBlock { element in
            let count = [.moveToPoint: 1, .addQuadCurveToPoint: 2][element.pointee.type] ?? 0
            visited.append((element.pointee.type, (0..<count).map { element.pointee.points[$0] }))
        }
        XCTAssertEqual(visited.map(\.0), [.moveToPoint, .addQuadCurveToPoint, .closeSubpath])
        XCTAssertEqual(visited[1].1, [CGPoint(x: 3, y: 4), CGPoint(x: 5, y: 6)])
    }

    func testFlattenedPolylines() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
        path.move(to: CGPoint(x: 9, y: 9))
        path.move(to: CGPoint(x: 0, y: 10))
        path.addQuadCurve(to: CGPoint(x: 100, y: 10), control: CGPoint(x: 50, y: 110))
        let subpaths = path.flattened(tolerance: 0.1)
        XCTAssertEqual(subpaths.count, 2, "the lone move is left out")
        XCTAssertEqual(subpaths[0], CGPath.FlattenedSubpath(
            points: [.zero, CGPoint(x: 2, y: 0), CGPoint(x: 2, y: 2), CGPoint(x: 0, y: 2)], isClosed: true))
        XCTAssertFalse(subpaths[1].isClosed)
        XCTAssertEqual(subpaths[1].points.last, CGPoint(x: 100, y: 10))
        // Wang's bound: n = ceil(sqrt(2/8 · |P0 - 2P1 + P2| / tol)) = ceil(sqrt(0.25 · 200 / 0.1)) = 23.
        XCTAssertEqual(subpaths[1].points.count, 1 + 23)
        // Every chord midpoint lies within the tolerance of the curve y = 10 + 200t(1-t) at x = 100t.
        for (a, b) in zip(subpaths[1].points, subpaths[1].points.dropFirst()) {
            let t = (a.x + b.x) / 2 / 100
            XCTAssertEqual((a.y + b.y) / 2, 10 + 200 * t * (1 - t), accuracy: 0.1)
        }
    }
}
