import XCTest
import CoreGraphics
import CompositorCore

/// The one plane homography both renderers map pixels with: the plane of a 4x4 matrix, its
/// inverse, and the test that decides when a plane is seen edge-on.
final class HomographyTests: XCTestCase {
    private func assertEqual(_ a: (x: Double, y: Double, w: Double), _ b: (Double, Double), accuracy: Double = 1e-9,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.x / a.w, b.0, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(a.y / a.w, b.1, accuracy: accuracy, file: file, line: line)
    }

    /// A card rotated 60° about y under m34 = -1/800, moved to (300, 200): a projective plane.
    private var perspectiveCard: Matrix4 {
        let angle = Double.pi / 3
        var rotation = Matrix4.identity
        rotation.m11 = cos(angle); rotation.m13 = -sin(angle); rotation.m31 = sin(angle); rotation.m33 = cos(angle)
        var perspective = Matrix4.identity
        perspective.m34 = -1.0 / 800
        return rotation.concatenating(perspective).concatenating(.translation(300, 200))
    }

    func testPlaneMapsPointsAsTheFourByFourMatrix() {
        let m = perspectiveCard
        let h = Homography(plane: m)
        XCTAssertFalse(h.isAffine)
        for (x, y) in [(0.0, 0.0), (-50.0, 40.0), (120.0, -75.5)] {
            let p = m.transformHomogeneous(x: x, y: y)
            let q = h.apply(x, y)
            XCTAssertEqual(q.x, p.x, accuracy: 1e-9); XCTAssertEqual(q.y, p.y, accuracy: 1e-9); XCTAssertEqual(q.w, p.w, accuracy: 1e-12)
        }
    }

    func testInverseRoundTripsCanvasPoints() throws {
        for m in [perspectiveCard, Matrix4.scale(2, 3).concatenating(.translation(10, -4)), Matrix4.identity] {
            let h = Homography(plane: m)
            let inverse = try XCTUnwrap(h.inverse)
            for (x, y) in [(0.0, 0.0), (-50.0, 40.0), (120.0, -75.5)] {
                let canvas = h.apply(x, y)
                assertEqual(inverse.apply(canvas.x / canvas.w, canvas.y / canvas.w), (x, y))
            }
            // The product is the identity up to a scale (a homography is defined up to one).
            let product = h.concatenating(inverse)
            let s = product.m.8
            for (row, expected) in [(product.row0, SIMD3<Double>(1, 0, 0)), (product.row1, SIMD3(0, 1, 0)), (product.row2, SIMD3(0, 0, 1))] {
                XCTAssertLessThan(((row / s) - expected).max(), 1e-9); XCTAssertGreaterThan(((row / s) - expected).min(), -1e-9)
            }
        }
    }

    func testEdgeOnPlaneHasNoInverse() {
        // A card rotated exactly 90° about y, seen edge-on: every point of it maps to one vertical line.
        var edgeOn = Matrix4.identity
        edgeOn.m11 = 0; edgeOn.m13 = -1; edgeOn.m31 = 1; edgeOn.m33 = 0
        XCTAssertNil(Homography(plane: edgeOn).inverse)
        // Scaled to a hair's width relative to its other entries, it is still singular: the
        // test is relative to the largest entry, not absolute.
        XCTAssertNil(Homography(plane: Matrix4.scale(1e-13, 1).concatenating(.translation(1, 1))).inverse)
        XCTAssertNotNil(Homography(plane: Matrix4.scale(1e-3, 1e-3)).inverse, "small but regular: a layer scaled down 1000x")
        XCTAssertNil(Homography(plane: Matrix4.scale(.nan, 1)).inverse)
        XCTAssertNil(Homography(plane: Matrix4.scale(.infinity, 1)).inverse)
        XCTAssertNil(Homography.degenerate.inverse)
    }

    func testFacingAwayIsTheSignOfTheDeterminant() {
        XCTAssertFalse(Matrix4.identity.facesAway)
        XCTAssertTrue(Matrix4.scale(-1, 1).facesAway, "mirrored: its back faces the viewer")
        var flipped = Matrix4.identity
        flipped.m11 = -1; flipped.m33 = -1  // rotated 180° about y
        XCTAssertTrue(flipped.facesAway)
        XCTAssertEqual(Homography(plane: .scale(2, 3)).determinant, 6)
    }

    func testNormalizedAndAffineMapsHaveUnitW() throws {
        var scaledW = Matrix4.scale(2, 2)
        scaledW.m44 = 4
        let h = Homography(plane: scaledW)
        XCTAssertFalse(h.hasUnitW)
        XCTAssertTrue(h.normalized.hasUnitW)
        assertEqual(h.normalized.apply(10, 6), (5, 3))
        let affine = try XCTUnwrap(h.affine(within: 100))
        XCTAssertEqual(affine, h.normalized)
        XCTAssertNil(Homography(plane: perspectiveCard).affine(within: 100), "perspective is not affine")
        XCTAssertEqual(Homography(plane: perspectiveCard).normalized, Homography(plane: perspectiveCard))
    }
}
