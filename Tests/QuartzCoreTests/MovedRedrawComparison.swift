import XCTest
import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
@testable import RenderServer

/// Three CPU renderers of one layer tree, stepped a frame at a time together: `moving` draws a
/// sublayer that only moved by moving its last drawing (`FrameFlattener.redrawMoved`),
/// `flattening` flattens it again, `whole` reuses nothing. What the moved-layer tests compare.
final class MovedRedrawComparison {
    let moving: CARenderer
    let flattening: CARenderer
    let whole: CARenderer
    private(set) var time: CFTimeInterval

    /// The renderers of `root`, flattening long runs in at most `parts` parts, from `time` on.
    init(root: CALayer, parts: Int = 2, time: CFTimeInterval = CACurrentMediaTime()) throws {
        moving = try CARenderer(cpuPixelWidth: 400, pixelHeight: 300)
        flattening = try CARenderer(cpuPixelWidth: 400, pixelHeight: 300)
        whole = try CARenderer(cpuPixelWidth: 400, pixelHeight: 300)
        self.time = time
        flattening.frames.redrawsMovedLayers = false
        whole.reusesUnchangedSubtrees = false
        flattenInParts(parts)
        for renderer in [moving, flattening, whole] { renderer.layer = root }
    }

    /// Flattens long runs in at most `parts` parts from now on.
    func flattenInParts(_ parts: Int) {
        moving.frames.maximumFlatteningParts = parts
        flattening.frames.maximumFlatteningParts = parts
    }

    /// Draws the next frame with each renderer, asserts them equal, and returns how many
    /// sublayers the moving renderer drew moved.
    @discardableResult
    func assertNextFramesEqual(file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        time += 1.0 / 60
        let frames = try [moving, flattening, whole].map { try $0.drawList(atTime: time) }
        ReuseComparison.assertSameFrame(frames[0], frames[1], name: "flattening", file: file, line: line)
        ReuseComparison.assertSameFrame(frames[0], frames[2], name: "whole", file: file, line: line)
        XCTAssertEqual(frames[0].continuity?.unchangedRanges, frames[1].continuity?.unchangedRanges,
                       "unchanged ranges", file: file, line: line)
        XCTAssertEqual(flattening.frames.lastFrameSublayersRedrawnMoved, 0, file: file, line: line)
        return moving.frames.lastFrameSublayersRedrawnMoved
    }
}
