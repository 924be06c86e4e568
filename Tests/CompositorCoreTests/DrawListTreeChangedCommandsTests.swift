@testable import CompositorCore
import CoreGraphics
import XCTest

/// `DrawListTreeCache` asks in one walk over a list's changed commands whether the list nests as
/// the last one did and whether a changed command reads its backdrop: the answers are those of
/// `DrawListTree.nestAlike` and of asking each changed command (`readsBackdrop`), one after the other.
final class DrawListTreeChangedCommandsTests: XCTestCase {
    private func quad(_ x: CGFloat, backdrop: Bool = false) -> DrawCommand {
        var quad = Quad(transform: .identity, rect: CGRect(x: x, y: 0, width: 4, height: 4))
        if backdrop { quad.backdrop = BackdropFilter(filters: [.blur(sigma: 2)]) }
        return .quad(quad)
    }

    private func group(blends: Bool = false) -> DrawCommand {
        var group = CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: 8, height: 8),
                                     pixelWidth: 8, pixelHeight: 8)
        if blends { group.blendFormula = .multiply }
        return .beginGroup(group)
    }

    /// Whether a command of `commands` in `ranges` filters its backdrop or begins a group that
    /// blends with it, asked of each command on its own.
    private func readsBackdrop(_ commands: [DrawCommand], in ranges: [Range<Int>]) -> Bool {
        ranges.contains { range in
            range.contains { index in
                switch commands[index] {
                case .quad(let quad): quad.backdrop != nil
                case .beginGroup(let group): group.blendFormula != nil
                case .beginMask, .endGroup: false
                }
            }
        }
    }

    /// Checks the one walk against the two functions, and against what the case expects
    /// (`reads` nil: the lists do not nest alike).
    private func check(_ old: [DrawCommand], _ new: [DrawCommand], _ changed: [Range<Int>], reads: Bool?, _ what: String,
                       line: UInt = #line) {
        let answer = DrawListTree.nestAlikeReadingBackdrop(old, new, differingOnlyIn: changed)
        let alike = DrawListTree.nestAlike(old, new, differingOnlyIn: changed)
        XCTAssertEqual(answer.nestAlike, alike, "\(what): nesting, one walk against nestAlike", line: line)
        XCTAssertEqual(answer.nestAlike, reads != nil, "\(what): nesting", line: line)
        guard let reads, alike else { return }
        XCTAssertEqual(answer.readsBackdrop, readsBackdrop(new, in: changed),
                       "\(what): backdrops, one walk against readsBackdrop", line: line)
        XCTAssertEqual(answer.readsBackdrop, reads, "\(what): backdrops", line: line)
    }

    func testOneWalkAnswersAsTheTwoFunctions() {
        // q0 [g: q2 mask: q4] q6 q7
        let plain = [quad(0), group(), quad(2), .beginMask, quad(4), .endGroup, quad(6), quad(7)]
        var moved = plain
        moved[0] = quad(1); moved[6] = quad(5)
        check(plain, moved, [0..<1, 6..<7], reads: false, "quads moved, none reads its backdrop")
        check(plain, plain, [], reads: false, "nothing changed")

        var frosted = moved
        frosted[4] = quad(4, backdrop: true)
        check(plain, frosted, [0..<1, 4..<5, 6..<7], reads: true, "a changed quad begins to filter its backdrop")
        check(plain, frosted, [0..<1, 6..<7], reads: false, "the filtering quad lies outside the changed ranges")

        var blended = plain
        blended[1] = group(blends: true)
        check(plain, blended, [0..<3], reads: true, "a changed group begins to blend")
        check(blended, blended, [0..<8], reads: true, "the whole list again, its group blending")

        var renested = frosted
        renested[3] = quad(3)
        check(plain, renested, [0..<8], reads: nil, "a reader before a mask that became a quad")
        check(plain, renested, [3..<4], reads: nil, "only the mask that became a quad changed")
        check(plain, renested, [0..<1, 4..<5], reads: true, "the renested command outside the changed ranges")

        var ungrouped = plain
        ungrouped[5] = quad(5)
        var readerFirst = ungrouped
        readerFirst[0] = quad(0, backdrop: true)
        check(plain, readerFirst, [0..<1, 5..<6], reads: nil, "a reader, then a group end that became a quad")
        check(plain, readerFirst, [0..<1], reads: true, "the reader alone")
        check(plain, Array(plain.dropLast()), [0..<1], reads: nil, "a list one command shorter")
    }
}
