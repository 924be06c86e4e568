import CompositorCore
@testable import CPURenderer
import RendererTestSupport
import XCTest

/// A rasterized group keeps the shadow blurred from its content: blurred once per content,
/// blur and colour, counted against the cache's bytes and evicted with the content.
final class CPURasterizationShadowTests: XCTestCase {
    private let key = RasterizationKey(layerID: 7, contentVersion: 1)
    private let black = SIMD4<Float>(0, 0, 0, 1)
    private let covered = CGRect(x: -2, y: -2, width: 12, height: 12)

    private func texture(_ side: Int) -> Texture { Texture(PixelBuffer(width: side, height: side)) }

    func testTheShadowIsBlurredOnceAndKeptWithTheContent() {
        let cache = RasterizationCache(byteLimit: 1 << 20)
        var blurs = 0
        let make = { () -> Texture in blurs += 1; return self.texture(12) }
        XCTAssertNil(cache.shadow(for: key, width: 8, height: 8, sigma: 2, color: black, covered: covered, make: make),
                     "no content kept: nothing to keep the shadow with")
        XCTAssertEqual(blurs, 0)
        cache.store(texture(8), for: key, width: 8, height: 8)
        let first = cache.shadow(for: key, width: 8, height: 8, sigma: 2, color: black, covered: covered, make: make)
        let again = cache.shadow(for: key, width: 8, height: 8, sigma: 2, color: black, covered: covered, make: make)
        XCTAssertTrue(first === again)
        XCTAssertEqual(blurs, 1)
        XCTAssertEqual(cache.byteCount, 8 * 8 * 4 + 12 * 12 * 4)
        _ = cache.shadow(for: key, width: 8, height: 8, sigma: 3, color: black, covered: covered, make: make)
        _ = cache.shadow(for: key, width: 8, height: 8, sigma: 3, color: SIMD4(1, 0, 0, 1), covered: covered, make: make)
        XCTAssertEqual(blurs, 3, "another blur or colour is blurred again")
        XCTAssertEqual(cache.byteCount, 8 * 8 * 4 + 12 * 12 * 4, "and replaces the kept shadow")
    }

    func testTheShadowLeavesWithItsContent() {
        let cache = RasterizationCache(byteLimit: 8 * 8 * 4 + 12 * 12 * 4)
        cache.store(texture(8), for: key, width: 8, height: 8)
        _ = cache.shadow(for: key, width: 8, height: 8, sigma: 2, color: black, covered: covered) { self.texture(12) }
        cache.store(texture(8), for: RasterizationKey(layerID: 7, contentVersion: 2), width: 8, height: 8)
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.byteCount, 8 * 8 * 4, "the old version went with its shadow")
    }

    func testARasterizedGroupsShadowLooksTheSameWhenKept() throws {
        let group = CompositingGroup(transform: .translation(20, 20), rect: CGRect(x: 0, y: 0, width: 30, height: 30),
                                     pixelWidth: 30, pixelHeight: 30, opacity: 1,
                                     shadow: GroupShadow(color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1),
                                                         offsetX: 4, offsetY: 4, sigma: 3),
                                     rasterizationKey: key)
        let list = DrawList(pixelWidth: 80, pixelHeight: 80, commands: [
            .beginGroup(group),
            .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 30, height: 30), fillColor: CPUTestSupport.red)),
            .endGroup,
        ])
        let renderer = try CPURenderer(pixelWidth: 80, pixelHeight: 80, threadCount: 2)
        _ = try renderer.render(list)
        let first = try renderer.readPixels()
        let second = try renderer.render(list)
        XCTAssertEqual(second.offscreenPasses, 0, "content and shadow come from the cache")
        let kept = try renderer.readPixels()
        for (x, y) in [(52, 52), (55, 40), (40, 55), (25, 25)] {
            XCTAssertEqual(CPUTestSupport.pixel(kept, x, y), CPUTestSupport.pixel(first, x, y), "(\(x), \(y))")
        }
        XCTAssertGreaterThan(CPUTestSupport.pixel(kept, 52, 52)[3], 0, "the shadow is there below right")
    }
}
