import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
import GLESRenderer
import XCTest

/// Batching, the texture atlas, uploads by identity, GL object lifetimes and oversize images.
final class ResourceRenderTests: XCTestCase {
    typealias S = RenderTestSupport

    /// A 10x10 grid of 8x8 quads, each with its own 8x8 image of colour (k, 255 - k, 7, 255).
    private func gridOfDistinctImages() -> [Quad] {
        (0..<100).map { k in
            let image = S.image(width: 8, height: 8) { _, _ in [UInt8(k), UInt8(255 - k), 7, 255] }
            return Quad(transform: .translation(Double(k % 10) * 10, Double(k / 10) * 10),
                        rect: CGRect(x: 0, y: 0, width: 8, height: 8), texture: TextureSource(image: image))
        }
    }

    func testHundredSmallImagesShareTheAtlasAndOneDrawCall() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let quads = gridOfDistinctImages()
        let (image, statistics) = try S.render(renderer, width: 100, height: 100, quads: quads)
        XCTAssertEqual(statistics.drawCalls, 1)
        XCTAssertEqual(statistics.quads, 100)
        XCTAssertEqual(statistics.textureUploads, 100)
        for k in [0, 37, 99] {
            XCTAssertPixel(S.pixel(image, (k % 10) * 10 + 4, (k / 10) * 10 + 4), [k, 255 - k, 7, 255], "quad \(k)")
        }
        // The same image objects again: nothing is uploaded.
        let (_, again) = try S.render(renderer, width: 100, height: 100, quads: quads)
        XCTAssertEqual(again.textureUploads, 0)
        XCTAssertEqual(again.drawCalls, 1)
    }

    func testUntexturedQuadsJoinATexturedBatch() throws {
        let renderer = try S.makeRenderer(width: 64, height: 64)
        let image = S.image(width: 4, height: 4) { _, _ in [0, 255, 0, 255] }
        let rect = CGRect(x: 0, y: 0, width: 16, height: 16)
        let quads = [
            Quad(transform: .identity, rect: rect, fillColor: S.red, cornerRadii: CornerRadii(uniform: 4)),
            Quad(transform: .translation(20, 0), rect: rect, texture: TextureSource(image: image)),
            Quad(transform: .translation(40, 0), rect: rect, fillColor: S.blue, borderWidth: 2, borderColor: S.red),
        ]
        let (_, statistics) = try S.render(renderer, width: 64, height: 64, quads: quads)
        XCTAssertEqual(statistics.drawCalls, 1)
    }

    func testLiveObjectCountsStayFlatOverAThousandFramesOfChangingImages() throws {
        let renderer = try S.makeRenderer(width: 64, height: 64, evictionAge: 30)
        var earlyPeak = GLObjectCounts(), latePeak = GLObjectCounts()
        for frame in 0..<1000 {
            let value = UInt8(frame % 256)
            let small = S.image(width: 16, height: 16) { _, _ in [value, 0, 0, 255] }
            let large = S.image(width: 300, height: 20) { _, _ in [0, value, 0, 255] }
            let quads = [
                Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 32, height: 32), texture: TextureSource(image: small)),
                Quad(transform: .translation(0, 32), rect: CGRect(x: 0, y: 0, width: 64, height: 32), texture: TextureSource(image: large)),
            ]
            let list = DrawList(pixelWidth: 64, pixelHeight: 64, commands: quads.map { .quad($0) })
            let statistics = try renderer.render(list)
            XCTAssertEqual(statistics.textureUploads, 2)
            let counts = renderer.liveObjects
            if (200..<264).contains(frame) { earlyPeak = peak(earlyPeak, counts) }
            if (936..<1000).contains(frame) { latePeak = peak(latePeak, counts) }
        }
        XCTAssertEqual(earlyPeak, latePeak, "live GL objects grew between frames 200 and 1000")
        XCTAssertLessThan(latePeak.textures, 30 + 16 + 4, "standalone textures are evicted after 30 frames")
        XCTAssertEqual(latePeak.buffers, 1)
        let last = try renderer.readPixels()
        XCTAssertPixel(S.pixel(last, 10, 10), [999 % 256, 0, 0, 255])
        XCTAssertPixel(S.pixel(last, 10, 50), [0, 999 % 256, 0, 255])
    }

    private func peak(_ a: GLObjectCounts, _ b: GLObjectCounts) -> GLObjectCounts {
        var p = GLObjectCounts()
        p.textures = max(a.textures, b.textures); p.buffers = max(a.buffers, b.buffers)
        p.framebuffers = max(a.framebuffers, b.framebuffers); p.renderbuffers = max(a.renderbuffers, b.renderbuffers)
        p.samplers = max(a.samplers, b.samplers); p.vertexArrays = max(a.vertexArrays, b.vertexArrays)
        p.programs = max(a.programs, b.programs)
        return p
    }

    func testReleasingTheRendererDeletesEveryObject() throws {
        let renderer = try S.makeRenderer(width: 32, height: 32)
        _ = try S.render(renderer, width: 32, height: 32, quads: Array(gridOfDistinctImages().prefix(9)))
        XCTAssertGreaterThan(renderer.liveObjects.textures, 0)
        renderer.releaseObjects()
        XCTAssertEqual(renderer.liveObjects, GLObjectCounts())
        XCTAssertThrowsError(try renderer.render(DrawList(pixelWidth: 32, pixelHeight: 32)))
    }

    func testImageWiderThanTheMaximumTextureSizeIsScaledNotAnError() throws {
        let renderer = try S.makeRenderer(width: 64, height: 16)
        let width = renderer.maximumTextureSize + 100
        // Left half yellow, right half cyan: the scaled texture keeps the halves.
        let wide = S.image(width: width, height: 4) { x, _ in x < width / 2 ? [255, 255, 0, 255] : [0, 255, 255, 255] }
        let quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 64, height: 16), texture: TextureSource(image: wide))
        let (image, statistics) = try S.render(renderer, width: 64, height: 16, quads: [quad])
        XCTAssertEqual(statistics.drawCalls, 1)
        XCTAssertPixel(S.pixel(image, 10, 8), [255, 255, 0, 255])
        XCTAssertPixel(S.pixel(image, 54, 8), [0, 255, 255, 255])
    }
}
