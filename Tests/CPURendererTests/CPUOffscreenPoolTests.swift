import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// The CPU renderer's intermediate images (groups' content and masks, blurred shadows) come
/// from an `OffscreenPool`, as the GLES renderer's render targets do: reused between passes and
/// frames, bounded, and let go of by the same budget.
final class CPUOffscreenPoolTests: XCTestCase {
    private let width = OffscreenScenarios.width, height = OffscreenScenarios.height

    private func list(_ commands: [DrawCommand]) -> DrawList {
        DrawList(pixelWidth: width, pixelHeight: height, commands: commands)
    }

    func testPooledImagesStayBoundedAndFlatOverManyFramesOfGroups() throws {
        let renderer = try CPURenderer(pixelWidth: width, pixelHeight: height, threadCount: 2)
        var early: [CacheUsage] = [], late: [CacheUsage] = []
        // Sizes repeat every 7 frames and blurs every 5: each window is one period of 35 frames, after
        // the first 35 (beyond the eviction age of 30) have warmed the pool.
        for frame in 0..<105 {
            let statistics = try renderer.render(list(OffscreenScenarios.groupFrame(frame)))
            // The outer group's content and mask, the inner group, the rasterized group (new content each frame).
            XCTAssertEqual(statistics.offscreenPasses, 4, "frame \(frame)")
            if (35..<70).contains(frame) { early.append(statistics.offscreenTargets) }
            if (70..<105).contains(frame) { late.append(statistics.offscreenTargets) }
        }
        XCTAssertEqual(early.map(\.entries).max(), late.map(\.entries).max(), "pooled images grew")
        XCTAssertEqual(early.map(\.bytes).max(), late.map(\.bytes).max(), "pooled bytes grew")
        XCTAssertEqual(late.map(\.entries).max(), late.map(\.entries).min(), "images are reused, not made anew")
        // A frame uses four images at once (the outer group's content and mask, the inner group,
        // the shadow). The outer group's side (30 to 66) falls in the 64- or the 128-pixel
        // bucket, so its two images are kept in both (four), with the inner group's (64) and
        // the shadow's, whose size follows its blur (7 measured).
        XCTAssertLessThanOrEqual(late.map(\.entries).max() ?? 0, 8, "a handful of pooled images")
        XCTAssertEqual(renderer.cachedRasterizations.count, 1, "the rasterized group keeps its own image, outside the pool")
    }

    func testAPooledImageLeavesNothingOfAnEarlierFrame() throws {
        // Frames 0 to 12 leave their pixels in the pooled images (a larger group in frame 6, a
        // wider shadow in frame 4); frame 15, smaller, drawn then must equal frame 15 drawn by a
        // renderer that never drew anything else.
        let renderer = try CPURenderer(pixelWidth: width, pixelHeight: height, threadCount: 2)
        for frame in 0..<13 { _ = try renderer.render(list(OffscreenScenarios.groupFrame(frame))) }
        _ = try renderer.render(list(OffscreenScenarios.groupFrame(15)))
        let fresh = try CPURenderer(pixelWidth: width, pixelHeight: height, threadCount: 2)
        _ = try fresh.render(list(OffscreenScenarios.groupFrame(15)))
        XCTAssertEqual(try renderer.readPixels().data, try fresh.readPixels().data)
    }

    func testIdleImagesAreLetGoOfAfterTheEvictionAge() throws {
        let renderer = try CPURenderer(pixelWidth: 64, pixelHeight: 64, threadCount: 2)
        renderer.cacheBudget = CacheBudget(byteLimit: 64 << 20, evictionAge: 4)
        let group = CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: 32, height: 32),
                                     pixelWidth: 32, pixelHeight: 32, opacity: 0.5)
        let square = DrawCommand.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 20, height: 20),
                                           fillColor: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)))
        let plain = DrawList(pixelWidth: 64, pixelHeight: 64, commands: [square])
        let grouped = try renderer.render(DrawList(pixelWidth: 64, pixelHeight: 64, commands: [.beginGroup(group), square, .endGroup]))
        XCTAssertEqual(grouped.offscreenTargets, CacheUsage(entries: 1, bytes: 64 * 64 * 4), "32 pixels rounded up to 64")
        var statistics = grouped
        for _ in 0..<3 { statistics = try renderer.render(plain) }
        XCTAssertEqual(statistics.offscreenTargets.entries, 1, "idle for 3 frames: kept")
        statistics = try renderer.render(plain)
        XCTAssertEqual(statistics.offscreenTargets, CacheUsage(), "idle for 4 frames: let go of")
    }
}
