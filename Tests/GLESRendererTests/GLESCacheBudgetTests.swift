import CompositorCore
import CoreGraphics
import Foundation
import GLESRenderer
import RendererTestSupport
import XCTest

/// The GLES renderer's caches follow their `CacheBudget`: images (textures and atlas pages),
/// rasterized groups and pooled offscreen targets, reported in `RenderStatistics`.
final class GLESCacheBudgetTests: XCTestCase {
    typealias S = RenderTestSupport
    typealias Scenarios = CacheEvictionScenarios

    func testAnImageNotDrawnForTheEvictionAgeIsEvicted() throws {
        try Scenarios.checkAgeEviction(try S.makeRenderer(width: 64, height: 64), age: 5)
    }

    func testTheByteLimitHoldsForImagesNotOnScreen() throws {
        try Scenarios.checkByteLimit(try S.makeRenderer(width: 64, height: 64))
    }

    func testImagesOnScreenAreNeverEvicted() throws {
        try Scenarios.checkOnScreenEntriesStay(try S.makeRenderer(width: 64, height: 64))
    }

    func testARasterizedGroupNotDrawnForTheEvictionAgeIsEvicted() throws {
        try Scenarios.checkRasterizedGroupAgeEviction(try S.makeRenderer(width: 64, height: 64), age: 4)
    }

    func testDamageLimitedFramesDoNotAgeWhatTheyDoNotDraw() throws {
        try Scenarios.checkDamageLimitedFramesDoNotAge(try S.makeRenderer(width: 64, height: 64), age: 3)
    }

    /// A standalone texture's GL object is deleted with its entry: the live texture count
    /// returns to what it was before the image was drawn.
    func testAnEvictedImageDeletesItsTexture() throws {
        let renderer = try S.makeRenderer(width: 64, height: 64)
        renderer.cacheBudget = CacheBudget(byteLimit: 64 << 20, evictionAge: 3)
        let empty = DrawList(pixelWidth: 64, pixelHeight: 64)
        let before = try renderer.render(empty).glTextures
        let large = Scenarios.image(side: 300, level: 90)
        let drawn = try renderer.render(DrawList(pixelWidth: 64, pixelHeight: 64, commands: [
            .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 32, height: 32), texture: TextureSource(image: large))),
        ]))
        XCTAssertEqual(drawn.glTextures, before + 1)
        XCTAssertEqual(drawn.contentImages.bytes, 300 * 300 * 4)
        var statistics = drawn
        for _ in 0..<3 { statistics = try renderer.render(empty) }
        XCTAssertEqual(statistics.glTextures, before)
        XCTAssertEqual(statistics.contentImages, CacheUsage())
    }

    /// An image nothing but the cache holds any more (its layer shows another) can never be
    /// drawn again: its entry and its texture go at the end of the next frame, even a frame
    /// that redraws only damage and so ages nothing.
    func testAnImageNoOneElseHoldsIsLetGoAtTheEndOfTheFrame() throws {
        let (first, last) = try Scenarios.checkImagesNoOneElseHoldsGo(try S.makeRenderer(width: 64, height: 64))
        XCTAssertEqual(last.glTextures, first.glTextures - 1, "the standalone texture is deleted")
    }

    /// A group's offscreen target goes back to the pool after the frame and is deleted once
    /// no frame has used it for the eviction age: no framebuffer is left.
    func testIdleOffscreenTargetsAreDeletedAfterTheEvictionAge() throws {
        let renderer = try S.makeRenderer(width: 64, height: 64)
        renderer.cacheBudget = CacheBudget(byteLimit: 64 << 20, evictionAge: 4)
        let group = CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: 32, height: 32),
                                     pixelWidth: 32, pixelHeight: 32, opacity: 0.5)
        let square = DrawCommand.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 20, height: 20), fillColor: S.red))
        let grouped = try renderer.render(DrawList(pixelWidth: 64, pixelHeight: 64, commands: [.beginGroup(group), square, .endGroup]))
        XCTAssertEqual(grouped.offscreenTargets.entries, 1)
        XCTAssertEqual(grouped.offscreenTargets.bytes, 64 * 64 * 4, "32 pixels and the border, rounded up to 64")
        XCTAssertEqual(grouped.glFramebuffers, 1)
        var statistics = grouped
        for _ in 0..<3 { statistics = try renderer.render(DrawList(pixelWidth: 64, pixelHeight: 64, commands: [square])) }
        XCTAssertEqual(statistics.glFramebuffers, 1, "idle for 3 frames: kept")
        statistics = try renderer.render(DrawList(pixelWidth: 64, pixelHeight: 64, commands: [square]))
        XCTAssertEqual(statistics.glFramebuffers, 0, "idle for 4 frames: deleted")
        XCTAssertEqual(statistics.offscreenTargets, CacheUsage())
    }

    /// The default budget follows the target's size: four screens of pixels, from 4 MiB to 64 MiB.
    func testTheDefaultBudgetScalesWithTheTarget() throws {
        XCTAssertEqual(try S.makeRenderer(width: 64, height: 64).cacheBudget.byteLimit, 4 << 20)
        let kiosk = try GLESRenderer(pixelWidth: 640, pixelHeight: 480)
        XCTAssertEqual(kiosk.cacheBudget.byteLimit, 640 * 480 * 4 * 4)
        XCTAssertEqual(kiosk.cacheBudget.evictionAge, CacheBudget.defaultEvictionAge)
    }

    /// Small images share atlas pages sized for the display: a 640x480 target's page is 512
    /// texels a side (1 MiB), counted whole in the images' bytes.
    func testAtlasPagesAreSizedForTheDisplay() throws {
        let renderer = try S.makeRenderer(width: 640, height: 480)
        let small = Scenarios.image(side: 16, level: 30)
        let statistics = try renderer.render(DrawList(pixelWidth: 640, pixelHeight: 480, commands: [
            .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 16, height: 16), texture: TextureSource(image: small))),
        ]))
        XCTAssertEqual(renderer.atlasPageCount, 1)
        XCTAssertEqual(statistics.contentImages, CacheUsage(entries: 1, bytes: 512 * 512 * 4))
    }
}
