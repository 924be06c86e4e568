import CompositorCore
import Foundation
import XCTest

/// The rasterized-group policy both renderers share: reuse by key and size, one version a layer,
/// shadows kept with their content and evicted with it.
final class RasterizationStoreTests: XCTestCase {
    /// An image of some bytes, known by name.
    private final class Image {
        let name: String, bytes: Int
        init(_ name: String, bytes: Int) { self.name = name; self.bytes = bytes }
    }

    private func store(limit: Int) -> (RasterizationStore<Image>, () -> [String]) {
        let store = RasterizationStore<Image>(budget: CacheBudget(byteLimit: limit), byteCount: \.bytes)
        var released: [String] = []
        store.onRelease = { released.append($0.name) }
        return (store, { released })
    }

    private let v1 = RasterizationKey(layerID: 1, contentVersion: 1)
    private let v2 = RasterizationKey(layerID: 1, contentVersion: 2)

    func testContentIsReusedAtItsSizeOnly() {
        let (store, _) = store(limit: 1000)
        store.beginFrame()
        XCTAssertTrue(store.store(Image("a", bytes: 100), for: v1, width: 10, height: 10))
        XCTAssertEqual(store.content(for: v1, width: 10, height: 10)?.name, "a")
        XCTAssertNil(store.content(for: v1, width: 12, height: 10))
        XCTAssertNil(store.content(for: v2, width: 10, height: 10))
        store.endFrame(countForAge: true)
    }

    func testANewVersionReplacesTheOldOneAfterTheFrameDrawingIt() {
        let (store, released) = store(limit: 1000)
        store.beginFrame()
        store.store(Image("a", bytes: 100), for: v1, width: 10, height: 10)
        store.store(Image("b", bytes: 100), for: v2, width: 10, height: 10)
        XCTAssertEqual(store.count, 2, "the frame still draws the old version")
        store.endFrame(countForAge: true)
        store.beginFrame()
        store.store(Image("c", bytes: 100), for: RasterizationKey(layerID: 1, contentVersion: 3), width: 10, height: 10)
        XCTAssertEqual(store.count, 1)
        XCTAssertEqual(Set(released()), ["a", "b"])
        store.endFrame(countForAge: true)
    }

    func testAShadowIsKeptWithItsContentAndLeavesWithIt() {
        let (store, released) = store(limit: 1000)
        store.beginFrame()
        let covered = CGRect(x: -6, y: -6, width: 24, height: 24)
        XCTAssertFalse(store.keepShadow(RasterizedShadow(image: Image("s0", bytes: 50), sigma: 2, color: nil, covered: covered),
                                        for: v1, width: 12, height: 12), "no content: nothing to keep it with")
        store.store(Image("a", bytes: 100), for: v1, width: 12, height: 12)
        XCTAssertTrue(store.keepShadow(RasterizedShadow(image: Image("s2", bytes: 200), sigma: 2, color: nil, covered: covered),
                                       for: v1, width: 12, height: 12))
        XCTAssertEqual(store.bytes, 300)
        XCTAssertEqual(store.shadow(for: v1, width: 12, height: 12, sigma: 2, color: nil)?.covered, covered)
        XCTAssertNil(store.shadow(for: v1, width: 12, height: 12, sigma: 3, color: nil), "another blur")
        XCTAssertNil(store.shadow(for: v1, width: 12, height: 12, sigma: 2, color: SIMD4(0, 0, 0, 1)), "another colour")
        store.keepShadow(RasterizedShadow(image: Image("s3", bytes: 50), sigma: 3, color: nil, covered: covered),
                         for: v1, width: 12, height: 12)
        XCTAssertEqual(released(), ["s2"], "the shadow of the old blur goes")
        XCTAssertEqual(store.bytes, 150)
        store.endFrame(countForAge: true)
        store.byteLimit = 100
        XCTAssertEqual(Set(released()), ["s2", "a", "s3"], "content and shadow leave together")
        XCTAssertEqual(store.usage, CacheUsage())
    }

    func testContentLargerThanTheLimitIsNotKept() {
        let (store, _) = store(limit: 100)
        store.beginFrame()
        XCTAssertFalse(store.accepts(bytes: 101))
        XCTAssertFalse(store.store(Image("big", bytes: 101), for: v1, width: 10, height: 10))
        XCTAssertEqual(store.count, 0)
    }

    func testContentTheFrameDrawsIsNotReplacedByAnotherSizeInTheSameFrame() {
        let (store, released) = store(limit: 1000)
        store.beginFrame()
        store.store(Image("a", bytes: 100), for: v1, width: 10, height: 10)
        XCTAssertFalse(store.store(Image("b", bytes: 400), for: v1, width: 20, height: 20))
        XCTAssertEqual(store.content(for: v1, width: 10, height: 10)?.name, "a")
        XCTAssertEqual(released(), [], "what the frame draws is not let go of")
        store.endFrame(countForAge: true)
        store.beginFrame()
        XCTAssertTrue(store.store(Image("b", bytes: 400), for: v1, width: 20, height: 20))
        XCTAssertEqual(released(), ["a"])
        store.endFrame(countForAge: true)
    }
}
