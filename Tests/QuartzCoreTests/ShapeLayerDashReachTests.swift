import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// A shape layer's dashed stroke of a huge path finishes (issue 33: the fuzz input drew a
/// dashed line to y = 7.1e125, whose whole picture squashes about 4e123 dashes into a bitmap,
/// and Cairo walked them one by one), and its dashes lie where the geometry puts them.
final class ShapeLayerDashReachTests: XCTestCase {
    private let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)

    /// The fuzz input's shape, as a whole picture and trimmed to its first half.
    func testDashedLineToAFarPointFinishes() throws {
        for strokeEnd in [1.0, 0.5] {
            let state = shapeState {
                $0.path = linePath(from: CGPoint(x: 50, y: 10), to: CGPoint(x: 50, y: 7.1e125))
                $0.fillColor = nil
                $0.strokeColor = green
                $0.lineWidth = 174.8
                $0.lineDashPattern = [80.57]
                $0.strokeEnd = strokeEnd
            }
            let start = Date()
            let picture = try XCTUnwrap(SpecializedContents.picture(for: state, pixelsPerPoint: 1))
            XCTAssertLessThan(Date().timeIntervalSince(start), 5)
            XCTAssertGreaterThan(picture.rect.height, 7e125)
            // The picture is one pixel wide: the line covers 174.8 points of its width, and half of
            // the pattern is on, so the squashed line shows at that coverage (a quarter of the way
            // down, where the trimmed line is too).
            XCTAssertEqual(picture.image.width, 1)
            let expected = 255 * 0.5 * 174.8 / picture.rect.width
            let alpha = Double(picture.image.alpha(0, picture.image.height / 4))
            XCTAssertEqual(alpha, expected, accuracy: 4, "strokeEnd \(strokeEnd)")
        }
    }

    /// A dashed segment from far away across the layer's bounds: a dash where its distance from
    /// the far start is inside a dash, a gap where it is inside a gap.
    func testFarDiagonalDashesFallWhereTheirDistanceSays() throws {
        let picture = try XCTUnwrap(SpecializedContents.image(for: shapeState {
            $0.path = linePath(from: CGPoint(x: -3e6, y: -3e6), to: CGPoint(x: 3e6 + 100, y: 3e6 + 100))
            $0.fillColor = nil
            $0.strokeColor = green
            $0.lineWidth = 4
            $0.lineDashPattern = [10, 10]
        }, pixelsPerPoint: 1))
        var dashes = 0, gaps = 0
        for i in 0..<100 {
            let along = ((Double(i) + 0.5 + 3e6) * 2.0.squareRoot()).truncatingRemainder(dividingBy: 20)
            if (3...7).contains(along) {
                XCTAssertEqual(picture.alpha(i, i), 255, "dash at \(i) (\(along) into the pattern)")
                dashes += 1
            } else if (13...17).contains(along) {
                XCTAssertEqual(picture.alpha(i, i), 0, "gap at \(i) (\(along) into the pattern)")
                gaps += 1
            }
        }
        XCTAssertGreaterThan(dashes, 10)
        XCTAssertGreaterThan(gaps, 10)
    }
}
