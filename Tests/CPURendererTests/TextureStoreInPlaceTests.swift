import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import XCTest

/// `TextureStore.texture(ofQuadAt:)`, which finds a quad's texture by its image read in place,
/// answers what `texture(for:)` answers for the quad's source, mipmaps and uploads included.
final class TextureStoreInPlaceTests: XCTestCase {
    private static func image() -> CGImage {
        CGImage(width: 4, height: 4, bytesPerRow: 16, data: Data(repeating: 0xFF, count: 64))!
    }

    private func quad(_ texture: TextureSource?) -> Quad {
        Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 4, height: 4), texture: texture)
    }

    private func texture(of quad: Quad, in store: TextureStore) -> Texture? {
        withUnsafePointer(to: quad) { store.texture(ofQuadAt: $0)?.takeUnretainedValue() }
    }

    func testAQuadOfTheLastImageTakesItsTextureAndATrilinearOneItsMipmaps() throws {
        let store = TextureStore(budget: CacheBudget(byteLimit: 64 << 20))
        store.beginFrame()
        let image = Self.image(), other = Self.image()
        let first = try XCTUnwrap(texture(of: quad(TextureSource(image: image)), in: store))
        XCTAssertEqual(store.uploadsThisFrame, 1)
        XCTAssertTrue(texture(of: quad(TextureSource(image: image)), in: store) === first, "the last image's")
        XCTAssertEqual(store.uploadsThisFrame, 1)
        XCTAssertFalse(first.hasMipmaps)
        let trilinear = texture(of: quad(TextureSource(image: image, minificationFilter: .trilinear)), in: store)
        XCTAssertTrue(trilinear === first)
        XCTAssertTrue(first.hasMipmaps, "made for a trilinear quad, as texture(for:) makes them")
        let second = texture(of: quad(TextureSource(image: other)), in: store)
        XCTAssertFalse(second === first)
        XCTAssertTrue(second === store.texture(for: TextureSource(image: other)))
        XCTAssertEqual(store.uploadsThisFrame, 2)
        XCTAssertTrue(texture(of: quad(TextureSource(image: image)), in: store) === first, "found in the cache again")
        XCTAssertNil(texture(of: quad(nil), in: store))
        store.endFrame()
    }

    func testAVideoFrameIsFoundByItsFrame() throws {
        let store = TextureStore(budget: CacheBudget(byteLimit: 64 << 20))
        store.beginFrame()
        // A 2x2 NV12 frame: 4 luma bytes, then one Cb, Cr pair.
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: 6, alignment: 16)
        defer { bytes.deallocate() }
        bytes.initializeMemory(as: UInt8.self, repeating: 128, count: 6)
        let frame = VideoFrameImage(layout: .nv12, width: 2, height: 2,
                                    planes: [VideoFrameImage.Plane(baseAddress: bytes, bytesPerRow: 2, width: 2, height: 2),
                                             VideoFrameImage.Plane(baseAddress: bytes + 4, bytesPerRow: 2, width: 1, height: 1)],
                                    conversion: YCbCrConversion(matrix: .bt709, isFullRange: false), storage: 0)
        let source = TextureSource(video: frame)
        // The image asked for last is the video source's placeholder: the frame is still looked up.
        _ = texture(of: quad(TextureSource(image: source.image)), in: store)
        let video = try XCTUnwrap(texture(of: quad(source), in: store))
        XCTAssertTrue(video === store.videoFrames.texture(for: frame))
        XCTAssertFalse(video === store.texture(for: TextureSource(image: source.image)))
        store.endFrame()
    }
}
