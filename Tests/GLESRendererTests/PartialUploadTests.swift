import CompositorCore
import CoreGraphics
import Foundation
import GLESRenderer
import XCTest

/// Images redrawn in part (`CGImage.incrementalUpdate`) replace only their changed rectangle in
/// the texture of the image they were redrawn from.
final class PartialUploadTests: XCTestCase {
    private typealias S = RenderTestSupport
    private let size = 300   // above the atlas limit: the image gets a texture of its own

    /// A pattern that differs in every pixel from the green the redraw paints.
    private func baseImage() -> CGImage {
        S.image(width: size, height: size) { x, y in [UInt8(x % 256), UInt8(y % 256), 200, 255] }
    }

    /// An image painted all green that claims to differ from `base` only inside `changed`: what
    /// the renderer shows outside `changed` tells whether it uploaded more than that rectangle.
    private func greenRedraw(of base: CGImage, changed: CGRect) throws -> CGImage {
        let context = try XCTUnwrap(CGContext(data: nil, width: size, height: size, bitsPerComponent: 8, bytesPerRow: 0,
                                              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: size, height: size))
        return try XCTUnwrap(context.makeImage(update: CGImageIncrementalUpdate(baseImage: base, changedRect: changed)))
    }

    private func draw(_ image: CGImage, with renderer: GLESRenderer) throws -> (CGImage, RenderStatistics) {
        let quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: size, height: size),
                        texture: TextureSource(image: image, minificationFilter: .nearest, magnificationFilter: .nearest))
        return try S.render(renderer, width: size, height: size, quads: [quad])
    }

    func testOnlyTheChangedRectangleIsUploaded() throws {
        let renderer = try S.makeRenderer(width: size, height: size)
        let base = baseImage()
        let (_, first) = try draw(base, with: renderer)
        XCTAssertEqual(first.textureUploads, 1)
        XCTAssertEqual(first.partialTextureUploads, 0)

        let changed = CGRect(x: 40, y: 70, width: 30, height: 20)
        let redrawn = try greenRedraw(of: base, changed: changed)
        let (image, statistics) = try draw(redrawn, with: renderer)
        XCTAssertEqual(statistics.textureUploads, 1)
        XCTAssertEqual(statistics.partialTextureUploads, 1)
        XCTAssertEqual(renderer.cachedImageCount, 1, "the entry moved to the new image")
        var changedPixels = 0
        for y in 0..<size {
            for x in 0..<size {
                let inside = changed.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let expected = inside ? [0, 255, 0, 255] : [x % 256, y % 256, 200, 255]
                let actual = S.pixel(image, x, y)
                if actual != expected { XCTFail("pixel (\(x), \(y)) \(actual) != \(expected)"); return }
                if inside { changedPixels += 1 }
            }
        }
        XCTAssertEqual(changedPixels, 30 * 20)

        // Drawn again, the new image is cached: no upload at all.
        let (_, again) = try draw(redrawn, with: renderer)
        XCTAssertEqual(again.textureUploads, 0)
    }

    func testAnImageWhoseBaseIsNotOnTheGPUIsUploadedWhole() throws {
        let renderer = try S.makeRenderer(width: size, height: size)
        let neverDrawn = baseImage()
        let redrawn = try greenRedraw(of: neverDrawn, changed: CGRect(x: 0, y: 0, width: 10, height: 10))
        let (image, statistics) = try draw(redrawn, with: renderer)
        XCTAssertEqual(statistics.textureUploads, 1)
        XCTAssertEqual(statistics.partialTextureUploads, 0)
        XCTAssertEqual(S.pixel(image, 150, 150), [0, 255, 0, 255])
    }

    func testABaseDrawnInTheSameFrameKeepsItsOwnPixels() throws {
        let renderer = try S.makeRenderer(width: size, height: size)
        let base = baseImage()
        _ = try draw(base, with: renderer)
        let redrawn = try greenRedraw(of: base, changed: CGRect(x: 0, y: 0, width: 10, height: 10))
        // The base on the left half, the redraw on the right half, in one frame.
        let left = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: size / 2, height: size),
                        texture: TextureSource(image: base, unitRect: CGRect(x: 0, y: 0, width: 0.5, height: 1),
                                               minificationFilter: .nearest, magnificationFilter: .nearest))
        let right = Quad(transform: .identity, rect: CGRect(x: size / 2, y: 0, width: size / 2, height: size),
                         texture: TextureSource(image: redrawn, unitRect: CGRect(x: 0.5, y: 0, width: 0.5, height: 1),
                                                minificationFilter: .nearest, magnificationFilter: .nearest))
        let (image, statistics) = try S.render(renderer, width: size, height: size, quads: [left, right])
        XCTAssertEqual(statistics.partialTextureUploads, 0)
        XCTAssertEqual(statistics.textureUploads, 1)
        XCTAssertEqual(S.pixel(image, 5, 5), [5, 5, 200, 255], "the base still shows its own pixels")
        XCTAssertEqual(S.pixel(image, 200, 5), [0, 255, 0, 255])
    }
}
