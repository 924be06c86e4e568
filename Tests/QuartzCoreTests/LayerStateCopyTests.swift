@_spi(RenderTables) @testable import QuartzCoreModel
import XCTest

/// A layer state is a value: its reference-counted values are boxed and shared between copies
/// (see `LayerState.objects`), and a change through one copy never shows in another, nor in
/// the render tree's committed copy.
final class LayerStateCopyTests: XCTestCase {
    func testChangingACopyLeavesTheOriginalAlone() {
        var original = LayerState()
        original.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        original.customValues["progress"] = .scalar(0.25)
        var copy = original
        copy.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        copy.customValues["progress"] = .scalar(0.75)
        copy.contentsGravity = .center
        XCTAssertEqual(original.backgroundColor?.components, [1, 0, 0, 1])
        XCTAssertEqual(copy.backgroundColor?.components, [0, 0, 1, 1])
        XCTAssertEqual(original.customValues["progress"], .scalar(0.25))
        XCTAssertEqual(copy.customValues["progress"], .scalar(0.75))
        XCTAssertEqual(original.contentsGravity, .resize, "CALayer.h: the default gravity is resize")
        XCTAssertEqual(copy.contentsGravity, .center)
    }

    /// Apple's defaults hold in a new state and survive another state's change.
    func testDefaultsAreNotSharedForWriting() {
        var changed = LayerState()
        changed.borderColor = nil
        changed.fillMode = "forwards"
        let fresh = LayerState()
        XCTAssertEqual(fresh.borderColor?.components, [0, 0, 0, 1], "CALayer.h: borderColor defaults to opaque black")
        XCTAssertEqual(fresh.shadowColor?.components, [0, 0, 0, 1], "CALayer.h: shadowColor defaults to opaque black")
        XCTAssertEqual(fresh.fillMode, "removed")
        XCTAssertEqual(fresh.cornerCurve, .circular)
        XCTAssertNil(changed.borderColor)
    }

    /// The committed copy keeps the value of its commit while the model changes again.
    func testTheCommittedCopyKeepsItsValues() throws {
        let renderTree = RenderTreeStore()
        let layer = CALayer()
        layer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        let committed = try XCTUnwrap(renderTree.snapshot().layers[layer.layerID])
        XCTAssertEqual(committed.state.backgroundColor?.components, [0, 1, 0, 1], "not yet committed")
        CATransaction.commit()
        XCTAssertEqual(committed.state.backgroundColor?.components, [0, 1, 0, 1], "a snapshot never changes")
        XCTAssertEqual(renderTree.snapshot().layers[layer.layerID]?.state.backgroundColor?.components, [1, 1, 0, 1])
    }
}
