import QuartzCore
import XCTest

/// The sublayers of a flattening layer are drawn back to front in its 3D space (each with its
/// subtree flattened into its plane): the book's cube (001:2430-2683, Listings 5.9 and 5.10)
/// shows faces 1-3 in front of faces 4-6, which were added later, on both renderers.
final class SiblingDepthSortTests: XCTestCase {
    /// Faces 1 to 6: red, green, blue, yellow, magenta, cyan.
    let faceColors: [(Int, Int, Int)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (255, 0, 255), (0, 255, 255)]

    /// Listing 5.9's face transforms, faces 200 points wide.
    let faceTransforms: [CATransform3D] = [
        CATransform3DMakeTranslation(0, 0, 100),
        CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), .pi / 2, 0, 1, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, -100, 0), .pi / 2, 1, 0, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, 100, 0), -.pi / 2, 1, 0, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(-100, 0, 0), -.pi / 2, 0, 1, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -100), .pi, 0, 1, 0),
    ]

    /// The container's sublayerTransform: m34 = -1/500, turned as the book's camera when asked.
    func perspective(camera: Bool) -> CATransform3D {
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        if camera {
            p = CATransform3DRotate(p, -.pi / 4, 1, 0, 0)
            p = CATransform3DRotate(p, -.pi / 4, 0, 1, 0)
        }
        return p
    }

    /// Listing 5.10's lighting alpha: 1 + N·L - 0.5 with N the face's rotated z axis and L the
    /// normalized (0, 1, -0.5).
    func shade(_ t: CATransform3D) -> Double {
        let n = (Double(t.m31), Double(t.m32), Double(t.m33))
        let length = (n.0 * n.0 + n.1 * n.1 + n.2 * n.2).squareRoot()
        let l = 1 / 1.25.squareRoot()
        let dot = (n.1 * l - 0.5 * n.2 * l) / length
        return max(0, min(1, 1 + dot - 0.5))
    }

    /// A 400 x 400 white root with the container (the root's size) and the six double-sided
    /// faces (the default, as in the book) centred in it, added in order.
    func cube(camera: Bool, lighting: Bool) -> (root: CALayer, faces: [CALayer]) {
        let root = SceneRenderer.root(width: 400, height: 400)
        let container = CALayer()
        container.frame = root.bounds
        container.sublayerTransform = perspective(camera: camera)
        root.addSublayer(container)
        var faces: [CALayer] = []
        for (transform, color) in zip(faceTransforms, faceColors) {
            let face = CALayer()
            face.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            face.position = CGPoint(x: 200, y: 200)
            face.backgroundColor = CGColor(red: CGFloat(color.0) / 255, green: CGFloat(color.1) / 255,
                                           blue: CGFloat(color.2) / 255, alpha: 1)
            face.transform = transform
            if lighting {
                let light = CALayer()
                light.frame = face.bounds
                light.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: CGFloat(shade(transform)))
                face.addSublayer(light)
            }
            container.addSublayer(face)
            faces.append(face)
        }
        return (root, faces)
    }

    /// Where the centre of face `index` lands on the canvas: its transform's origin through the
    /// container's sublayerTransform (about the container's centre, (200, 200)), divided by w.
    func projectedCentre(of index: Int, camera: Bool) -> (Int, Int) {
        let t = faceTransforms[index], s = perspective(camera: camera)
        let (x, y, z) = (t.m41, t.m42, t.m43)
        let px = x * s.m11 + y * s.m21 + z * s.m31 + s.m41
        let py = x * s.m12 + y * s.m22 + z * s.m32 + s.m42
        let w = x * s.m14 + y * s.m24 + z * s.m34 + s.m44
        return (Int((200 + px / w).rounded(.down)), Int((200 + py / w).rounded(.down)))
    }

    func expected(_ index: Int, lighting: Bool) -> (Int, Int, Int, Int) {
        let c = faceColors[index]
        let k = lighting ? 1 - shade(faceTransforms[index]) : 1
        func v(_ x: Int) -> Int { Int((Double(x) * k).rounded()) }
        return (v(c.0), v(c.1), v(c.2), 255)
    }

    /// Face-on, face 1 (z = +100, 250 points wide after the divide) hides the others: its
    /// centre, and a point 110 points right of it (over face 2's strip, x 83...125), are red,
    /// though face 6 (166 points wide at z = -100) and face 2 were added after it.
    func testFaceOnCubeShowsFaceOneInFrontOfLaterFaces() throws {
        let (root, _) = cube(camera: false, lighting: false)
        for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: 400, height: 400) {
            assertPixel(image, 200, 200, expected(0, lighting: false), tolerance: 2, "\(renderer) centre")
            assertPixel(image, 310, 200, expected(0, lighting: false), tolerance: 2, "\(renderer) over face 2")
            assertPixel(image, 200, 90, expected(0, lighting: false), tolerance: 2, "\(renderer) over face 3")
            assertPixel(image, 10, 10, (255, 255, 255, 255), tolerance: 0, "\(renderer) outside")
        }
    }

    /// From the book's camera, faces 1-3 face the viewer: each shows its own colour at its
    /// projected centre, and the centres of faces 4-6 (behind the cube) show a front face.
    func testCubeFromTheCameraShowsFacesOneToThreeInFront() throws {
        try checkCameraView(lighting: false)
    }

    /// Listing 5.10: each face's lighting layer stays flattened on its face (black at the face's
    /// shade alpha), and the lit faces sort as the bare ones do.
    func testLitCubeKeepsEachFacesLightingOnItsFace() throws {
        try checkCameraView(lighting: true)
    }

    private func checkCameraView(lighting: Bool) throws {
        let (root, _) = cube(camera: true, lighting: lighting)
        for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: 400, height: 400) {
            for face in 0..<3 {
                let (x, y) = projectedCentre(of: face, camera: true)
                assertPixel(image, x, y, expected(face, lighting: lighting), tolerance: 2, "\(renderer) face \(face + 1)")
            }
            let front = (0..<3).map { expected($0, lighting: lighting) }
            for face in 3..<6 {
                let (x, y) = projectedCentre(of: face, camera: true)
                let p = try XCTUnwrap(image.premultipliedPixel(x: x, y: y))
                let shown = (Int(p.r), Int(p.g), Int(p.b), Int(p.a))
                XCTAssertTrue(front.contains { abs($0.0 - shown.0) <= 2 && abs($0.1 - shown.1) <= 2 && abs($0.2 - shown.2) <= 2 },
                              "\(renderer): the centre of hidden face \(face + 1) shows \(shown), not one of faces 1-3")
            }
        }
    }

    /// The order holds in frames that reuse the faces' flattened subtrees, and follows a face
    /// committed again.
    func testDepthOrderSurvivesReusedSubtreesAndRecommits() throws {
        let (root, faces) = cube(camera: true, lighting: true)
        CATransaction.flush()
        let renderer = try CARenderer(pixelWidth: 400, pixelHeight: 400)
        renderer.layer = root
        // Subtrees are stored the second frame they are drawn alike and reused from the third.
        for _ in 0..<3 { try renderer.renderFrame(atTime: 0) }
        XCTAssertGreaterThan(renderer.lastFrameSubtrees.reused, 0)
        let (x1, y1) = projectedCentre(of: 0, camera: true)
        assertPixel(try renderer.makeImage(), x1, y1, expected(0, lighting: true), tolerance: 2, "reused frame")
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        faces[5].backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        faces[0].sublayers?.first?.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0)
        CATransaction.commit()
        try renderer.renderFrame(atTime: 0)
        let image = try renderer.makeImage()
        assertPixel(image, x1, y1, (255, 0, 0, 255), tolerance: 2, "face 1 after its light went out")
        let (x2, y2) = projectedCentre(of: 1, camera: true)
        assertPixel(image, x2, y2, expected(1, lighting: true), tolerance: 2, "face 2 unchanged")
    }

    /// Overlapping sublayers in one plane keep their sublayer order however the camera turns
    /// that plane (their centres then lie at different depths).
    func testCoplanarSiblingsKeepTheirOrderUnderACameraTurn() throws {
        let root = SceneRenderer.root(width: 400, height: 400)
        let container = CALayer()
        container.frame = root.bounds
        container.sublayerTransform = perspective(camera: true)
        root.addSublayer(container)
        let back = CALayer()
        back.frame = CGRect(x: 100, y: 100, width: 200, height: 200)
        back.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let front = CALayer()
        front.frame = CGRect(x: 60, y: 60, width: 100, height: 100)
        front.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        container.addSublayer(back)
        container.addSublayer(front)
        // The overlap's centre, (130, 130), is 70 points up and left of the container's centre.
        let s = container.sublayerTransform
        let (x, y) = (CGFloat(-70), CGFloat(-70))
        let w = x * s.m14 + y * s.m24 + s.m44
        let px = Int((200 + (x * s.m11 + y * s.m21 + s.m41) / w).rounded(.down))
        let py = Int((200 + (x * s.m12 + y * s.m22 + s.m42) / w).rounded(.down))
        for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: 400, height: 400) {
            assertPixel(image, px, py, (0, 0, 255, 255), tolerance: 2, "\(renderer) overlap")
        }
    }
}
