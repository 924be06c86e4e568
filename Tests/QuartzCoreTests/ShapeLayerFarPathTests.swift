import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// A shape layer whose path reaches beyond Cairo's fixed-point range (about ±8.4e6 pixels)
/// draws the visible part of its true geometry, not a line towards a wrapped point (issue 33).
final class ShapeLayerFarPathTests: XCTestCase {
    private let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)

    /// Lines from the middle of the layer to far points, stroked 4 wide, show along x = 50 or
    /// y = 50 from the middle on, and nothing else; the same lines ending in range match them.
    func testStrokedLinesToFarPointsShowWhereTheGeometrySays() throws {
        for (far, near, vertical) in [(CGPoint(x: 50, y: 7e125), CGPoint(x: 50, y: 1e4), true),
                                      (CGPoint(x: 1e8, y: 50), CGPoint(x: 1e4, y: 50), false)] {
            let image = try line(to: far)
            for along in 0..<100 {
                for across in [40, 47, 48, 51, 52, 60] {
                    let (x, y) = vertical ? (across, along) : (along, across)
                    let alpha = image.alpha(x, y)
                    if (48...51).contains(across) && along > 51 { XCTAssertEqual(alpha, 255, "\(far): (\(x), \(y))") }
                    if !(47...52).contains(across) || along < 48 { XCTAssertEqual(alpha, 0, "\(far): (\(x), \(y))") }
                }
            }
            let reference = try line(to: near)
            for y in 0..<100 {
                for x in 0..<100 {
                    XCTAssertLessThanOrEqual(abs(Int(image.alpha(x, y)) - Int(reference.alpha(x, y))), 1, "(\(x), \(y))")
                }
            }
        }
    }

    /// A filled triangle with a vertex a billion points away covers the layer from its edges on.
    func testFilledTriangleWithAFarVertexCoversWhatTheGeometrySays() throws {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 10, y: 10), CGPoint(x: 1e9, y: 10), CGPoint(x: 10, y: 1e9)])
        path.closeSubpath()
        let image = try XCTUnwrap(SpecializedContents.image(for: shapeState {
            $0.path = path
            $0.fillColor = green
        }, pixelsPerPoint: 1))
        for (x, y, inside) in [(9, 50, false), (11, 50, true), (50, 9, false), (50, 11, true), (99, 99, true)] {
            XCTAssertEqual(image.alpha(x, y), inside ? 255 : 0, "(\(x), \(y))")
        }
    }

    private func line(to end: CGPoint) throws -> CGImage {
        try XCTUnwrap(SpecializedContents.image(for: shapeState {
            $0.path = linePath(from: CGPoint(x: 50, y: 50), to: end)
            $0.fillColor = nil
            $0.strokeColor = green
            $0.lineWidth = 4
        }, pixelsPerPoint: 1))
    }
}
