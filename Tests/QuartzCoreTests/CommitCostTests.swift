import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
import XCTest

/// A commit visits the layers its transaction changed, not every layer of the committed trees:
/// display, layout and the display-animation driver reach exactly the layers that need them.
final class CommitCostTests: XCTestCase {
    /// A layer that logs its displays and layouts, and whose class counts how often it is asked
    /// whether `opacity` drives its display (the driver asks for each animation of a layer it notes).
    final class ProbeLayer: CALayer {
        static let opacityQueries = ThreadLock(0)
        var log: ((String) -> Void)?
        var displays = 0
        var layouts = 0
        var onDisplay: (() -> Void)?
        var onLayout: (() -> Void)?

        override class func needsDisplay(forKey key: String) -> Bool {
            if key == "opacity" { opacityQueries.withLock { $0 += 1 } }
            return super.needsDisplay(forKey: key)
        }

        override func display() {
            displays += 1
            log?("display \(name ?? "")")
            super.display()
            onDisplay?()
        }

        override func layoutSublayers() {
            layouts += 1
            log?("layout \(name ?? "")")
            onLayout?()
            super.layoutSublayers()
        }
    }

    /// A committed root with `fanOut` sublayers, each with `fanOut` sublayers, each with `fanOut`
    /// leaves (1 + f + f² + f³ layers), every one with an opacity animation attached.
    private func committedTree(fanOut: Int) -> (root: ProbeLayer, all: [ProbeLayer]) {
        let root = ProbeLayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        var all = [root]
        var level = [root]
        for _ in 0..<3 {
            var next: [ProbeLayer] = []
            for parent in level {
                for _ in 0..<fanOut {
                    let child = ProbeLayer()
                    child.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
                    parent.addSublayer(child)
                    next.append(child)
                }
            }
            all += next
            level = next
        }
        for layer in all {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0.0
            fade.toValue = 1.0
            fade.duration = 1000
            layer.add(fade, forKey: "fade")
        }
        CATransaction.flush()
        for layer in all { layer.displays = 0; layer.layouts = 0 }
        return (root, all)
    }

    func testCommitDisplaysAndNotesOnlyTheLayersItChanged() throws {
        let (root, all) = committedTree(fanOut: 10)
        XCTAssertEqual(all.count, 1111)
        XCTAssertFalse(all.contains { $0.needsDisplay() || $0.needsLayout() })
        let leaf = try XCTUnwrap(root.sublayers?[7].sublayers?[3].sublayers?[5] as? ProbeLayer)
        let moved = try XCTUnwrap(root.sublayers?[2].sublayers?[9].sublayers?[0] as? ProbeLayer)
        ProbeLayer.opacityQueries.withLock { $0 = 0 }

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        moved.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
        leaf.setNeedsDisplay()
        CATransaction.commit()

        XCTAssertEqual(leaf.displays, 1, "the layer marked as needing display displays once")
        XCTAssertFalse(leaf.needsDisplay())
        XCTAssertEqual(all.reduce(0) { $0 + $1.displays }, 1, "no other layer is displayed")
        XCTAssertEqual(all.reduce(0) { $0 + $1.layouts }, 0, "nothing needed layout")
        // The driver notes the two changed layers (the displayed one once more, from
        // displayIfNeeded): 2 or 3 questions about their opacity animation, not one per layer.
        let queries = ProbeLayer.opacityQueries.withLock { $0 }
        XCTAssertGreaterThanOrEqual(queries, 2)
        XCTAssertLessThanOrEqual(queries, 3, "a commit of 2 changed layers asked about \(queries) layers' animations")
    }

    func testSuperlayersDisplayBeforeSublayersAndLaterRequestsJoinTheCommit() {
        var log: [String] = []
        let root = ProbeLayer()
        let parent = ProbeLayer()
        let child = ProbeLayer()
        let sibling = ProbeLayer()
        for (layer, name) in [(root, "root"), (parent, "parent"), (child, "child"), (sibling, "sibling")] {
            layer.name = name
            layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
            layer.log = { log.append($0) }
        }
        root.addSublayer(parent)
        parent.addSublayer(child)
        root.addSublayer(sibling)
        CATransaction.flush()
        log.removeAll()

        // Requested child first: the parent still displays first.
        child.setNeedsDisplay()
        parent.setNeedsDisplay()
        // The child's display asks for the sibling's: it displays in the same commit. The
        // sibling asks for its own again: that request waits for the next commit.
        child.onDisplay = { sibling.setNeedsDisplay() }
        sibling.onDisplay = { sibling.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1)) }
        CATransaction.flush()
        XCTAssertEqual(log, ["display parent", "display child", "display sibling"])
        XCTAssertTrue(sibling.needsDisplay(), "a layer displays once per commit")

        log.removeAll()
        child.onDisplay = nil
        sibling.onDisplay = nil
        CATransaction.flush()
        XCTAssertEqual(log, [], "the waiting request is not committed without a transaction")
        root.opacity = 0.5
        CATransaction.flush()
        XCTAssertEqual(log, ["display sibling"], "the next commit displays it")
        XCTAssertFalse(sibling.needsDisplay())
    }

    func testLayoutFollowsOnlyPathsToLayersNeedingIt() throws {
        let (root, all) = committedTree(fanOut: 4)
        let target = try XCTUnwrap(root.sublayers?[1].sublayers?[2] as? ProbeLayer)
        let leaf = try XCTUnwrap(target.sublayers?[3] as? ProbeLayer)
        var log: [String] = []
        target.name = "target"
        leaf.name = "leaf"
        target.log = { log.append($0) }
        leaf.log = { log.append($0) }
        // Laying out the target moves its last sublayer's bounds, which marks that one too:
        // it is laid out in the same pass, after its superlayer.
        target.onLayout = { leaf.bounds = CGRect(x: 0, y: 0, width: 6, height: 6) }
        target.setNeedsLayout()
        XCTAssertTrue(root.sublayersNeedLayoutFlag, "the root knows a descendant needs layout")
        XCTAssertFalse(try XCTUnwrap(root.sublayers?[0] as? ProbeLayer).sublayersNeedLayoutFlag)

        CATransaction.flush()
        XCTAssertEqual(log, ["layout target", "layout leaf"])
        XCTAssertEqual(all.reduce(0) { $0 + $1.layouts }, 2)
        XCTAssertFalse(all.contains { $0.needsLayout() })
        XCTAssertFalse(root.sublayersNeedLayoutFlag, "the next commit walks nothing")
    }

    func testSubtreeNeedingLayoutBringsItToItsNewTree() throws {
        let (root, _) = committedTree(fanOut: 2)
        let detached = ProbeLayer()
        let inner = ProbeLayer()
        detached.addSublayer(inner)
        CATransaction.flush()
        inner.layouts = 0
        inner.setNeedsLayout()
        CATransaction.flush()
        XCTAssertEqual(inner.layouts, 1, "a tree of its own is laid out when it commits")

        let deep = ProbeLayer()
        inner.addSublayer(deep)
        CATransaction.flush()
        deep.layouts = 0
        deep.setNeedsLayout()
        // Moved before the commit: the new ancestors learn that a descendant needs layout.
        try XCTUnwrap(root.sublayers?[1].sublayers?[0]).addSublayer(detached)
        CATransaction.flush()
        XCTAssertEqual(deep.layouts, 1)
        XCTAssertFalse(deep.needsLayout())
    }
}
