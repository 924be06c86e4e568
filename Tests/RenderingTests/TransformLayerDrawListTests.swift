import CompositorCore
import QuartzCore
import XCTest

/// CATransformLayer depth sorting in the draw list, with the cube of the
/// book's Listing 6.5: six 100-point faces at ±50 around a transform layer, under a container
/// whose sublayerTransform has perspective m34 = -1/500.
final class TransformLayerDrawListTests: XCTestCase {
    /// The faces' transforms in the listing's order.
    static let faceTransforms: [CATransform3D] = [
        CATransform3DMakeTranslation(0, 0, 50),
        CATransform3DRotate(CATransform3DMakeTranslation(50, 0, 0), .pi / 2, 0, 1, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, -50, 0), .pi / 2, 1, 0, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, 50, 0), -.pi / 2, 1, 0, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(-50, 0, 0), -.pi / 2, 0, 1, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -50), .pi, 0, 1, 0),
    ]

    /// The cube turned by `cubeTransform`; face i has red component (i + 1) / 10 to find it.
    private func cube(_ cubeTransform: CATransform3D, doubleSided: Bool) -> CALayer {
        let root = DrawListProbe.layer(CGRect(x: 0, y: 0, width: 300, height: 300))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        root.sublayerTransform = perspective
        let cube = CATransformLayer()
        cube.position = CGPoint(x: 150, y: 150)
        cube.transform = cubeTransform
        for (index, transform) in Self.faceTransforms.enumerated() {
            let face = CALayer()
            face.frame = CGRect(x: -50, y: -50, width: 100, height: 100)
            face.backgroundColor = CGColor(red: CGFloat(index + 1) / 10, green: 0.5, blue: 0.5, alpha: 1)
            face.transform = transform
            face.isDoubleSided = doubleSided
            cube.addSublayer(face)
        }
        root.addSublayer(cube)
        return root
    }

    /// The face indices in drawing order.
    private func drawnFaces(_ list: DrawList) -> [Int] {
        list.quads.map { Int(($0.fillColor.red * 10).rounded()) - 1 }
    }

    /// The depth of each face's centre: the z of the face's anchor (its centre) after the
    /// face's and the cube's transforms, which is the m43 of their product.
    private func depths(_ cubeTransform: CATransform3D) -> [CGFloat] {
        Self.faceTransforms.map { CATransform3DConcat($0, cubeTransform).m43 }
    }

    /// Asserts that `order` draws the faces back to front (faces at equal depth in any order).
    private func assertBackToFront(_ order: [Int], _ cubeTransform: CATransform3D, _ message: String,
                                   line: UInt = #line) {
        let z = depths(cubeTransform)
        for (a, b) in zip(order, order.dropFirst()) {
            XCTAssertLessThanOrEqual(z[a], z[b] + 1e-9, "\(message): face \(a) is drawn before \(b)", line: line)
        }
    }

    static let angles: [(x: CGFloat, y: CGFloat)] = [(-.pi / 4, -.pi / 4), (0.3, 0.5), (-0.2, 2.5)]

    func testFacesAreDrawnBackToFrontFromThreeAngles() throws {
        for angle in Self.angles {
            let transform = CATransform3DRotate(CATransform3DMakeRotation(angle.x, 1, 0, 0), angle.y, 0, 1, 0)
            let list = try DrawListProbe.list(cube(transform, doubleSided: true), width: 300, height: 300)
            XCTAssertEqual(drawnFaces(list).sorted(), [0, 1, 2, 3, 4, 5], "angle \(angle)")
            assertBackToFront(drawnFaces(list), transform, "angle \(angle)")
        }
    }

    /// A cube moved aside: faces whose centres are at the same depth (the right face at
    /// x = -50 and the bottom face at y = 50, both centred at z = 0) are ordered by their
    /// planes: the bottom face lies behind the right face's plane as seen from the eye.
    func testFacesMeetingAtAnEdgeAreOrderedByTheirPlanes() throws {
        let list = try DrawListProbe.list(cube(CATransform3DMakeTranslation(-100, 0, 0), doubleSided: true),
                                          width: 300, height: 300)
        let order = drawnFaces(list)
        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        XCTAssertLessThan(try XCTUnwrap(position[3]), try XCTUnwrap(position[1]), "bottom before right: \(order)")
        XCTAssertLessThan(try XCTUnwrap(position[2]), try XCTUnwrap(position[1]), "top before right: \(order)")
        XCTAssertLessThan(try XCTUnwrap(position[4]), try XCTUnwrap(position[0]), "left before front: \(order)")
        XCTAssertEqual(order.first, 5)
    }

    /// Single-sided faces that turn away are culled: a corner-on view shows three faces, those
    /// ones whose outward normal (the face's z axis, the m3x row of the product) points at the viewer.
    func testBackFacesAreCulled() throws {
        for angle in Self.angles {
            let transform = CATransform3DRotate(CATransform3DMakeRotation(angle.x, 1, 0, 0), angle.y, 0, 1, 0)
            let list = try DrawListProbe.list(cube(transform, doubleSided: false), width: 300, height: 300)
            let facing = Self.faceTransforms.indices.filter { index in
                let m = CATransform3DConcat(Self.faceTransforms[index], transform)
                // The viewer is at z = 500 on the axis; the face is visible when the eye is on
                // the side its normal points to.
                let toEye = (x: -m.m41, y: -m.m42, z: 500 - m.m43)
                return m.m31 * toEye.x + m.m32 * toEye.y + m.m33 * toEye.z > 0
            }
            XCTAssertEqual(Set(drawnFaces(list)), Set(facing), "angle \(angle)")
            assertBackToFront(drawnFaces(list), transform, "angle \(angle)")
        }
    }

    /// Faces keep their depth through the transform layer: the front face (z = 50) is drawn
    /// larger than the back one under the perspective.
    func testSublayersAreNotFlattenedIntoTheTransformLayer() throws {
        let list = try DrawListProbe.list(cube(CATransform3DIdentity, doubleSided: true), width: 300, height: 300)
        let front = try XCTUnwrap(list.quads.first { Int(($0.fillColor.red * 10).rounded()) == 1 })
        // A 100-point face at z = 50 under m34 = -1/500 is scaled by 1 / (1 - 50/500) = 10/9.
        let left = front.transform.apply(0, 50), right = front.transform.apply(100, 50)
        XCTAssertEqual(right.x - left.x, 1000.0 / 9, accuracy: 1e-6)
        XCTAssertEqual(left.x, 150 - 500.0 / 9, accuracy: 1e-6)
    }

    /// Pixel probe: at the projected centre of the nearest face its own colour shows, though
    /// faces behind it come later among the sublayers.
    func testNearestFaceShowsAtItsCentre() throws {
        for angle in Self.angles {
            let transform = CATransform3DRotate(CATransform3DMakeRotation(angle.x, 1, 0, 0), angle.y, 0, 1, 0)
            let z = depths(transform)
            let nearest = z.indices.max { z[$0] < z[$1] }!
            let m = CATransform3DConcat(Self.faceTransforms[nearest], transform)
            let w = 1 - m.m43 / 500
            let image = try SceneRenderer.render(cube(transform, doubleSided: true), width: 300, height: 300)
            let red = Int((255 * CGFloat(nearest + 1) / 10).rounded())
            assertPixel(image, Int(150 + m.m41 / w), Int(150 + m.m42 / w), (red, 128, 128, 255), tolerance: 2)
        }
    }
}
