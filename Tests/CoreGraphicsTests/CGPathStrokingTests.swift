import CoreGraphics
import Foundation
import XCTest

/// `CGPath.copy(strokingWithWidth:...)` and `copy(dashingWithPhase:lengths:)`: the stroked area
/// and the dashes, from the geometry of the line parameters.
final class CGPathStrokingTests: XCTestCase {
    private func line(_ points: [CGPoint], closed: Bool = false) -> CGPath {
        let path = CGMutablePath()
        path.addLines(between: points)
        if closed { path.closeSubpath() }
        return path
    }

    private let horizontal = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)]
    private let rightAngle = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)]

    private func assertRect(_ rect: CGRect, _ expected: CGRect, accuracy: CGFloat = 1e-9,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(rect.minX, expected.minX, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(rect.minY, expected.minY, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(rect.maxX, expected.maxX, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(rect.maxY, expected.maxY, accuracy: accuracy, file: file, line: line)
    }

    func testButtCapsEndAtTheEndpoints() {
        let stroke = line(horizontal).copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        XCTAssertTrue(stroke.contains(CGPoint(x: 50, y: 4.9)))
        XCTAssertTrue(stroke.contains(CGPoint(x: 0.1, y: -4.9)))
        XCTAssertFalse(stroke.contains(CGPoint(x: 50, y: 5.1)))
        XCTAssertFalse(stroke.contains(CGPoint(x: -0.1, y: 0)))
        XCTAssertFalse(stroke.contains(CGPoint(x: 100.1, y: 0)))
        assertRect(stroke.boundingBox, CGRect(x: 0, y: -5, width: 100, height: 10))
    }

    func testSquareCapsExtendHalfTheWidth() {
        let stroke = line(horizontal).copy(strokingWithWidth: 10, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        XCTAssertTrue(stroke.contains(CGPoint(x: -4.9, y: 4.9)))
        XCTAssertTrue(stroke.contains(CGPoint(x: 104.9, y: -4.9)))
        XCTAssertFalse(stroke.contains(CGPoint(x: 105.1, y: 0)))
        assertRect(stroke.boundingBox, CGRect(x: -5, y: -5, width: 110, height: 10))
    }

    func testRoundCapsAreHalfDiscs() {
        let stroke = line(horizontal).copy(strokingWithWidth: 10, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        XCTAssertTrue(stroke.contains(CGPoint(x: -4.9, y: 0)))
        XCTAssertTrue(stroke.contains(CGPoint(x: -3.5, y: 3.5)))     // 4.95 from the end
        XCTAssertFalse(stroke.contains(CGPoint(x: -3.6, y: 3.6)))    // 5.09 from the end
        XCTAssertFalse(stroke.contains(CGPoint(x: 105.1, y: 0)))
        assertRect(stroke.boundingBox, CGRect(x: -5, y: -5, width: 110, height: 10), accuracy: 1e-6)
    }

    func testJoinsFillTheOuterCornerAsTheirStyleSays() {
        // The outer corner of a right-angle turn at (100, 0) with half-width 5 is (105, -5).
        let miter = line(rightAngle).copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        XCTAssertTrue(miter.contains(CGPoint(x: 104.9, y: -4.9)))
        assertRect(miter.boundingBox, CGRect(x: 0, y: -5, width: 105, height: 105))

        // A bevel cuts the corner along the line from (100, -5) to (105, 0): x - y = 105.
        let bevel = line(rightAngle).copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .bevel, miterLimit: 10)
        XCTAssertTrue(bevel.contains(CGPoint(x: 102, y: -2.9)))
        XCTAssertFalse(bevel.contains(CGPoint(x: 103, y: -2.1)))
        XCTAssertFalse(bevel.contains(CGPoint(x: 104.9, y: -4.9)))

        // A round join is a disc of radius 5 about the vertex.
        let round = line(rightAngle).copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .round, miterLimit: 10)
        XCTAssertTrue(round.contains(CGPoint(x: 103.5, y: -3.5)))
        XCTAssertFalse(round.contains(CGPoint(x: 103.6, y: -3.6)))
        // The inside of the turn is covered by the segments themselves.
        XCTAssertTrue(round.contains(CGPoint(x: 96, y: 4)))
    }

    func testAMiterLongerThanTheLimitIsBevelled() {
        // Segments meeting at θ = atan(10/100): miter length / width = 1 / sin(θ/2) ≈ 20.07, and the
        // tip lies 5 / sin(θ/2) ≈ 100.4 from the vertex along the bisector (x ≈ 100 + 100.4 cos(θ/2)).
        let sharp = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 0, y: 10)]
        let theta = atan2(10.0, 100.0)
        let tipX = 100 + 5 / sin(theta / 2) * cos(theta / 2)
        let mitered = line(sharp).copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 21)
        XCTAssertEqual(mitered.boundingBox.maxX, tipX, accuracy: 1e-6)
        let bevelled = line(sharp).copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 20)
        XCTAssertLessThan(bevelled.boundingBox.maxX, 106)
    }

    func testAClosedRectangleIsAFrame() {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil)
        let stroke = rect.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        XCTAssertTrue(stroke.contains(CGPoint(x: 1.9, y: 25)))
        XCTAssertTrue(stroke.contains(CGPoint(x: 50, y: 51.9)))
        XCTAssertTrue(stroke.contains(CGPoint(x: -1.9, y: -1.9)), "the starting corner is joined too")
        XCTAssertFalse(stroke.contains(CGPoint(x: 2.1, y: 25)))
        XCTAssertFalse(stroke.contains(CGPoint(x: 50, y: 25)), "the inside is not painted")
        assertRect(stroke.boundingBox, CGRect(x: -2, y: -2, width: 104, height: 54))
    }

    func testACircleStrokeIsARing() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        let stroke = circle.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        XCTAssertTrue(stroke.contains(CGPoint(x: 50, y: -4.8)))
        XCTAssertTrue(stroke.contains(CGPoint(x: 50 + 54.8 * cos(0.7), y: 50 + 54.8 * sin(0.7))))
        XCTAssertFalse(stroke.contains(CGPoint(x: 50 + 44.8 * cos(0.7), y: 50 + 44.8 * sin(0.7))))
        XCTAssertFalse(stroke.contains(CGPoint(x: 50, y: 50)))
        assertRect(stroke.boundingBox, CGRect(x: -5, y: -5, width: 110, height: 110), accuracy: 0.1)
    }

    func testTheTransformAppliesToTheOutlineAndZeroLengthSubpathsMakeDots() {
        let scaled = line(horizontal).copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
                                           transform: CGAffineTransform(scaleX: 2, y: 3))
        assertRect(scaled.boundingBox, CGRect(x: 0, y: -15, width: 200, height: 30))

        let dot = line([CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 10)])
        XCTAssertTrue(dot.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10).contains(CGPoint(x: 11.9, y: 10)))
        assertRect(dot.copy(strokingWithWidth: 4, lineCap: .square, lineJoin: .miter, miterLimit: 10).boundingBox,
                   CGRect(x: 8, y: 8, width: 4, height: 4))
        XCTAssertTrue(dot.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10).isEmpty)
    }

    /// The dashes of a path: each subpath's start x and length, for horizontal dashes.
    private func dashes(_ path: CGPath) -> [(start: CGFloat, length: CGFloat)] {
        var result: [(CGFloat, CGFloat)] = []
        var start = CGPoint.zero, current = CGPoint.zero, length: CGFloat = 0
        for element in path.elements {
            switch element {
            case .moveToPoint(let point):
                if length > 0 { result.append((start.x, length)) }
                start = point; current = point; length = 0
            case .addLineToPoint(let point):
                length += hypot(point.x - current.x, point.y - current.y)
                current = point
            default: XCTFail("unexpected element \(element)")
            }
        }
        if length > 0 { result.append((start.x, length)) }
        return result
    }

    func testDashesFollowThePatternFromThePhase() {
        let dashed = line(horizontal).copy(dashingWithPhase: 0, lengths: [10, 5])
        let found = dashes(dashed)
        XCTAssertEqual(found.map(\.start), [0, 15, 30, 45, 60, 75, 90])
        for dash in found { XCTAssertEqual(dash.length, 10, accuracy: 1e-9) }

        // Five units into the pattern: a 5-unit dash, then whole ones from x = 10.
        let shifted = dashes(line(horizontal).copy(dashingWithPhase: 5, lengths: [10, 5]))
        XCTAssertEqual(shifted.first?.start, 0)
        XCTAssertEqual(shifted.first?.length ?? 0, 5, accuracy: 1e-9)
        XCTAssertEqual(shifted.dropFirst().first?.start ?? 0, 10, accuracy: 1e-9)
        XCTAssertEqual(shifted.last?.start ?? 0, 85, accuracy: 1e-9)
        XCTAssertEqual(shifted.last?.length ?? 0, 10, accuracy: 1e-9)

        // An odd count repeats: [20] is 20 on, 20 off.
        XCTAssertEqual(dashes(line(horizontal).copy(dashingWithPhase: 0, lengths: [20])).map(\.start), [0, 40, 80])
    }

    func testDashesTurnCornersAndRestartAtEachSubpath() {
        // [50, 20] along the 200-long first subpath: dashes 0-50, 70-120 (over the corner at 100)
        // and 140-190; the second subpath starts the pattern again: 0-50.
        let path = CGMutablePath()
        path.addLines(between: rightAngle)
        path.addLines(between: [CGPoint(x: 0, y: 200), CGPoint(x: 50, y: 200)])
        let dashed = path.copy(dashingWithPhase: 0, lengths: [50, 20])
        var total: CGFloat = 0, current = CGPoint.zero
        var starts: [CGPoint] = []
        for element in dashed.elements {
            switch element {
            case .moveToPoint(let point): starts.append(point); current = point
            case .addLineToPoint(let point): total += hypot(point.x - current.x, point.y - current.y); current = point
            default: break
            }
        }
        XCTAssertEqual(total, 4 * 50, accuracy: 1e-9)
        XCTAssertEqual(starts, [CGPoint(x: 0, y: 0), CGPoint(x: 70, y: 0), CGPoint(x: 100, y: 40), CGPoint(x: 0, y: 200)])
        // The dash over the corner turns it: it holds (100, 0).
        XCTAssertTrue(dashed.elements.contains(.addLineToPoint(CGPoint(x: 100, y: 0))))
    }

    func testAnEmptyOrInvalidPatternLeavesThePathWhole() {
        let path = line(horizontal)
        XCTAssertEqual(path.copy(dashingWithPhase: 0, lengths: []), path)
        XCTAssertEqual(path.copy(dashingWithPhase: 0, lengths: [0, 0]), path)
        XCTAssertEqual(path.copy(dashingWithPhase: 0, lengths: [10, -1]), path)
    }

    func testADashedStrokeLeavesTheGapsUnpainted() {
        let dashedStroke = line(horizontal).copy(dashingWithPhase: 0, lengths: [10, 5])
            .copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        XCTAssertTrue(dashedStroke.contains(CGPoint(x: 5, y: 1)))
        XCTAssertFalse(dashedStroke.contains(CGPoint(x: 12, y: 1)))
        XCTAssertTrue(dashedStroke.contains(CGPoint(x: 16, y: -1)))
    }
}
