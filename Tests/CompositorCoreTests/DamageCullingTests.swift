import CompositorCore
import CoreGraphics
import XCTest

/// `DamageCulling` picks the top-level drawables whose bounds touch the damage, and projects
/// again only those its producer did not declare unchanged since the list it culled last.
final class DamageCullingTests: XCTestCase {
    /// A 10 x 10 square at (x, 10).
    private func square(x: Double) -> DrawCommand {
        .quad(Quad(transform: .translation(x, 10), rect: CGRect(x: 0, y: 0, width: 10, height: 10),
                   fillColor: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)))
    }

    private func group(x: Double) -> [DrawCommand] {
        [.beginGroup(CompositingGroup(transform: .translation(x, 10), rect: CGRect(x: 0, y: 0, width: 10, height: 10),
                                      pixelWidth: 10, pixelHeight: 10)),
         square(x: 0), .endGroup]
    }

    private func list(_ commands: [DrawCommand], frame: UInt64, unchanged: [Range<Int>], sequence: UInt64 = 5) -> DrawList {
        var list = DrawList(pixelWidth: 200, pixelHeight: 40, commands: commands)
        list.continuity = DrawListContinuity(sequence: sequence, frame: frame, unchangedRanges: unchanged)
        return list
    }

    /// The trees of the lists culled, in order, as a renderer keeps them.
    private var trees = DrawListTreeCache()

    /// Positions of `tree.roots` selected, as offsets from its start.
    private func select(_ culling: inout DamageCulling, _ list: DrawList, damage: [PixelRect]) -> [Int] {
        let tree = trees.tree(for: list)
        culling.select(trees, touching: DamageTiles(rects: damage, width: list.pixelWidth, height: list.pixelHeight))
        return culling.selected.map { $0 - tree.roots.lowerBound }
    }

    func testOnlyDrawablesWhoseBoundsTouchTheDamageAreSelected() {
        var culling = DamageCulling()
        // Squares at 10, 50, 90 (bounds: their own pixels), a group at 130 (one root), a square at 170.
        let commands = [square(x: 10), square(x: 50), square(x: 90)] + group(x: 130) + [square(x: 170)]
        let first = list(commands, frame: 1, unchanged: [])
        XCTAssertEqual(select(&culling, first, damage: [PixelRect(x: 55, y: 12, width: 2, height: 2),
                                                         PixelRect(x: 135, y: 30, width: 2, height: 2)]), [1, 3])
        XCTAssertEqual(culling.projectedCount, 5, "nothing remembered: every root projected")
        XCTAssertEqual(select(&culling, first, damage: []), [])
        XCTAssertEqual(select(&culling, first, damage: [PixelRect(x: 0, y: 0, width: 200, height: 40)]), [0, 1, 2, 3, 4])
    }

    func testAGroupIsCulledByItsCompositedImageNotItsContent() {
        // A group at (100, 10) whose content square lies at its own origin: on the canvas it
        // covers 100...110, so damage there selects it and damage at the origin does not.
        var culling = DamageCulling()
        let grouped = list(group(x: 100), frame: 1, unchanged: [])
        XCTAssertEqual(select(&culling, grouped, damage: [PixelRect(x: 104, y: 14, width: 2, height: 2)]), [0])
        XCTAssertEqual(select(&culling, grouped, damage: [PixelRect(x: 2, y: 12, width: 2, height: 2)]), [])
    }

    func testUnchangedDrawablesKeepTheirBoundsAndChangedOnesAreProjectedAgain() {
        var culling = DamageCulling()
        let before = [square(x: 10), square(x: 50), square(x: 90)] + group(x: 130)
        _ = select(&culling, list(before, frame: 1, unchanged: []), damage: [PixelRect(x: 0, y: 0, width: 1, height: 1)])
        // The second square moved to 170; the producer says the rest repeated.
        let after = [square(x: 10), square(x: 170), square(x: 90)] + group(x: 130)
        let next = list(after, frame: 2, unchanged: [0..<1, 2..<6])
        XCTAssertEqual(select(&culling, next, damage: [PixelRect(x: 172, y: 12, width: 2, height: 2)]), [1])
        XCTAssertEqual(culling.projectedCount, 1, "only the moved square")
        // A (wrong) claim that everything repeated is trusted: the remembered bounds answer.
        let claimed = list([square(x: 10), square(x: 50), square(x: 90)] + group(x: 130), frame: 3, unchanged: [0..<6])
        XCTAssertEqual(select(&culling, claimed, damage: [PixelRect(x: 172, y: 12, width: 2, height: 2)]), [1])
        XCTAssertEqual(culling.projectedCount, 0)
    }

    func testClaimsOutsideTheNextFrameOfTheSequenceAreIgnored() {
        for (sequence, frame) in [(UInt64(6), UInt64(2)), (5, 3), (5, 1)] {
            var culling = DamageCulling()
            _ = select(&culling, list([square(x: 10), square(x: 50)], frame: 1, unchanged: []), damage: [])
            let moved = list([square(x: 10), square(x: 170)], frame: frame, unchanged: [0..<2], sequence: sequence)
            XCTAssertEqual(select(&culling, moved, damage: [PixelRect(x: 172, y: 12, width: 2, height: 2)]), [1],
                           "sequence \(sequence), frame \(frame)")
            XCTAssertEqual(culling.projectedCount, 2)
        }
    }

    /// A command repeated at the same index that was no drawable of the last list (it drew
    /// inside a group) has no bounds remembered: they are projected, not taken from an older list.
    func testACommandThatWasNotADrawableLastTimeIsProjected() {
        var culling = DamageCulling()
        let inner = square(x: 170)
        // Frame 1: a square at 90 is drawable 2 (its bounds remembered at index 2).
        _ = select(&culling, list([square(x: 10), square(x: 50), square(x: 90), square(x: 130)], frame: 1, unchanged: []),
                   damage: [])
        // Frame 2: index 2 holds `inner`, drawn inside a group.
        let nested = group(x: 50)
        _ = select(&culling, list([nested[0], square(x: 0), inner, .endGroup], frame: 2, unchanged: []), damage: [])
        // Frame 3: the group closes first; `inner`, repeated at index 2, is now a drawable of its own.
        let next = list([nested[0], .endGroup, inner, square(x: 0)], frame: 3, unchanged: [2..<3])
        XCTAssertEqual(select(&culling, next, damage: [PixelRect(x: 172, y: 12, width: 2, height: 2)]), [1],
                       "frame 1's bounds at index 2 (the square at 90) must not answer for it")
        XCTAssertEqual(culling.projectedCount, 3)
    }
}
