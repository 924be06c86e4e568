import CompositorCore
import CoreGraphics
@testable import CPURenderer
import XCTest

/// A long list with a frosted panel, whose tree the renderer reshapes from the last frame's (one
/// square moved, the rest repeated), is drawn as a fresh renderer draws it: the panel is not
/// lost to the parallel preparation, which does not run backdrop passes.
final class CPUReshapedBackdropTests: XCTestCase {
    private static let canvas = (width: 160, height: 120)
    /// More drawables than `FrameCompositor.parallelMinimum`, so that two threads would prepare them.
    private static let squares = 620

    private static func commands(firstSquareAt x: Double) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        for index in 0..<squares {
            let column = Double(index % 31), row = Double(index / 31)
            let left = index == 0 ? x : 5 * column
            commands.append(.quad(Quad(transform: .translation(left, 6 * row), rect: CGRect(x: 0, y: 0, width: 4, height: 5),
                                       fillColor: PremultipliedColor(red: Float(index % 7) / 6, green: Float(index % 5) / 4, blue: 0.5, alpha: 1))))
        }
        var panel = Quad(transform: .translation(30, 30), rect: CGRect(x: 0, y: 0, width: 100, height: 60),
                         fillColor: PremultipliedColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 0.2))
        panel.backdrop = BackdropFilter(filters: [.blur(sigma: 3)])
        commands.append(.quad(panel))
        return commands
    }

    private static func list(firstSquareAt x: Double, frame: UInt64, unchanged: [Range<Int>]) -> DrawList {
        var list = DrawList(pixelWidth: canvas.width, pixelHeight: canvas.height, commands: commands(firstSquareAt: x))
        list.continuity = DrawListContinuity(sequence: 11, frame: frame, unchangedRanges: unchanged)
        return list
    }

    func testAReshapedListWithAFrostedPanelIsDrawnAsAFreshRendererDrawsIt() throws {
        let renderer = try CPURenderer(pixelWidth: Self.canvas.width, pixelHeight: Self.canvas.height, threadCount: 2)
        _ = try renderer.render(Self.list(firstSquareAt: 0, frame: 1, unchanged: []))
        let moved = Self.list(firstSquareAt: 70, frame: 2, unchanged: [1..<(Self.squares + 1)])
        _ = try renderer.render(moved)

        let fresh = try CPURenderer(pixelWidth: Self.canvas.width, pixelHeight: Self.canvas.height, threadCount: 2)
        _ = try fresh.render(DrawList(pixelWidth: Self.canvas.width, pixelHeight: Self.canvas.height, commands: moved.commands))
        let drawn = try renderer.readPixels(), expected = try fresh.readPixels()
        // Before the reshaped tree kept `hasBackdrops`, the panel was left out of this frame.
        XCTAssertEqual(drawn.data, expected.data, "the reshaped frame draws the fresh renderer's bytes")
    }
}
