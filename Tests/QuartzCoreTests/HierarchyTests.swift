import XCTest
import QuartzCore

/// Building and editing the layer tree with Apple's semantics, and the refusals that keep it a tree.
final class HierarchyTests: XCTestCase {
    private func names(_ layer: CALayer) -> [String] {
        (layer.sublayers ?? []).map { $0.name ?? "?" }
    }

    private func named(_ name: String) -> CALayer {
        let layer = CALayer()
        layer.name = name
        return layer
    }

    func testSublayersIsNilWhenEmpty() {
        let parent = CALayer()
        XCTAssertNil(parent.sublayers)
        let child = named("a")
        parent.addSublayer(child)
        XCTAssertEqual(parent.sublayers?.count, 1)
        child.removeFromSuperlayer()
        XCTAssertNil(parent.sublayers)
        XCTAssertNil(child.superlayer)
    }

    func testAddAndInsertOrdering() {
        let parent = CALayer()
        let (a, b, c, d, e) = (named("a"), named("b"), named("c"), named("d"), named("e"))
        parent.addSublayer(a)
        parent.addSublayer(b)
        XCTAssertEqual(names(parent), ["a", "b"])
        parent.insertSublayer(c, at: 0)
        XCTAssertEqual(names(parent), ["c", "a", "b"])
        parent.insertSublayer(d, below: b)
        XCTAssertEqual(names(parent), ["c", "a", "d", "b"])
        parent.insertSublayer(e, above: c)
        XCTAssertEqual(names(parent), ["c", "e", "a", "d", "b"])
        for layer in [a, b, c, d, e] { XCTAssertTrue(layer.superlayer === parent) }
    }

    func testInsertAtIndexBeyondCountAppends() {
        let parent = CALayer()
        parent.addSublayer(named("a"))
        parent.insertSublayer(named("z"), at: 99)
        XCTAssertEqual(names(parent), ["a", "z"])
    }

    func testInsertAboveOrBelowNilSibling() {
        let parent = CALayer()
        parent.addSublayer(named("a"))
        parent.insertSublayer(named("top"), above: nil)
        parent.insertSublayer(named("bottom"), below: nil)
        XCTAssertEqual(names(parent), ["bottom", "a", "top"])
    }

    func testMovingWithinTheSameSuperlayer() {
        let parent = CALayer()
        let (a, b, c) = (named("a"), named("b"), named("c"))
        parent.sublayers = [a, b, c]
        parent.insertSublayer(a, at: 2)
        XCTAssertEqual(names(parent), ["b", "a", "c"])
        parent.insertSublayer(c, at: 0)
        XCTAssertEqual(names(parent), ["c", "b", "a"])
        parent.addSublayer(c)
        XCTAssertEqual(names(parent), ["b", "a", "c"])
        parent.insertSublayer(b, above: c)
        XCTAssertEqual(names(parent), ["a", "c", "b"])
        XCTAssertEqual(parent.sublayers?.count, 3)
    }

    func testAddingALayerThatHasASuperlayerMovesIt() {
        let first = CALayer(), second = CALayer()
        let child = named("child")
        first.addSublayer(child)
        second.addSublayer(child)
        XCTAssertNil(first.sublayers)
        XCTAssertTrue(second.sublayers?.first === child)
        XCTAssertTrue(child.superlayer === second)
    }

    func testReplaceSublayer() {
        let parent = CALayer()
        let (a, b, c) = (named("a"), named("b"), named("c"))
        parent.sublayers = [a, b, c]
        let other = CALayer()
        let x = named("x")
        other.addSublayer(x)
        parent.replaceSublayer(b, with: x)
        XCTAssertEqual(names(parent), ["a", "x", "c"])
        XCTAssertNil(b.superlayer)
        XCTAssertTrue(x.superlayer === parent)
        XCTAssertNil(other.sublayers)
        // Replacing with a sibling moves the sibling into the replaced slot.
        parent.replaceSublayer(x, with: a)
        XCTAssertEqual(names(parent), ["a", "c"])
        XCTAssertNil(x.superlayer)
        // A layer that is not a sublayer cannot be replaced: nothing changes.
        parent.replaceSublayer(b, with: named("y"))
        XCTAssertEqual(names(parent), ["a", "c"])
    }

    func testSettingSublayersArray() {
        let parent = CALayer()
        let (a, b) = (named("a"), named("b"))
        parent.addSublayer(a)
        let other = CALayer()
        other.addSublayer(b)
        parent.sublayers = [b]
        XCTAssertEqual(names(parent), ["b"])
        XCTAssertNil(a.superlayer)
        XCTAssertNil(other.sublayers)
        parent.sublayers = nil
        XCTAssertNil(parent.sublayers)
        XCTAssertNil(b.superlayer)
    }

    func testAddingALayerToItselfIsRefused() {
        let layer = named("self")
        let child = named("child")
        layer.addSublayer(child)
        layer.addSublayer(layer)
        layer.insertSublayer(layer, at: 0)
        XCTAssertEqual(names(layer), ["child"])
        XCTAssertNil(layer.superlayer)
    }

    func testAddingAnAncestorToADescendantIsRefused() {
        let root = named("root"), mid = named("mid"), leaf = named("leaf")
        root.addSublayer(mid)
        mid.addSublayer(leaf)
        leaf.addSublayer(root)
        leaf.insertSublayer(mid, at: 0)
        leaf.sublayers = [root]
        XCTAssertNil(leaf.sublayers)
        XCTAssertNil(root.superlayer)
        XCTAssertTrue(mid.superlayer === root)
        XCTAssertTrue(leaf.superlayer === mid)
        XCTAssertEqual(names(root), ["mid"])
        XCTAssertEqual(names(mid), ["leaf"])
        // replaceSublayer with an ancestor is refused too.
        let other = named("other")
        leaf.addSublayer(other)
        leaf.replaceSublayer(other, with: root)
        XCTAssertEqual(names(leaf), ["other"])
        XCTAssertNil(root.superlayer)
    }

    func testMaskWithASuperlayerIsRefused() {
        let parent = CALayer(), layer = CALayer()
        let candidate = named("m")
        parent.addSublayer(candidate)
        layer.mask = candidate
        XCTAssertNil(layer.mask)
        XCTAssertTrue(candidate.superlayer === parent)
    }

    func testMaskIsNotASublayerAndHasNoSuperlayer() {
        let layer = CALayer()
        let mask = CALayer()
        layer.mask = mask
        XCTAssertTrue(layer.mask === mask)
        XCTAssertNil(mask.superlayer)
        XCTAssertNil(layer.sublayers)
    }

    func testLayerCannotMaskItselfOrAnAncestor() {
        let root = CALayer(), child = CALayer()
        root.addSublayer(child)
        child.mask = child
        XCTAssertNil(child.mask)
        // The root has no superlayer, but it is the child's ancestor.
        child.mask = root
        XCTAssertNil(child.mask)
        XCTAssertNil(root.superlayer)
    }

    func testRemoveFromSuperlayerOnAMaskClearsTheOwnersMask() {
        let layer = CALayer()
        let mask = CALayer()
        layer.mask = mask
        mask.removeFromSuperlayer()
        XCTAssertNil(layer.mask)
        // The layer can mask another layer afterwards.
        let other = CALayer()
        other.mask = mask
        XCTAssertTrue(other.mask === mask)
    }

    func testMaskMovesBetweenOwners() {
        let first = CALayer(), second = CALayer()
        let mask = CALayer()
        first.mask = mask
        second.mask = mask
        XCTAssertNil(first.mask)
        XCTAssertTrue(second.mask === mask)
    }

    func testAddingAMaskAsASublayerTakesItFromItsOwner() {
        let owner = CALayer(), parent = CALayer()
        let mask = CALayer()
        owner.mask = mask
        parent.addSublayer(mask)
        XCTAssertNil(owner.mask)
        XCTAssertTrue(mask.superlayer === parent)
    }

    func testRemoveFromSuperlayerWithoutSuperlayerDoesNothing() {
        let layer = CALayer()
        layer.removeFromSuperlayer()
        XCTAssertNil(layer.superlayer)
    }

    func testSuperlayerIsWeakSublayersAreStrong() {
        weak var weakChild: CALayer?
        var parent: CALayer? = CALayer()
        do {
            let child = CALayer()
            weakChild = child
            parent?.addSublayer(child)
        }
        // The open transaction holds the layers it changed until it commits, as Apple's does.
        CATransaction.flush()
        XCTAssertNotNil(weakChild, "the superlayer keeps its sublayers alive")
        parent = nil
        XCTAssertNil(weakChild)
    }
}
