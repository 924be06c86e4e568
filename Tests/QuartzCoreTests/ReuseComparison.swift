import XCTest
import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel

/// Two CPU renderers of one layer tree, stepped a frame at a time together: `cached` reuses
/// unchanged subtrees, `whole` flattens every layer. What the subtree-reuse tests compare.
final class ReuseComparison {
    let cached: CARenderer
    let whole: CARenderer
    private var time: CFTimeInterval = CACurrentMediaTime()

    init(root: CALayer) throws {
        cached = try CARenderer(cpuPixelWidth: 400, pixelHeight: 300)
        whole = try CARenderer(cpuPixelWidth: 400, pixelHeight: 300)
        whole.reusesUnchangedSubtrees = false
        cached.layer = root
        whole.layer = root
    }

    /// Commits `body` without implicit animations, then flushes: layers made outside `body`
    /// opened an implicit transaction that would hold this one back.
    static func commitWithoutActions(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
        CATransaction.flush()
    }

    /// The next frame's draw list from `cached`, asserted equal to `whole`'s command for command
    /// and clip for clip.
    func nextFrame(file: StaticString = #filePath, line: UInt = #line) throws -> DrawList {
        time += 1.0 / 60
        let reused = try cached.drawList(atTime: time)
        let flattened = try whole.drawList(atTime: time)
        Self.assertSameFrame(reused, flattened, name: "whole", file: file, line: line)
        return reused
    }

    /// Asserts that `list` equals `other` (the frame named `name`) command for command and
    /// clip for clip, naming the first command that differs.
    static func assertSameFrame(_ list: DrawList, _ other: DrawList, name: String,
                                file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(list.commands.count, other.commands.count, "command count (\(name))", file: file, line: line)
        XCTAssertEqual(list.clips, other.clips, "clips (\(name))", file: file, line: line)
        if let index = list.commands.indices.first(where: { $0 < other.commands.count && list.commands[$0] != other.commands[$0] }) {
            XCTFail("command \(index) differs from the \(name) frame", file: file, line: line)
        }
    }
}
