import CompositorCore
@testable import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// The pixel bounds' rounding without range checks (`PlaneProjection.floor`, `ceiling`) gives
/// `rounded(.down)` and `rounded(.up)` for every value the bounds may hold (|v| < 1e9): whole
/// numbers and their neighbours, halves, signed zeros and random values.
final class CPUPixelBoundsRoundingTests: XCTestCase {
    func testRoundingEqualsTheLibrary() {
        var generator = SeededGenerator(seed: 5)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 999_999_999.5, -999_999_999.5, 1e-300, -1e-300]
        for whole in [0.0, 1, -1, 2, -2, 3, 1919, -1080, 123_456_789, -123_456_789, 999_999_999, -999_999_999] {
            values += [whole, whole.nextUp, whole.nextDown, whole + 0.5, whole - 0.5]
        }
        for _ in 0..<20000 {
            let scale = [1.0, 10, 2000, 1e6, 9.9e8][Int(generator.next(5))]
            values.append(Double.random(in: -scale...scale, using: &generator))
        }
        for v in values {
            XCTAssertEqual(PlaneProjection.floor(v), Int(v.rounded(.down)), "floor \(v)")
            XCTAssertEqual(PlaneProjection.ceiling(v), Int(v.rounded(.up)), "ceiling \(v)")
        }
    }
}
