import XCTest
import CompositorCore

final class MatrixTests: XCTestCase {
    func testConcatenationOrderTranslatesAfterScaling() {
        let m = Matrix4.scale(2, 3).concatenating(.translation(10, 20))
        let p = m.transformHomogeneous(x: 1, y: 1)
        XCTAssertEqual(p.x, 12); XCTAssertEqual(p.y, 23); XCTAssertEqual(p.w, 1)
    }
}
