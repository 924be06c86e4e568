@testable import CPURenderer
import XCTest

/// The backdrop pixel a blend-mode group reads (`BlendPainter.pixelIndex`): any coordinate,
/// however far outside the backdrop or not a number, names a pixel of it (a huge finite scale
/// on a layer with a `compositingFilter` trapped converting to an integer before).
final class CPUBlendIndexTests: XCTestCase {
    func testCoordinatesInsideNameTheirPixel() {
        XCTAssertEqual(BlendPainter.pixelIndex(0, count: 10), 0)
        XCTAssertEqual(BlendPainter.pixelIndex(3.7, count: 10), 3)
        XCTAssertEqual(BlendPainter.pixelIndex(9.99, count: 10), 9)
    }

    func testCoordinatesOutsideNameTheNearestEdgePixel() {
        XCTAssertEqual(BlendPainter.pixelIndex(-0.5, count: 10), 0)
        XCTAssertEqual(BlendPainter.pixelIndex(10.2, count: 10), 9)
        XCTAssertEqual(BlendPainter.pixelIndex(1e300, count: 10), 9)
        XCTAssertEqual(BlendPainter.pixelIndex(-1e300, count: 10), 0)
        XCTAssertEqual(BlendPainter.pixelIndex(.infinity, count: 10), 9)
        XCTAssertEqual(BlendPainter.pixelIndex(-.infinity, count: 10), 0)
        XCTAssertEqual(BlendPainter.pixelIndex(.nan, count: 10), 0)
        XCTAssertEqual(BlendPainter.pixelIndex(5, count: 1), 0)
    }
}
