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
        XCTAssertEqual(reused.commands.count, flattened.commands.count, "command count", file: file, line: line)
        XCTAssertEqual(reused.clips, flattened.clips, "clips differ", file: file, line: line)
        if let index = reused.commands.indices.first(where: { $0 < flattened.commands.count
                                                                 && reused.commands[$0] != flattened.commands[$0] }) {
            XCTFail("command \(index) differs from the whole flatten", file: file, line: line)
        }
        return reused
    }
}
