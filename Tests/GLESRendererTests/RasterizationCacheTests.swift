import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
import GLESRenderer
import XCTest

/// Rasterized groups: the content image is reused while key and pixel size match, and the cache
/// is bounded in bytes, least recently used first.
final class RasterizationCacheTests: XCTestCase {
    typealias S = RenderTestSupport

    /// A rasterized 60x60 group at (x, 20) holding two overlapping quads, the second in `color`.
    private func rasterizedGroup(layer: UInt64, version: UInt64, x: Double = 20, color: PremultipliedColor = RenderTestSupport.red,
                                 shadow: GroupShadow? = nil) -> [DrawCommand] {
        let group = CompositingGroup(transform: .translation(x, 20), rect: CGRect(x: 0, y: 0, width: 60, height: 60),
                                     pixelWidth: 60, pixelHeight: 60, opacity: 0.5, shadow: shadow,
                                     rasterizationKey: RasterizationKey(layerID: layer, contentVersion: version))
        return [
            .beginGroup(group),
            .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 40, height: 40), fillColor: S.white)),
            .quad(Quad(transform: .identity, rect: CGRect(x: 20, y: 20, width: 40, height: 40), fillColor: color)),
            .endGroup,
        ]
    }

    func testSecondFrameReusesTheImageWithoutDrawingTheGroupsCommands() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let (first, firstStatistics) = try S.render(renderer, width: 100, height: 100, commands: rasterizedGroup(layer: 1, version: 1))
        XCTAssertEqual(firstStatistics.offscreenPasses, 1)
        XCTAssertEqual(firstStatistics.quads, 3, "two quads in the group and the composite")
        XCTAssertEqual(renderer.rasterizedGroupCount, 1)
        let (second, secondStatistics) = try S.render(renderer, width: 100, height: 100, commands: rasterizedGroup(layer: 1, version: 1))
        XCTAssertEqual(secondStatistics.offscreenPasses, 0)
        XCTAssertEqual(secondStatistics.quads, 1, "only the composite")
        XCTAssertEqual(secondStatistics.drawCalls, 1)
        XCTAssertEqual(S.largestDifference(first, second), 0)
        XCTAssertPixel(S.pixel(second, 70, 70), [128, 0, 0, 128], "red at the group's opacity")
    }

    func testCachedGroupMovesWithoutRedrawingAndKeepsItsShadow() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let shadow = GroupShadow(color: S.black, offsetX: 0, offsetY: 0, sigma: 2)
        _ = try S.render(renderer, width: 100, height: 100, commands: rasterizedGroup(layer: 1, version: 1, shadow: shadow))
        let (moved, statistics) = try S.render(renderer, width: 100, height: 100,
                                               commands: rasterizedGroup(layer: 1, version: 1, x: 30, shadow: shadow))
        XCTAssertEqual(statistics.offscreenPasses, 0, "the shadow is kept with the image: no blur pass either")
        // Half white over the half-opaque black shadow: alpha 0.5 + 0.5 × 0.5.
        XCTAssertPixel(S.pixel(moved, 35, 25), [128, 128, 128, 191], "white quad moved with the group, over its shadow")
        XCTAssertEqual(S.pixel(moved, 22, 50)[3], 0, "nothing left at the old place (4 sigma left of the new one)")
    }

    func testAnotherShadowBlurIsBlurredOnceThenKept() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let sharp = GroupShadow(color: S.black, offsetX: 0, offsetY: 0, sigma: 2)
        let soft = GroupShadow(color: S.black, offsetX: 0, offsetY: 0, sigma: 4)
        let first = try S.render(renderer, width: 100, height: 100, commands: rasterizedGroup(layer: 1, version: 1, shadow: sharp))
        XCTAssertEqual(first.1.offscreenPasses, 3, "the content and the two blur passes")
        let changed = try S.render(renderer, width: 100, height: 100, commands: rasterizedGroup(layer: 1, version: 1, shadow: soft))
        XCTAssertEqual(changed.1.offscreenPasses, 2, "the kept content blurred again with the new sigma")
        let kept = try S.render(renderer, width: 100, height: 100, commands: rasterizedGroup(layer: 1, version: 1, shadow: soft))
        XCTAssertEqual(kept.1.offscreenPasses, 0)
        XCTAssertEqual(S.pixel(kept.0, 22, 50), S.pixel(changed.0, 22, 50), "the kept shadow is the one just blurred")
        XCTAssertGreaterThan(S.pixel(kept.0, 17, 50)[3], S.pixel(first.0, 17, 50)[3], "the softer shadow reaches further out")
    }

    func testNewContentVersionRedrawsTheGroup() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        _ = try S.render(renderer, width: 100, height: 100, commands: rasterizedGroup(layer: 1, version: 1))
        let (image, statistics) = try S.render(renderer, width: 100, height: 100,
                                               commands: rasterizedGroup(layer: 1, version: 2, color: S.blue))
        XCTAssertEqual(statistics.offscreenPasses, 1)
        XCTAssertPixel(S.pixel(image, 70, 70), [0, 0, 128, 128])
        XCTAssertEqual(renderer.rasterizedGroupCount, 1, "the old version is dropped")
    }

    func testLeastRecentlyUsedImageIsEvictedWhenTheCacheIsFull() throws {
        SoftwareGL.useUnlessConfigured()
        let context = try GLESContext()
        let target = try OffscreenTarget(context: context, pixelWidth: 100, pixelHeight: 100)
        // A 60x60 group takes a 64x64 target (16 KiB): room for two.
        let renderer = try GLESRenderer(target: target, rasterizationCacheByteLimit: 2 * 64 * 64 * 4)
        func passes(_ layer: UInt64) throws -> Int {
            try S.render(renderer, width: 100, height: 100, commands: rasterizedGroup(layer: layer, version: 1)).1.offscreenPasses
        }
        XCTAssertEqual(try passes(1), 1)
        XCTAssertEqual(try passes(2), 1)
        XCTAssertEqual(try passes(1), 0, "A hit: A is now the most recently used")
        XCTAssertEqual(try passes(3), 1, "C evicts B")
        XCTAssertEqual(renderer.rasterizedGroupCount, 2)
        XCTAssertLessThanOrEqual(renderer.rasterizationCacheByteCount, 2 * 64 * 64 * 4)
        XCTAssertEqual(try passes(1), 0, "A survived")
        XCTAssertEqual(try passes(2), 1, "B was evicted")
    }

    func testGroupLargerThanTheCacheIsDrawnEveryFrame() throws {
        SoftwareGL.useUnlessConfigured()
        let context = try GLESContext()
        let target = try OffscreenTarget(context: context, pixelWidth: 100, pixelHeight: 100)
        let renderer = try GLESRenderer(target: target, rasterizationCacheByteLimit: 1000)
        for _ in 0..<2 {
            let (image, statistics) = try S.render(renderer, width: 100, height: 100, commands: rasterizedGroup(layer: 1, version: 1))
            XCTAssertEqual(statistics.offscreenPasses, 1)
            XCTAssertPixel(S.pixel(image, 70, 70), [128, 0, 0, 128])
        }
        XCTAssertEqual(renderer.rasterizedGroupCount, 0)
    }
}
