import CompositorCore
import CPURenderer
import GLESRenderer
import KioskMenu
import QuartzCore
import RendererTestSupport
import XCTest

/// The cover flow's shadows are drawn around the pictures that cover them (`ShadowRing`): the
/// facing picture's opaque image covers its shadow's interior, even under the root's clip
/// (the screen), so the renderers leave it out: fewer fragments, the same pixels.
final class CoverFlowFillTests: XCTestCase {
    private static let width = 1280, height = 720

    /// The cover flow at rest (the first picture facing the viewer), flattened.
    private func restingList() throws -> DrawList {
        let demo = CoverFlow(size: CGSize(width: Self.width, height: Self.height))
        CATransaction.flush()
        let renderer = CARenderer(frameRenderer: NoFrameRenderer(), pixelWidth: Self.width, pixelHeight: Self.height)
        renderer.layer = demo.rootLayer
        return try renderer.drawList(atTime: 0)
    }

    func testTheFacingPicturesShadowIsCutOnGLESForTheSamePixels() throws {
        SoftwareGL.useUnlessConfigured()
        let list = try restingList()
        var whole = GLESRenderer.Options()
        whole.cutsShadowsUnderOpaqueLayers = false
        let wholeRenderer = try GLESRenderer(pixelWidth: Self.width, pixelHeight: Self.height, options: whole)
        let cutRenderer = try GLESRenderer(pixelWidth: Self.width, pixelHeight: Self.height, options: GLESRenderer.Options())
        wholeRenderer.countsShadedFragments = true
        cutRenderer.countsShadedFragments = true
        let wholeFragments = try wholeRenderer.render(list).fragmentsShaded
        let cutFragments = try cutRenderer.render(list).fragmentsShaded
        let changed = PixelDifferences.between(try wholeRenderer.readPixels(), try cutRenderer.readPixels())
        print("cover flow \(Self.width)x\(Self.height) GLES fragments: \(wholeFragments) whole, \(cutFragments) cut; \(changed.pixels) pixels differ")
        XCTAssertLessThanOrEqual(changed.largest, 1)
        XCTAssertLessThanOrEqual(changed.pixels, Self.width * Self.height / 10_000)
        // The facing picture: 288 points square; its hole 285 x 285, give or take the half-pixel
        // margins of the strips around it and of the nine-patch's pieces it removes.
        XCTAssertGreaterThan(wholeFragments - cutFragments, 284 * 284 - 2 * 400)
        XCTAssertLessThan(wholeFragments - cutFragments, 285 * 285 + 4 * 285)
    }

    func testTheFacingPicturesShadowIsCutOnTheCPURendererForTheSameBytes() throws {
        let list = try restingList()
        var whole = CPURenderer.Options()
        whole.cutsShadowsUnderOpaqueLayers = false
        let wholeRenderer = try CPURenderer(pixelWidth: Self.width, pixelHeight: Self.height, threadCount: 2, options: whole)
        let cutRenderer = try CPURenderer(pixelWidth: Self.width, pixelHeight: Self.height, threadCount: 2, options: CPURenderer.Options())
        _ = try wholeRenderer.render(list)
        _ = try cutRenderer.render(list)
        XCTAssertEqual(PixelDifferences.between(try wholeRenderer.readPixels(), try cutRenderer.readPixels()).pixels, 0)
    }
}

/// A frame renderer that draws nothing: the tests above only read the flattened list.
private final class NoFrameRenderer: FrameRenderer {
    func render(_ list: DrawList) throws -> RenderStatistics { RenderStatistics() }
    func readPixels() throws -> CGImage { CGImage(width: 1, height: 1, bytesPerRow: 4, data: Data(count: 4))! }
}
