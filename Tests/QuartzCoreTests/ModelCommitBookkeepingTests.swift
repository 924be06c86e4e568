@_spi(RenderTables) @testable import QuartzCoreModel
import XCTest

/// The bookkeeping that makes a changed layer cheap to commit keeps the model's facts: a state
/// copied in one pass over its bytes holds its values exactly as long as a Swift copy would,
/// the owner IDs a layer keeps follow its superlayer and mask owner (and forget one that is
/// deallocated, whose ID may go to another layer), and every change reaches the render tree.
final class ModelCommitBookkeepingTests: XCTestCase {
    /// `LayerState.assign(_:copying:)` gives the copy the source's values, keeps the source's
    /// reference-counted values alive for as long as the copy lives, and lets go of the values
    /// the destination held before.
    func testOnePassCopyKeepsReferenceCountsBalanced() {
        weak var replacedColor: CGColor?
        weak var copiedColor: CGColor?
        var destination = LayerState()
        do {
            var source = LayerState()
            let color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            copiedColor = color
            source.backgroundColor = color
            source.position = CGPoint(x: 12, y: 34)
            source.transform = CATransform3DMakeScale(2, 3, 1)
            let old = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            replacedColor = old
            destination.borderColor = old
            withUnsafeMutablePointer(to: &destination) { target in
                withUnsafePointer(to: &source) { LayerState.assign(target, copying: $0) }
            }
            // A change of the source after the copy is not seen by the copy.
            source.backgroundColor = nil
            source.position = .zero
        }
        XCTAssertNil(replacedColor, "the destination's old values were released")
        XCTAssertNotNil(copiedColor, "the copy holds the source's values")
        XCTAssertEqual(destination.backgroundColor?.components, [1, 0, 0, 1])
        XCTAssertEqual(destination.position, CGPoint(x: 12, y: 34))
        XCTAssertEqual(destination.transform.m11, 2)
        XCTAssertEqual(destination.transform.m22, 3)
        XCTAssertEqual(destination.borderColor?.components, [0, 0, 0, 1], "CALayer.h: borderColor defaults to opaque black")
        destination = LayerState()
        XCTAssertNil(copiedColor, "the copy's values go with it")
    }

    /// The one-pass copy moves the reference count of the `objects` box only: it is sound as
    /// long as every other stored field of a state is a plain value. A reference-counted field
    /// added to `LayerState` itself (not to its box) fails here before it can leak or be freed
    /// early.
    func testTheStateHoldsOneReferenceCountedField() {
        func isPlain(_ type: Any.Type) -> Bool {
            func check<T>(_: T.Type) -> Bool { _isPOD(T.self) }
            return _openExistential(type, do: check)
        }
        let fields = Mirror(reflecting: LayerState()).children.map { ($0.label ?? "?", type(of: $0.value)) }
        XCTAssertGreaterThan(fields.count, 30, "the mirror lists the stored fields")
        let counted = fields.filter { !isPlain($0.1) }.map { $0.0 }
        XCTAssertEqual(counted, ["objects"])
    }

    /// A copy over a state that shares the source's reference-counted values (a commit refilling
    /// a layer's previous copy) leaves them held once by each state.
    func testOnePassCopyOverASharedStateKeepsItsValues() {
        weak var sharedColor: CGColor?
        var destination = LayerState()
        do {
            var source = LayerState()
            let color = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            sharedColor = color
            source.shadowColor = color
            destination = source
            source.opacity = 0.5
            withUnsafeMutablePointer(to: &destination) { target in
                withUnsafePointer(to: &source) { LayerState.assign(target, copying: $0) }
            }
        }
        XCTAssertNotNil(sharedColor, "the copy still holds the shared values once the source is gone")
        XCTAssertEqual(destination.opacity, 0.5)
        XCTAssertEqual(destination.shadowColor?.components, [0, 1, 0, 1])
        destination = LayerState()
        XCTAssertNil(sharedColor, "and lets go of them with its last holder")
    }

    /// A layer keeps the ID of its superlayer and of the layer it masks, for the commit to read
    /// without loading the weak references; both follow every change of the tree.
    func testOwnerIDsFollowTheTree() {
        let root = CALayer(), other = CALayer(), child = CALayer(), mask = CALayer()
        XCTAssertNil(child.lockedFields.ownerID)
        root.addSublayer(child)
        XCTAssertEqual(child.lockedFields.ownerID, root.layerID)
        other.addSublayer(child)
        XCTAssertEqual(child.lockedFields.ownerID, other.layerID)
        child.removeFromSuperlayer()
        XCTAssertNil(child.lockedFields.ownerID)
        root.mask = mask
        XCTAssertEqual(mask.lockedFields.ownerID, root.layerID)
        other.mask = mask
        XCTAssertEqual(mask.lockedFields.ownerID, other.layerID, "a mask moved to another layer")
        XCTAssertNil(root.mask)
        other.mask = nil
        XCTAssertNil(mask.lockedFields.ownerID)
    }

    /// A sublayer or mask that outlives its superlayer forgets the superlayer's ID, as its weak
    /// reference reads nil: the ID is given to a later layer, which must not be taken for it.
    func testOwnerIDsAreForgottenWithTheirLayer() {
        let child = CALayer(), mask = CALayer(), grandchild = CALayer()
        var parentID: UInt64 = 0
        do {
            let parent = CALayer()
            parentID = parent.layerID
            let middle = CALayer()
            parent.addSublayer(middle)
            middle.addSublayer(grandchild)
            parent.addSublayer(child)
            parent.mask = mask
            XCTAssertEqual(child.lockedFields.ownerID, parentID)
            XCTAssertEqual(mask.lockedFields.ownerID, parentID)
        }
        // The transaction holds the layers it changed until it commits.
        CATransaction.flush()
        XCTAssertNil(child.superlayer)
        XCTAssertNil(child.lockedFields.ownerID, "the deallocated superlayer's ID is forgotten")
        XCTAssertNil(mask.lockedFields.ownerID, "the deallocated mask owner's ID is forgotten")
        XCTAssertNil(grandchild.superlayer)
        XCTAssertNil(grandchild.lockedFields.ownerID, "a layer freed with its superlayer leaves no ID behind")
        XCTAssertNotEqual(CALayer().layerID, 0)
        XCTAssertNotEqual(parentID, 0)
    }

    /// Every layer changed in a transaction reaches the render tree once, with its last value,
    /// from one commit to the next, and the list of changed layers starts empty each time.
    func testEveryChangedLayerIsCommittedEachTime() throws {
        let store = RenderTreeStore()
        let root = CALayer()
        let leaves = (0..<40).map { _ in CALayer() }
        for leaf in leaves { root.addSublayer(leaf) }
        CATransaction.flush()
        for frame in 1...3 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for (index, leaf) in leaves.enumerated() where index % frame == 0 {
                leaf.position = CGPoint(x: Double(frame), y: Double(index))
                leaf.position = CGPoint(x: Double(frame * 10), y: Double(index))
            }
            CATransaction.commit()
            XCTAssertTrue(TransactionStack.current.changedLayers.isEmpty)
            let layers = store.snapshot().layers
            for (index, leaf) in leaves.enumerated() where index % frame == 0 {
                let committed = try XCTUnwrap(layers[leaf.layerID])
                XCTAssertEqual(committed.state.position, CGPoint(x: Double(frame * 10), y: Double(index)))
                XCTAssertEqual(committed.superlayerID, root.layerID)
            }
        }
        // Layers left alone in the last frame keep the value of the frame that changed them.
        XCTAssertEqual(store.snapshot().layers[leaves[1].layerID]?.state.position, CGPoint(x: 10, y: 1))
    }
}
