import XCTest
import CoreGraphics
import CompositorCore

/// The group tree both renderers walk: well-formed nesting gives the tree the commands describe;
/// every kind of malformed nesting is repaired one way and reported with where it was.
final class DrawListTreeTests: XCTestCase {
    private func quad(_ x: CGFloat) -> DrawCommand {
        .quad(Quad(transform: .identity, rect: CGRect(x: x, y: 0, width: 4, height: 4)))
    }

    private func group(_ width: Int) -> DrawCommand {
        .beginGroup(CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: width, height: width),
                                     pixelWidth: width, pixelHeight: width))
    }

    /// The command indices of the quads of `nodes`, and "g<width>" for a group.
    private func describe(_ tree: DrawListTree, _ nodes: Range<Int>) -> [String] {
        tree.nodes[nodes].map { node in
            switch node {
            case .quad(let index): return "q\(index)"
            case .group(let index): return "g\(tree.groups[index].group.pixelWidth)"
            }
        }
    }

    func testWellFormedNesting() throws {
        // q0 [g10: q2 [g20: q4] mask: q7] q9
        let commands = [quad(0), group(10), quad(2), group(20), quad(4), .endGroup, .beginMask, quad(7), .endGroup, quad(9)]
        let tree = DrawListTree(commands)
        XCTAssertTrue(tree.isWellFormed)
        XCTAssertEqual(tree.repairs, [])
        XCTAssertEqual(describe(tree, tree.roots), ["q0", "g10", "q9"])
        XCTAssertEqual(tree.groups.count, 2)
        let outer = try XCTUnwrap(tree.groups.first { $0.group.pixelWidth == 10 })
        XCTAssertEqual(outer.commandIndex, 1)
        XCTAssertEqual(describe(tree, outer.content), ["q2", "g20"])
        XCTAssertEqual(describe(tree, try XCTUnwrap(outer.mask)), ["q7"])
        let inner = try XCTUnwrap(tree.groups.first { $0.group.pixelWidth == 20 })
        XCTAssertEqual(describe(tree, inner.content), ["q4"])
        XCTAssertNil(inner.mask)
        XCTAssertEqual(tree.groupDepth, 2)
        XCTAssertEqual(tree.quad(at: 9).rect.minX, 9)
        // Every quad appears once, every group once.
        XCTAssertEqual(tree.nodes.count, 5 + 2)
    }

    func testEmptyAndFlatLists() {
        XCTAssertEqual(DrawListTree([]).roots.count, 0)
        XCTAssertEqual(DrawListTree([]).groupDepth, 0)
        let flat = DrawListTree([quad(0), quad(1), quad(2)])
        XCTAssertEqual(describe(flat, flat.roots), ["q0", "q1", "q2"])
        XCTAssertEqual(flat.groupDepth, 0)
    }

    func testStrayEndGroupAndMaskAreIgnoredAndReported() {
        let tree = DrawListTree([.endGroup, quad(1), .beginMask, quad(3)])
        XCTAssertFalse(tree.isWellFormed)
        XCTAssertEqual(tree.repairs, [NestingRepair(kind: .endWithoutGroup, commandIndex: 0),
                                      NestingRepair(kind: .maskOutsideGroup, commandIndex: 2)])
        XCTAssertEqual(describe(tree, tree.roots), ["q1", "q3"], "the quads after a stray mask stay on the canvas")
        XCTAssertEqual(tree.repairs[0].description, "malformed draw list: .endGroup at command 0 closes no group; ignored")
    }

    func testSecondMaskIsIgnoredAndWhatFollowsStaysInTheMask() throws {
        let tree = DrawListTree([group(8), quad(1), .beginMask, quad(3), .beginMask, quad(5), .endGroup])
        XCTAssertEqual(tree.repairs, [NestingRepair(kind: .secondMask, commandIndex: 4)])
        let g = try XCTUnwrap(tree.groups.first)
        XCTAssertEqual(describe(tree, g.content), ["q1"])
        XCTAssertEqual(describe(tree, try XCTUnwrap(g.mask)), ["q3", "q5"])
    }

    func testUnclosedGroupsCloseAtTheEndInnermostFirst() throws {
        let tree = DrawListTree([quad(0), group(10), quad(2), group(20), .beginMask, quad(5)])
        XCTAssertEqual(tree.repairs, [NestingRepair(kind: .unclosedGroup, commandIndex: 3),
                                      NestingRepair(kind: .unclosedGroup, commandIndex: 1)])
        XCTAssertEqual(describe(tree, tree.roots), ["q0", "g10"])
        let inner = try XCTUnwrap(tree.groups.first { $0.group.pixelWidth == 20 })
        XCTAssertEqual(describe(tree, inner.content), [])
        XCTAssertEqual(describe(tree, try XCTUnwrap(inner.mask)), ["q5"])
        XCTAssertEqual(tree.groupDepth, 2)
        XCTAssertTrue(tree.repairs[0].description.contains("never ended"))
    }

    func testDeepNestingIsParsedWithoutRecursion() {
        // Thousands of nested groups: the parser keeps its own stack, and the depth is exact.
        let depth = 5000
        let commands = [DrawCommand](repeating: group(1), count: depth) + [quad(0)] + [DrawCommand](repeating: .endGroup, count: depth)
        let tree = DrawListTree(commands)
        XCTAssertTrue(tree.isWellFormed)
        XCTAssertEqual(tree.groupDepth, depth)
        XCTAssertEqual(tree.roots.count, 1)
    }
}

/// A renderer warns about the first malformed list it meets, and only once.
final class NestingReporterTests: XCTestCase {
    func testWarnsOnceForTheFirstMalformedList() {
        var reporter = NestingReporter()
        XCTAssertNil(reporter.warning(for: DrawListTree([])), "a well-formed list is not reported")
        let broken = DrawListTree([.endGroup, .beginMask])
        let warning = reporter.warning(for: broken)
        XCTAssertEqual(warning, "malformed draw list: .endGroup at command 0 closes no group; ignored "
                       + "(2 repair(s) in this list; later lists are not reported)")
        XCTAssertNil(reporter.warning(for: broken), "later lists are not reported")
    }
}
