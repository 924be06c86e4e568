import XCTest
@testable import QuartzCoreModel

/// A sublayer's map into its superlayer: anchor point to the origin, `position`, the
/// superlayer's flip (`isGeometryFlipped`: y measured up from the bottom of its bounds) and its
/// `sublayerTransform` about its anchor point (CALayer.h). The flattener reads the superlayer
/// from its state's box; both ways in must give the same matrix to the bit.
final class SuperlayerPlacementTests: XCTestCase {
    private func bits(_ m: CATransform3D) -> [UInt64] {
        [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
         m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44].map { ($0 + 0).bitPattern }
    }

    private func states() -> (child: LayerState, parent: LayerState) {
        var parent = LayerState()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        parent.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        parent.isGeometryFlipped = true
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        var child = LayerState()
        child.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        child.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        child.position = CGPoint(x: 30, y: 20)
        return (child, parent)
    }

    func testAFlippedScaledSuperlayerPlacesTheSublayerWhereGeometrySays() throws {
        let (child, parent) = states()
        let m = LayerGeometry.toSuperlayer(child, parentStorage: LayerStateBox(parent))
        // The child's origin lies 10 x 5 before its position: (20, 15); flipped in a 100-point
        // high superlayer: (20, 85); scaled by 2 about the superlayer's anchor (100, 50): (-60, 120).
        let origin = try XCTUnwrap(m.projectPoint(.zero))
        XCTAssertEqual(origin.x, -60, accuracy: 1e-12)
        XCTAssertEqual(origin.y, 120, accuracy: 1e-12)
        // The far corner (20, 10): (40, 25), flipped (40, 75), scaled (-20, 100).
        let corner = try XCTUnwrap(m.projectPoint(CGPoint(x: 20, y: 10)))
        XCTAssertEqual(corner.x, -20, accuracy: 1e-12)
        XCTAssertEqual(corner.y, 100, accuracy: 1e-12)
    }

    func testTheBoxedSuperlayerGivesTheSameMatrixAsTheState() {
        let (child, parent) = states()
        var rotated = child
        rotated.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        for layer in [child, rotated] {
            for flattens in [false, true] {
                XCTAssertEqual(bits(LayerGeometry.toSuperlayer(layer, parentStorage: LayerStateBox(parent), flattens: flattens)),
                               bits(LayerGeometry.toSuperlayer(layer, parent: parent, flattens: flattens)))
            }
            XCTAssertEqual(bits(LayerGeometry.toSuperlayer(layer, parentStorage: nil)),
                           bits(LayerGeometry.toSuperlayer(layer, parent: nil)))
        }
    }
}
