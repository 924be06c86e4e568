import XCTest
import CoreGraphics
@testable import CompositorCore

/// `Quad.textureSampling` and `Quad.textureImage` read the texture source where the quad's fields
/// hold it (`Quad.textureSlot`) and give what reading `texture` gives.
final class QuadTextureInPlaceTests: XCTestCase {
    private static let image = CGImage(width: 2, height: 2, bytesPerRow: 8, data: Data(repeating: 0xFF, count: 16))!

    private func quad(_ texture: TextureSource?) -> Quad {
        Quad(transform: .translation(3, 4), rect: CGRect(x: 0, y: 0, width: 10, height: 10), texture: texture, opacity: 0.5)
    }

    func testATexturedQuadGivesItsSourcesFields() {
        let source = TextureSource(image: Self.image, unitRect: CGRect(x: 0.25, y: 0.5, width: 0.5, height: 0.25),
                                   minificationFilter: .trilinear, magnificationFilter: .nearest)
        let textured = quad(source)
        let sampling = try! XCTUnwrap(textured.textureSampling)
        XCTAssertEqual(sampling.unitRect, source.unitRect)
        XCTAssertEqual(sampling.minification, .trilinear)
        XCTAssertEqual(sampling.magnification, .nearest)
        let image = try! XCTUnwrap(textured.textureImage)
        XCTAssertEqual(image.image, ObjectIdentifier(Self.image))
        XCTAssertEqual(image.minification, .trilinear)
    }

    func testAQuadWithoutATextureGivesNone() {
        let plain = quad(nil)
        XCTAssertNil(plain.textureSampling)
        XCTAssertNil(plain.textureImage)
        XCTAssertNil(plain.textureSlot)
    }

    func testAVideoFrameGivesItsSamplingButNoImage() {
        var source = TextureSource(image: Self.image, unitRect: CGRect(x: 0, y: 0, width: 1, height: 0.5))
        let bytes = [UInt8](repeating: 128, count: 4)
        let plane = bytes.withUnsafeBytes { VideoFrameImage.Plane(baseAddress: $0.baseAddress!, bytesPerRow: 2, width: 2, height: 2) }
        // The planes are never read here.
        source.video = VideoFrameImage(layout: .nv12, width: 2, height: 2, planes: [plane, plane],
                                       conversion: YCbCrConversion(matrix: .bt709, isFullRange: false), storage: bytes)
        let video = quad(source)
        XCTAssertEqual(video.textureSampling?.unitRect, source.unitRect)
        XCTAssertNil(video.textureImage, "a video frame is found by its frame, not its placeholder image")
    }
}
