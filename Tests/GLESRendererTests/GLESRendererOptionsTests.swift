import CompositorCore
import Foundation
@testable import GLESRenderer
import RendererTestSupport
import XCTest

/// A renderer's options come from `QC_DEBUG` by default and from its creator otherwise, and
/// reach the paths they choose.
final class GLESRendererOptionsTests: XCTestCase {
    override func setUp() { SoftwareGL.useUnlessConfigured() }

    func testTheDebugSwitchesFillTheOptions() {
        let defaults = GLESRenderer.Options()
        XCTAssertEqual(GLESRenderer.Options(DebugOptions(parsing: "")), defaults)
        XCTAssertFalse(defaults.logsStatistics)
        XCTAssertTrue(defaults.usesAnalyticClips)
        XCTAssertTrue(defaults.usesLeanBatches)
        XCTAssertFalse(defaults.scissorsEachDamageRectangle)
        XCTAssertTrue(defaults.cutsShadowsUnderOpaqueLayers)
        XCTAssertFalse(GLESRenderer.Options(DebugOptions(parsing: "whole-shadows")).cutsShadowsUnderOpaqueLayers)
        XCTAssertTrue(defaults.leavesOutHiddenDrawables)
        XCTAssertFalse(GLESRenderer.Options(DebugOptions(parsing: "draw-hidden")).leavesOutHiddenDrawables)
        let all = GLESRenderer.Options(DebugOptions(parsing: "stats, clip-table,whole-batches,damage-scissors"))
        XCTAssertTrue(all.logsStatistics)
        XCTAssertFalse(all.usesAnalyticClips)
        XCTAssertFalse(all.usesLeanBatches)
        XCTAssertTrue(all.scissorsEachDamageRectangle)
    }

    /// Options given at creation choose the paths, whatever the environment says, and the
    /// pixels stay the same.
    func testGivenOptionsChooseThePathsAndKeepThePixels() throws {
        var options = GLESRenderer.Options()
        options.usesAnalyticClips = false
        options.usesLeanBatches = false
        let chosen = try GLESRenderer(target: OffscreenTarget(context: GLESContext(), pixelWidth: 16, pixelHeight: 16),
                                      options: options)
        XCTAssertEqual(chosen.options, options)
        XCTAssertFalse(chosen.usesAnalyticClips)
        XCTAssertFalse(chosen.usesLeanBatches)
        let plain = try GLESRenderer(target: OffscreenTarget(context: GLESContext(), pixelWidth: 16, pixelHeight: 16),
                                     options: GLESRenderer.Options())
        XCTAssertTrue(plain.usesAnalyticClips)
        let clip = Clip(transform: .identity, rect: CGRect(x: 2, y: 2, width: 10, height: 10), cornerRadii: CornerRadii(uniform: 4))
        let quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 16, height: 16),
                        fillColor: PremultipliedColor(red: 0, green: 0.5, blue: 1, alpha: 1), clipIndex: 0)
        let list = DrawList(pixelWidth: 16, pixelHeight: 16, commands: [.quad(quad)], clips: [clip])
        _ = try chosen.render(list)
        _ = try plain.render(list)
        let a = try chosen.readPixels(), b = try plain.readPixels()
        for (x, y) in [(1, 1), (3, 3), (7, 7), (11, 11), (12, 3)] {
            XCTAssertEqual(RenderTestSupport.pixel(a, x, y), RenderTestSupport.pixel(b, x, y), "(\(x), \(y))")
        }
        XCTAssertEqual(RenderTestSupport.pixel(a, 7, 7), [0, 128, 255, 255])
        XCTAssertEqual(RenderTestSupport.pixel(a, 1, 1), [0, 0, 0, 0], "outside the clip")
    }
}
