import CompositorCore
import CoreGraphics
import XCTest

/// A tree that `DrawListTreeCache` reshapes from the last frame's (the list nests alike and its
/// producer repeated the rest) says whether the list reads its backdrop, as a parsed one does:
/// the CPU renderer relies on `hasBackdrops` to keep such lists off its parallel preparation and
/// to grow a damaged frame's regions for backdrops.
final class DrawListTreeCacheBackdropTests: XCTestCase {
    private func square(x: Double, backdrop: Bool = false) -> DrawCommand {
        var quad = Quad(transform: .translation(x, 10), rect: CGRect(x: 0, y: 0, width: 10, height: 10),
                        fillColor: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1))
        if backdrop { quad.backdrop = BackdropFilter(filters: [.blur(sigma: 2)]) }
        return .quad(quad)
    }

    private func list(_ commands: [DrawCommand], frame: UInt64, unchanged: [Range<Int>]) -> DrawList {
        var list = DrawList(pixelWidth: 200, pixelHeight: 40, commands: commands)
        list.continuity = DrawListContinuity(sequence: 3, frame: frame, unchangedRanges: unchanged)
        return list
    }

    func testAReshapedTreeKeepsTheBackdropsOfTheRepeatedCommands() {
        var trees = DrawListTreeCache()
        let parsed = trees.tree(for: list([square(x: 10), square(x: 50, backdrop: true), square(x: 90)], frame: 1, unchanged: []))
        XCTAssertNil(trees.changedRanges, "the first list is parsed")
        XCTAssertTrue(parsed.hasBackdrops)
        // The first square moved; the backdrop square was repeated.
        let reshaped = trees.tree(for: list([square(x: 20), square(x: 50, backdrop: true), square(x: 90)], frame: 2, unchanged: [1..<3]))
        XCTAssertEqual(trees.changedRanges, [0..<1], "reshaped, not parsed")
        XCTAssertTrue(reshaped.hasBackdrops)
    }

    func testAChangedCommandThatBeginsToReadItsBackdropSetsTheFlag() {
        var trees = DrawListTreeCache()
        XCTAssertFalse(trees.tree(for: list([square(x: 10), square(x: 50), square(x: 90)], frame: 1, unchanged: [])).hasBackdrops)
        let plain = trees.tree(for: list([square(x: 10), square(x: 60), square(x: 90)], frame: 2, unchanged: [0..<1, 2..<3]))
        XCTAssertEqual(trees.changedRanges, [1..<2])
        XCTAssertFalse(plain.hasBackdrops, "no command reads a backdrop")
        let panel = trees.tree(for: list([square(x: 10), square(x: 60), square(x: 90, backdrop: true)], frame: 3, unchanged: [0..<2]))
        XCTAssertEqual(trees.changedRanges, [2..<3])
        XCTAssertTrue(panel.hasBackdrops)
    }

    func testWhetherAQuadHasABackdropIsReadInPlace() {
        let group = DrawCommand.beginGroup(CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: 8, height: 8),
                                                            pixelWidth: 8, pixelHeight: 8))
        let tree = DrawListTree([square(x: 10), square(x: 50, backdrop: true), group, square(x: 90, backdrop: true), .endGroup])
        XCTAssertEqual((0..<5).map { tree.hasBackdrop(quadAt: $0) }, [false, true, false, true, false],
                       "the quads' backdrops; a command that is not a quad has none")
    }
}
