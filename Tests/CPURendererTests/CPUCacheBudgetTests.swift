import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// The CPU renderer's caches follow their `CacheBudget`: converted images and rasterized
/// group contents, reported in `RenderStatistics`.
final class CPUCacheBudgetTests: XCTestCase {
    typealias Scenarios = CacheEvictionScenarios

    private func makeRenderer(width: Int = 64, height: Int = 64) throws -> CPURenderer {
        try CPURenderer(pixelWidth: width, pixelHeight: height, threadCount: 2)
    }

    func testAnImageNotDrawnForTheEvictionAgeIsEvicted() throws {
        try Scenarios.checkAgeEviction(try makeRenderer(), age: 5)
    }

    func testTheByteLimitHoldsForImagesNotOnScreen() throws {
        try Scenarios.checkByteLimit(try makeRenderer())
    }

    func testImagesOnScreenAreNeverEvicted() throws {
        try Scenarios.checkOnScreenEntriesStay(try makeRenderer())
    }

    func testARasterizedGroupNotDrawnForTheEvictionAgeIsEvicted() throws {
        try Scenarios.checkRasterizedGroupAgeEviction(try makeRenderer(), age: 4)
    }

    func testDamageLimitedFramesDoNotAgeWhatTheyDoNotDraw() throws {
        try Scenarios.checkDamageLimitedFramesDoNotAge(try makeRenderer(), age: 3)
    }

    func testAnImageNoOneElseHoldsIsLetGoAtTheEndOfTheFrame() throws {
        try Scenarios.checkImagesNoOneElseHoldsGo(try makeRenderer())
    }

    /// The default budget follows the canvas: four screens of pixels, from 4 MiB to 64 MiB.
    func testTheDefaultBudgetScalesWithTheCanvas() throws {
        XCTAssertEqual(try makeRenderer().cacheBudget.byteLimit, 4 << 20)
        XCTAssertEqual(try makeRenderer(width: 1920, height: 1080).cacheBudget.byteLimit, 1920 * 1080 * 4 * 4)
        XCTAssertEqual(try makeRenderer(width: 8000, height: 8000).cacheBudget.byteLimit, 64 << 20)
        XCTAssertEqual(try makeRenderer().cacheBudget.evictionAge, CacheBudget.defaultEvictionAge)
    }
}
