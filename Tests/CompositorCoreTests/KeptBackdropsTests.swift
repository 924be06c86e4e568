import CompositorCore
import CoreGraphics
import XCTest

/// `KeptBackdrops`: an image follows its quad to the command a frame marks unchanged, and is let
/// go (handed to `discard`) when a frame does not mark it, when its quad differs, or when
/// replaced.
final class KeptBackdropsTests: XCTestCase {
    private func panel(x: Double) -> Quad {
        var quad = Quad(transform: .identity, rect: CGRect(x: x, y: 40, width: 80, height: 40))
        quad.backdrop = BackdropFilter(filters: [.blur(sigma: 2)])
        return quad
    }

    private func list(_ commands: [DrawCommand], marks: [UnchangedBackdrop]) -> DrawList {
        var list = DrawList(pixelWidth: 200, pixelHeight: 200, commands: commands)
        list.unchangedBackdrops = marks
        return list
    }

    func testAnImageFollowsItsQuadWhileMarkedAndGoesOtherwise() {
        var discarded: [String] = []
        let kept = KeptBackdrops<String>(byteCount: { $0.utf8.count }, discard: { discarded.append($0) })
        let filler = DrawCommand.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 5, height: 5)))
        kept.keep("panel", for: panel(x: 40), at: 1)
        XCTAssertEqual(kept.usage, CacheUsage(entries: 1, bytes: 5), "measured by byteCount")
        kept.begin(list([filler, filler, .quad(panel(x: 40))], marks: [UnchangedBackdrop(previousCommand: 1, command: 2)]))
        XCTAssertEqual(kept.image(for: 2), "panel")
        XCTAssertNil(kept.image(for: 1))
        kept.keep("again", for: panel(x: 40), at: 2)
        XCTAssertEqual(discarded, ["panel"], "replaced")
        // Marked, but the command holds another quad.
        kept.begin(list([filler, filler, .quad(panel(x: 41))], marks: [UnchangedBackdrop(previousCommand: 2, command: 2)]))
        XCTAssertEqual(kept.count, 0)
        XCTAssertEqual(discarded, ["panel", "again"])
        kept.keep("third", for: panel(x: 41), at: 2)
        kept.begin(list([filler, filler, .quad(panel(x: 41))], marks: []))
        XCTAssertEqual(discarded, ["panel", "again", "third"], "a frame that marks nothing")
        XCTAssertEqual(kept.usage, CacheUsage(), "nothing kept, nothing counted")
    }
}
