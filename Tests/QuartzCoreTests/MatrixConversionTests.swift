import XCTest
import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel

/// `CATransform3D` and the renderer's `Matrix4` convert in one place, bit for bit: both hold
/// sixteen Double-sized entries row by row in the same order.
final class MatrixConversionTests: XCTestCase {
    func testEveryEntryKeepsItsPlace() {
        var t = CATransform3D()
        t.m11 = 11; t.m12 = 12; t.m13 = 13; t.m14 = 14; t.m21 = 21; t.m22 = 22; t.m23 = 23; t.m24 = 24
        t.m31 = 31; t.m32 = 32; t.m33 = 33; t.m34 = -1.0 / 800; t.m41 = 41; t.m42 = 42; t.m43 = 43; t.m44 = 44
        let m = Matrix4(t)
        XCTAssertEqual([m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
                        m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44],
                       [11, 12, 13, 14, 21, 22, 23, 24, 31, 32, 33, -1.0 / 800, 41, 42, 43, 44])
        XCTAssertEqual(CATransform3D(m), t)
        XCTAssertEqual(MemoryLayout<CATransform3D>.size, MemoryLayout<Matrix4>.size)
    }

    func testConcatenationThroughTheRendererMatrixFollowsAppleOrder() {
        // CATransform3DConcat(a, b) applies a first: scale then translate moves (1, 1) to (12, 23).
        let t = CATransform3DConcat(CATransform3DMakeScale(2, 3, 1), CATransform3DMakeTranslation(10, 20, 0))
        XCTAssertEqual(t.m11, 2); XCTAssertEqual(t.m22, 3); XCTAssertEqual(t.m41, 10); XCTAssertEqual(t.m42, 20)
        let p = Matrix4(t).transformHomogeneous(x: 1, y: 1)
        XCTAssertEqual(p.x, 12); XCTAssertEqual(p.y, 23); XCTAssertEqual(p.w, 1)
    }
}
