import CompositorCore
import ExampleScenes
import Foundation
import QuartzCore
import RendererTestSupport
import XCTest

/// Texel boundaries and hard edges lying exactly on pixel centres (and on half pixels), under
/// scale and rotation: the GLES and CPU renderers decide each such pixel by the same rule
/// (`BoundaryRule`), so their images are identical, byte for byte. Here on llvmpipe; on a GPU
/// that rounds its interpolation the other way (an NVIDIA H200 did on the `sprites` scene) the
/// same tests hold by construction.
final class ExactBoundaryEquivalenceTests: XCTestCase {
    /// A 32 x 32 opaque image whose every texel has its own colour: red 8 x column, green
    /// 8 x row, blue 255 on odd checker squares.
    private static let texels: CGImage = {
        var bytes = [UInt8](repeating: 255, count: 32 * 32 * 4)
        for y in 0..<32 {
            for x in 0..<32 {
                let i = (y * 32 + x) * 4
                bytes[i] = UInt8(8 * x); bytes[i + 1] = UInt8(8 * y); bytes[i + 2] = (x + y) % 2 == 1 ? 255 : 0
            }
        }
        return CGImage(width: 32, height: 32, bytesPerRow: 128, data: Data(bytes))!
    }()

    /// The colour of texel (x, y) of `texels`.
    private static func texel(_ x: Int, _ y: Int) -> [Int] { [8 * x, 8 * y, (x + y) % 2 == 1 ? 255 : 0, 255] }

    /// An exact quarter turn (CATransform3DMakeRotation leaves cos(pi/2) as 6e-17, not 0).
    private static let quarterTurn = CATransform3D(m11: 0, m12: 1, m13: 0, m14: 0, m21: -1, m22: 0, m23: 0, m24: 0,
                                                   m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    private func render(_ root: CALayer, width: Int, height: Int) throws -> (gles: CGImage, cpu: CGImage) {
        SoftwareGL.useUnlessConfigured()
        let images = try SceneRenderer.renderOnBoth(root, width: width, height: height)
        return (images[0].image, images[1].image)
    }

    private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        guard let p = image.premultipliedPixel(x: x, y: y) else { return [] }
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    /// The pixels where two images differ, for the failure message.
    private func differences(_ a: CGImage, _ b: CGImage) -> String {
        var found: [String] = []
        for y in 0..<a.height {
            for x in 0..<a.width where pixel(a, x, y) != pixel(b, x, y) {
                found.append("(\(x), \(y)): \(pixel(a, x, y)) vs \(pixel(b, x, y))")
            }
        }
        return "\(found.count) pixels differ: " + found.prefix(8).joined(separator: ", ")
    }

    private func assertIdentical(_ images: (gles: CGImage, cpu: CGImage), _ label: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(images.gles.data == images.cpu.data, "\(label): \(differences(images.gles, images.cpu))",
                      file: file, line: line)
    }

    private func imageLayer(_ frame: CGRect, transform: CATransform3D = CATransform3DIdentity,
                            filter: CALayerContentsFilter = .nearest) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.transform = transform
        layer.contents = Self.texels
        layer.magnificationFilter = filter
        layer.minificationFilter = filter
        return layer
    }

    /// The `sprites` scene's geometry: 32 texels over 130 points at x = 20 put a texel boundary
    /// on the centre of every pixel 16 texels (65 pixels) apart, from column 52 (local 32.5,
    /// texel coordinate 8 exactly). Such a pixel shows the texel that begins there.
    func testNearestTexelBoundariesOnPixelCentresUnderMagnification() throws {
        let root = SceneRenderer.root(width: 170, height: 170)
        root.addSublayer(imageLayer(CGRect(x: 20, y: 20, width: 130, height: 130)))
        let images = try render(root, width: 170, height: 170)
        assertIdentical(images, "4.0625 x")
        for image in [images.gles, images.cpu] {
            XCTAssertEqual(pixel(image, 52, 52), Self.texel(8, 8))
            XCTAssertEqual(pixel(image, 51, 52), Self.texel(7, 8))
            XCTAssertEqual(pixel(image, 117, 117), Self.texel(24, 24))
            XCTAssertEqual(pixel(image, 116, 117), Self.texel(23, 24))
        }
    }

    /// 1.5 points a texel from x = 0.5: boundaries at 0.5 + 1.5 k, on a pixel centre every
    /// third column and on a pixel boundary (a half pixel from the centres) every other one;
    /// turned a quarter, and minified with nearest filtering (32 texels over 20 points).
    func testNearestTexelBoundariesUnderScaleRotationAndMinification() throws {
        let root = SceneRenderer.root(width: 100, height: 100)
        root.addSublayer(imageLayer(CGRect(x: 0.5, y: 1, width: 48, height: 48)))
        let turned = imageLayer(CGRect(x: 50, y: 0.5, width: 48, height: 48), transform: Self.quarterTurn)
        root.addSublayer(turned)
        root.addSublayer(imageLayer(CGRect(x: 10.5, y: 60.5, width: 20, height: 20)))
        root.addSublayer(imageLayer(CGRect(x: 60, y: 60, width: 26, height: 26), transform: CATransform3DMakeScale(1.25, 1.25, 1)))
        let images = try render(root, width: 100, height: 100)
        assertIdentical(images, "scaled, turned and minified")
        for image in [images.gles, images.cpu] {
            // Column 3 (centre 3.5) is local 3: texel coordinate 2 exactly.
            XCTAssertEqual(pixel(image, 3, 10), Self.texel(2, 6))
            XCTAssertEqual(pixel(image, 2, 10), Self.texel(1, 6))
        }
    }

    /// The example scenes' pixels that the exact-boundary rules decide (their goldens changed
    /// there when the rules came in): a cube face's edge at 45 degrees through eleven pixel
    /// centres, the clock's tick marks' corners, replicated bars' corners and one of the ship's
    /// edge pixels, the same on both renderers. On an NVIDIA H200 `cubes` differed on 11 pixels,
    /// `replicator` on 4 and `sprites` on 647 before the rules.
    func testExampleScenesAgreeOnThePixelsTheRulesDecide() throws {
        SoftwareGL.useUnlessConfigured()
        let probes: [(ExampleScene, CFTimeInterval, [(Int, Int)])] = [
            (.all.first { $0.name == "cubes" }!, 0, (0..<11).map { (144 + $0, 94 + $0) }),
            (.all.first { $0.name == "clock" }!, 0, [(102, 73), (197, 73), (73, 102), (226, 102), (73, 197), (226, 197), (102, 226), (197, 226)]),
            (.all.first { $0.name == "replicator" }!, 0, [(337, 194), (66, 232), (397, 299), (80, 397), (419, 402), (102, 500), (433, 567), (162, 605)]),
            (.shipPath, 1.5, [(138, 151)]),
            (.all.first { $0.name == "sprites" }!, 0, [(52, 52), (117, 117), (202, 52), (267, 117)]),
        ]
        for (scene, time, pixels) in probes {
            var images: [CGImage] = []
            for cpu in [false, true] {
                let root = scene.makeRoot()
                CATransaction.flush()
                let width = Int(scene.size.width), height = Int(scene.size.height)
                let renderer = cpu ? try CARenderer(cpuPixelWidth: width, pixelHeight: height)
                                   : try CARenderer(pixelWidth: width, pixelHeight: height)
                renderer.layer = root
                try renderer.renderFrame(atTime: time)
                images.append(try renderer.makeImage())
            }
            for (x, y) in pixels {
                XCTAssertEqual(pixel(images[0], x, y), pixel(images[1], x, y), "\(scene.name) at t=\(time), pixel (\(x), \(y))")
            }
        }
    }

    /// Hard edges (edge antialiasing off, the default) on pixel centres and half pixels, scaled
    /// by 1.5 and turned a quarter: a centre on a min side is inside, one on a max side outside.
    func testHardEdgesOnPixelCentresUnderScaleAndRotation() throws {
        let root = SceneRenderer.root(width: 100, height: 100)
        func solid(_ frame: CGRect, _ transform: CATransform3D = CATransform3DIdentity) {
            let layer = CALayer()
            layer.frame = frame
            layer.transform = transform
            layer.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
            root.addSublayer(layer)
        }
        solid(CGRect(x: 10.5, y: 10.5, width: 20, height: 9))      // every edge on pixel centres
        solid(CGRect(x: 40, y: 10.5, width: 19.5, height: 10))     // half-pixel and centre edges
        solid(CGRect(x: 10.5, y: 30, width: 20, height: 20), CATransform3DMakeScale(1.5, 1.5, 1)) // x 5.5 ..< 35.5
        // Turned a quarter about its centre (71, 46): x 65.5 ..< 76.5, y 35.5 ..< 56.5; its local
        // min y side is on the right (x' = -y), so the right edge is the inclusive one there.
        solid(CGRect(x: 60.5, y: 40.5, width: 21, height: 11), Self.quarterTurn)
        solid(CGRect(x: 60, y: 70, width: 15, height: 15), CATransform3DConcat(CATransform3DMakeScale(1.5, 1.5, 1), Self.quarterTurn))
        let images = try render(root, width: 100, height: 100)
        assertIdentical(images, "hard edges")
        let blue = [51, 102, 204, 255], white = [255, 255, 255, 255]
        for image in [images.gles, images.cpu] {
            XCTAssertEqual(pixel(image, 10, 15), blue, "centre on the min x side: inside")
            XCTAssertEqual(pixel(image, 30, 15), white, "centre on the max x side: outside")
            XCTAssertEqual(pixel(image, 15, 10), blue)
            XCTAssertEqual(pixel(image, 15, 19), white)
            XCTAssertEqual(pixel(image, 58, 15), blue)
            XCTAssertEqual(pixel(image, 59, 15), white, "max side at 59.5: column 59's centre is on it")
            XCTAssertEqual(pixel(image, 5, 40), blue, "scaled: the min side at 5.5 is column 5's centre")
            XCTAssertEqual(pixel(image, 35, 40), white)
            XCTAssertEqual(pixel(image, 34, 40), blue)
            XCTAssertEqual(pixel(image, 76, 45), blue, "turned: the local min y side, on column 76's centre")
            XCTAssertEqual(pixel(image, 65, 45), white, "turned: the local max y side, on column 65's centre")
        }
    }
}
