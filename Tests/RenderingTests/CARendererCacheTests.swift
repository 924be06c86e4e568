import CompositorCore
import CPURenderer
import Foundation
import QuartzCore
import XCTest

/// `CARenderer`'s cache budget (`cacheByteLimit`, `cacheEvictionAge`) and what it reports of
/// its caches in `RenderStatistics`.
final class CARendererCacheTests: XCTestCase {
    /// The default byte limit follows the target: four screens of pixels, from 4 MiB to 64 MiB.
    func testTheDefaultByteLimitScalesWithTheTarget() throws {
        XCTAssertEqual(try CARenderer(cpuPixelWidth: 640, pixelHeight: 480).cacheByteLimit, 640 * 480 * 4 * 4)
        XCTAssertEqual(try CARenderer(cpuPixelWidth: 32, pixelHeight: 32).cacheByteLimit, 4 << 20)
        XCTAssertEqual(try CARenderer(cpuPixelWidth: 32, pixelHeight: 32).cacheEvictionAge, 30)
    }

    /// Setting the budget on the renderer sets it on the renderer of flattened frames too.
    func testTheBudgetReachesTheFrameRenderer() throws {
        let renderer = try CARenderer(cpuPixelWidth: 64, pixelHeight: 64)
        renderer.cacheByteLimit = 1 << 20
        renderer.cacheEvictionAge = 7
        let cpu = try XCTUnwrap(renderer.frameRenderer as? CPURenderer)
        XCTAssertEqual(cpu.cacheBudget, CacheBudget(byteLimit: 1 << 20, evictionAge: 7))
        XCTAssertEqual(renderer.cacheByteLimit, 1 << 20)
        XCTAssertEqual(renderer.cacheEvictionAge, 7)
    }

    /// A text layer whose string changes every frame leaves one picture a frame behind: with
    /// an eviction age of 4, the renderer keeps the pictures (and their converted images) of
    /// the last 4 frames only.
    func testPicturesOfPastFramesAreEvictedAfterTheEvictionAge() throws {
        let renderer = try CARenderer(cpuPixelWidth: 64, pixelHeight: 32)
        renderer.cacheEvictionAge = 4
        let root = CALayer()
        let text = CATextLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 32)
        text.frame = root.bounds
        text.fontSize = 12
        text.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        root.addSublayer(text)
        CATransaction.commit()
        renderer.layer = root
        for frame in 1...10 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            text.string = "frame \(frame)"
            CATransaction.commit()
            let statistics = try renderer.renderFrame(atTime: Double(frame) / 60)
            XCTAssertEqual(statistics.layerPictures.entries, min(frame, 4), "frame \(frame)")
            XCTAssertEqual(statistics.layerPictures.bytes, min(frame, 4) * 64 * 32 * 4, "frame \(frame): one 64x32 picture each")
            XCTAssertEqual(statistics.contentImages.entries, min(frame, 4), "frame \(frame)")
            XCTAssertGreaterThan(statistics.residentMemoryBytes, 0)
        }
    }
}
