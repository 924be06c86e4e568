import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
import GLESRenderer
import XCTest

/// Offscreen targets come from a bounded pool: reused between passes and frames, never leaked.
final class RenderTargetPoolTests: XCTestCase {
    typealias S = RenderTestSupport

    func testLiveObjectCountsStayFlatOverAThousandFramesOfGroups() throws {
        let (width, height) = (OffscreenScenarios.width, OffscreenScenarios.height)
        let renderer = try S.makeRenderer(width: width, height: height)
        var early: [GLObjectCounts] = [], late: [GLObjectCounts] = []
        for frame in 0..<1000 {
            let (_, statistics) = try S.render(renderer, width: width, height: height, commands: OffscreenScenarios.groupFrame(frame), clips: [])
            // outer content, its mask, its blur's halvings (sigma 7: one, 10 and 13: two) and two
            // passes, the inner group, the rasterized group
            let halvings = [0, 0, 1, 2, 2][frame % 5]
            XCTAssertEqual(statistics.offscreenPasses, 6 + halvings, "frame \(frame)")
            if (200..<264).contains(frame) { early.append(renderer.liveObjects) }
            if (936..<1000).contains(frame) { late.append(renderer.liveObjects) }
        }
        XCTAssertEqual(early.map(\.framebuffers).max(), late.map(\.framebuffers).max(), "framebuffers grew")
        XCTAssertEqual(early.map(\.textures).max(), late.map(\.textures).max(), "textures grew")
        XCTAssertEqual(late.map(\.framebuffers).max(), late.map(\.framebuffers).min(), "targets are reused, not recreated")
        XCTAssertLessThanOrEqual(late.map(\.framebuffers).max() ?? 0, 14, "a handful of pooled targets (two of them the blur's halvings)")
        XCTAssertEqual(renderer.rasterizedGroupCount, 1, "old versions of the layer are dropped")
        renderer.releaseObjects()
        XCTAssertEqual(renderer.liveObjects, GLObjectCounts())
    }

    func testSiblingGroupsOfOneSizeBucketShareTargetsAcrossFrames() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let groups: [DrawCommand] = (0..<3).flatMap { k -> [DrawCommand] in
            let group = CompositingGroup(transform: .translation(Double(k) * 30, 0), rect: CGRect(x: 0, y: 0, width: 25 + k, height: 25),
                                         pixelWidth: 25 + k, pixelHeight: 25, opacity: 0.5)
            return [.beginGroup(group), .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 25, height: 25), fillColor: S.red)), .endGroup]
        }
        let (image, statistics) = try S.render(renderer, width: 100, height: 100, commands: groups)
        XCTAssertEqual(statistics.offscreenPasses, 3)
        let afterFirst = renderer.liveObjects.framebuffers
        XCTAssertEqual(afterFirst, 3, "three groups alive in one frame")
        for _ in 0..<5 { _ = try S.render(renderer, width: 100, height: 100, commands: groups) }
        XCTAssertEqual(renderer.liveObjects.framebuffers, afterFirst, "reused in later frames")
        XCTAssertPixel(S.pixel(image, 70, 10), [128, 0, 0, 128])
    }
}
