import CompositorCore
import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// The pictures of text and shape layers a renderer keeps follow its budget's eviction age:
/// one not drawn for that many frames goes; one drawn every frame stays whatever the limit.
final class SpecializedContentsCacheAgeTests: XCTestCase {
    private let picture = CGImage(width: 100, height: 100, bytesPerRow: 400, data: Data(count: 40_000))!

    private func key(_ fontSize: CGFloat) throws -> SpecializedContentsCache.Key {
        var state = TextLayerState()
        state.runs = [TextLayerRun(text: "soak")]
        state.fontSize = fontSize
        let artwork = try XCTUnwrap(TextArtwork(state))
        return .init(artwork: .text(artwork), rect: CGRect(x: 0, y: 0, width: 100, height: 100), pixelsPerPoint: 1)
    }

    func testAPictureNotDrawnForTheEvictionAgeIsEvicted() throws {
        let cache = SpecializedContentsCache(budget: CacheBudget(byteLimit: 1 << 20, evictionAge: 3))
        cache.beginFrame()
        cache.insert(picture, for: try key(10))
        cache.insert(picture, for: try key(11))
        cache.endFrame()
        for frame in 2...3 {
            cache.beginFrame()
            XCTAssertNotNil(cache.image(for: try key(11)), "frame \(frame)")
            cache.endFrame()
        }
        XCTAssertEqual(cache.usage.entries, 2, "not drawn for 2 frames: kept")
        cache.beginFrame()
        XCTAssertNotNil(cache.image(for: try key(11)))
        cache.endFrame()
        XCTAssertEqual(cache.usage, CacheUsage(entries: 1, bytes: 40_000), "not drawn for 3 frames: evicted")
        XCTAssertEqual(cache.takeFreedBytes(), 40_000)
    }

    func testPicturesDrawnThisFrameStayBeyondTheByteLimit() throws {
        let cache = SpecializedContentsCache(budget: CacheBudget(byteLimit: 100_000, evictionAge: 30))
        cache.beginFrame()
        for size in 10...12 { cache.insert(picture, for: try key(CGFloat(size))) }
        XCTAssertEqual(cache.usage.entries, 3, "120,000 bytes drawn in this frame: all kept")
        cache.endFrame()
        cache.beginFrame()
        XCTAssertNotNil(cache.image(for: try key(12)))
        cache.insert(picture, for: try key(13))
        XCTAssertEqual(cache.usage.entries, 2, "the pictures of the last frame not drawn in this one go first")
        XCTAssertNotNil(cache.image(for: try key(12)))
        XCTAssertNotNil(cache.image(for: try key(13)))
        cache.endFrame()
    }
}
