@_spi(RenderTables) @testable import QuartzCoreModel
import Foundation
import XCTest

/// A commit brings each changed layer's copy in the render tree up to date in place
/// (`RenderTreeStore.apply(committing:idsBelow:)`): the copy's state box is refilled only when nothing
/// else holds it, every field follows the model, and the versions and change lists a renderer
/// relies on are stamped as when each copy was replaced whole.
final class InPlaceCommitTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        super.tearDown()
    }

    /// Commits what is pending, then `changes` in a transaction of their own, with actions
    /// disabled.
    private func commit(_ changes: () -> Void) {
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        changes()
        CATransaction.commit()
    }

    /// With no snapshot holding the committed copy, the next commit writes the new state into
    /// the same box; a snapshot taken before a commit keeps the values of its own commit, and
    /// the store's copy gets a box of its own.
    func testTheStateBoxIsRefilledOnlyWhenNothingElseHoldsIt() throws {
        let store = RenderTreeStore()
        let root = CALayer(), leaf = CALayer()
        root.addSublayer(leaf)
        commit { leaf.position = CGPoint(x: 10, y: 20) }
        let firstBox = try ObjectIdentifier(XCTUnwrap(store.snapshot().layers[leaf.layerID]).stateStorage)

        commit { leaf.position = CGPoint(x: 30, y: 40) }
        let refilled = try XCTUnwrap(store.snapshot().layers[leaf.layerID])
        XCTAssertEqual(ObjectIdentifier(refilled.stateStorage), firstBox, "refilled, not replaced")
        XCTAssertEqual(refilled.state.position, CGPoint(x: 30, y: 40))

        let held = store.snapshot()
        commit { leaf.position = CGPoint(x: 50, y: 60) }
        XCTAssertEqual(held.layers[leaf.layerID]?.state.position, CGPoint(x: 30, y: 40), "a snapshot never changes")
        let replaced = try XCTUnwrap(store.snapshot().layers[leaf.layerID])
        XCTAssertEqual(replaced.state.position, CGPoint(x: 50, y: 60))
        XCTAssertNotEqual(ObjectIdentifier(replaced.stateStorage), firstBox, "the held box is left alone")
        XCTAssertGreaterThan(replaced.version, try XCTUnwrap(held.layers[leaf.layerID]).version)
    }

    /// A layer that only moved (its `position` and `transform`) has only those two written into
    /// its refilled box; the box then holds exactly the model's state, every byte of it, and a
    /// later change of anything else is written whole.
    func testARefilledBoxOfAMovedLayerHoldsTheModelStateExactly() throws {
        let store = RenderTreeStore()
        let root = CALayer(), sprite = CALayer()
        root.addSublayer(sprite)
        commit {
            sprite.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
            sprite.opacity = 0.85
            sprite.cornerRadius = 4
            sprite.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        }
        // Only its identity is kept: a reference held here would make the next commit replace it.
        let boxID = try ObjectIdentifier(XCTUnwrap(store.snapshot().layers[sprite.layerID]).stateStorage)

        func assertHoldsTheModelState(_ message: String) throws {
            let committed = try XCTUnwrap(store.snapshot().layers[sprite.layerID])
            XCTAssertEqual(ObjectIdentifier(committed.stateStorage), boxID, "refilled, not replaced: \(message)")
            // The model's state read in place: a copy need not carry its padding bytes along.
            let sameBytes = committed.stateStorage.withUnsafeStatePointer { committedState in
                withUnsafePointer(to: &sprite.lockedFields.state) {
                    memcmp(committedState, $0, MemoryLayout<LayerState>.size) == 0
                }
            }
            XCTAssertTrue(sameBytes, "the committed state is the model's, byte for byte: \(message)")
        }

        commit {
            sprite.position = CGPoint(x: 40, y: 50)
            sprite.transform = CATransform3DMakeTranslation(12.5, 0, 0)
        }
        try assertHoldsTheModelState("moved")
        XCTAssertEqual(store.snapshot().layers[sprite.layerID]?.state.transform.m41, 12.5)

        commit { sprite.transform = CATransform3DMakeTranslation(-3, 0, 0) }
        try assertHoldsTheModelState("moved again")

        commit {
            sprite.transform = CATransform3DMakeTranslation(7, 0, 0)
            sprite.opacity = 0.5
        }
        try assertHoldsTheModelState("moved and faded")
        XCTAssertEqual(store.snapshot().layers[sprite.layerID]?.state.opacity, 0.5)
    }

    /// A refilled box lets go of the reference-counted values it held and keeps the new ones.
    func testARefilledBoxHoldsTheNewValuesOnly() throws {
        let store = RenderTreeStore()
        let layer = CALayer()
        weak var replacedColor: CGColor?
        do {
            let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            replacedColor = red
            commit { layer.backgroundColor = red }
        }
        commit { layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5) }
        XCTAssertNil(replacedColor, "neither the model nor the committed copy holds the old colour")
        let committed = try XCTUnwrap(store.snapshot().layers[layer.layerID])
        XCTAssertEqual(committed.state.backgroundColor?.components, [0, 0, 1, 0.5])
        XCTAssertEqual(committed.state.borderColor?.components, [0, 0, 0, 1], "CALayer.h: borderColor defaults to opaque black")
    }

    /// Every field of a copy written in place follows the model: the sublayers as they are
    /// added, reordered and removed, the mask, the superlayer and the animations.
    func testEveryFieldFollowsTheModel() throws {
        let store = RenderTreeStore()
        let root = CALayer(), a = CALayer(), b = CALayer(), mask = CALayer()
        root.addSublayer(a)
        root.addSublayer(b)
        commit {}
        XCTAssertEqual(store.snapshot().layers[root.layerID]?.sublayerIDs, [a.layerID, b.layerID])

        commit { root.insertSublayer(b, at: 0) }
        XCTAssertEqual(store.snapshot().layers[root.layerID]?.sublayerIDs, [b.layerID, a.layerID], "reordered")

        commit { root.mask = mask }
        XCTAssertEqual(store.snapshot().layers[root.layerID]?.maskID, mask.layerID)
        XCTAssertEqual(store.snapshot().layers[mask.layerID]?.superlayerID, root.layerID, "a mask is committed under its owner")

        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 10
        commit { a.add(animation, forKey: "fade") }
        XCTAssertEqual(store.snapshot().layers[a.layerID]?.animations.count, 1)

        commit {
            a.removeAllAnimations()
            b.removeFromSuperlayer()
            a.removeFromSuperlayer()
            root.mask = nil
        }
        let layers = store.snapshot().layers
        let committedRoot = try XCTUnwrap(layers[root.layerID])
        XCTAssertEqual(committedRoot.sublayerIDs, [])
        XCTAssertNil(committedRoot.maskID)
        XCTAssertEqual(layers[a.layerID]?.animations.count, 0)
        XCTAssertNil(layers[a.layerID]?.superlayerID)
    }

    /// Sublayers of two superlayers changed in turn in one commit stamp both superlayers and
    /// their common ancestor with the commit's version, and leave an unchanged sibling
    /// subtree's version alone.
    func testSubtreeVersionsOfInterleavedSuperlayers() throws {
        let store = RenderTreeStore()
        let root = CALayer(), left = CALayer(), right = CALayer(), still = CALayer()
        let leftLeaves = [CALayer(), CALayer()], rightLeaves = [CALayer(), CALayer()]
        for leaf in leftLeaves { left.addSublayer(leaf) }
        for leaf in rightLeaves { right.addSublayer(leaf) }
        for layer in [left, right, still] { root.addSublayer(layer) }
        commit {}
        let before = store.snapshot().layers
        commit {
            leftLeaves[0].opacity = 0.5
            rightLeaves[0].opacity = 0.5
            leftLeaves[1].opacity = 0.5
            rightLeaves[1].opacity = 0.5
        }
        let after = store.snapshot().layers
        let version = try XCTUnwrap(after[leftLeaves[1].layerID]).version
        for layer in leftLeaves + rightLeaves { XCTAssertEqual(after[layer.layerID]?.version, version) }
        for layer in [left, right, root] {
            XCTAssertEqual(after[layer.layerID]?.subtreeVersion, version)
            XCTAssertEqual(after[layer.layerID]?.version, before[layer.layerID]?.version, "not committed itself")
        }
        XCTAssertEqual(after[still.layerID]?.subtreeVersion, before[still.layerID]?.subtreeVersion)
    }

    /// A frame learns which layers changed since the last one: the changed layers and the
    /// superlayers whose subtree versions they stamped. A commit of more than a quarter of the
    /// tree (and at least 1,024 layers) is not listed, as before.
    func testFramesLearnTheChangedLayers() throws {
        let store = RenderTreeStore()
        let root = CALayer(), group = CALayer()
        root.addSublayer(group)
        commit {}
        // The store holds every live layer of the process, other tests' too: the tree is made
        // large enough that a quarter of the store lies within it (half the others' count is
        // enough, as leaves >= (others + leaves) / 4 + 1 once leaves >= others / 3 + 2; four
        // times it, as before, made this test take minutes after the rest of the suite).
        let others = store.snapshot().layers.count
        let leaves = (0..<max(5000, others / 2 + 2)).map { _ in CALayer() }
        for leaf in leaves { group.addSublayer(leaf) }
        commit {}
        _ = store.frameSnapshot()
        commit {
            for leaf in leaves[..<10] { leaf.opacity = 0.5 }
        }
        let few = try XCTUnwrap(store.frameSnapshot().changes)
        XCTAssertEqual(Set(few), Set(leaves[..<10].map(\.layerID) + [group.layerID, root.layerID]))
        XCTAssertEqual(try XCTUnwrap(store.frameSnapshot().changes), [], "taking the list starts a new one")

        let quarter = store.snapshot().layers.count / 4 + 1
        commit {
            for leaf in leaves[..<quarter] { leaf.opacity = 0.25 }
        }
        XCTAssertNil(store.frameSnapshot().changes, "\(quarter) of \(store.snapshot().layers.count) layers: more than a quarter")
        commit {
            for leaf in leaves[..<1200] { leaf.opacity = 0.75 }
        }
        XCTAssertEqual(store.frameSnapshot().changes?.count, 1202, "1,200 changed layers and their two superlayers")
    }

    /// With two render trees, each commit reaches both, each with copies of its own.
    func testTwoStoresHoldCopiesOfTheirOwn() throws {
        let first = RenderTreeStore(), second = RenderTreeStore()
        let layer = CALayer()
        commit { layer.position = CGPoint(x: 1, y: 2) }
        commit { layer.position = CGPoint(x: 3, y: 4) }
        let a = try XCTUnwrap(first.snapshot().layers[layer.layerID])
        let b = try XCTUnwrap(second.snapshot().layers[layer.layerID])
        XCTAssertEqual(a.state.position, CGPoint(x: 3, y: 4))
        XCTAssertEqual(b.state.position, CGPoint(x: 3, y: 4))
        XCTAssertNotEqual(ObjectIdentifier(a.stateStorage), ObjectIdentifier(b.stateStorage))
    }
}
