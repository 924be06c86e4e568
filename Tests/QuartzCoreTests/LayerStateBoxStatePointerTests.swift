import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// `LayerStateBox.withUnsafeStatePointer(_:)` hands out the address of the box's own state (not
/// of a copy), for committed and presentation boxes, and reads what `value` holds after the box
/// is filled again.
final class LayerStateBoxStatePointerTests: XCTestCase {
    func testTheStateLiesAtItsOffsetPastTheModelStamp() {
        let committed = LayerStateBox(LayerState())
        XCTAssertTrue(committed.stateLiesAtItsOffset)
        let presentation = LayerStateBox(presentation: LayerState(), owner: PresentationBoxOwner(),
                                         planarRotationMemo: PlanarRotationMemo())
        XCTAssertTrue(presentation.stateLiesAtItsOffset)
    }

    func testThePointerIsTheBoxsOwnStateNotACopy() {
        var state = LayerState()
        state.position = CGPoint(x: 3, y: 4)
        let box = LayerStateBox(state)
        let first = box.withUnsafeStatePointer { UnsafeRawPointer($0) }
        let second = box.withUnsafeStatePointer { UnsafeRawPointer($0) }
        XCTAssertEqual(first, second, "the same address every time: the box's storage")
        // A write through the box is seen through the pointer.
        box.value.position = CGPoint(x: 7, y: 8)
        box.value.opacity = 0.25
        box.withUnsafeStatePointer { pointer in
            XCTAssertEqual(pointer.pointee.position, CGPoint(x: 7, y: 8))
            XCTAssertEqual(pointer.pointee.opacity, 0.25)
        }
    }

    func testAMovedLayersRecommitComparesTheBoxInPlace() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        let box = LayerStateBox(layer.lockedFields.state)
        XCTAssertTrue(box.differsAtMostInPlacement(from: layer.lockedFields))
        layer.lockedFields.state.position = CGPoint(x: 20, y: 30)
        XCTAssertTrue(box.differsAtMostInPlacement(from: layer.lockedFields))
        layer.lockedFields.state.opacity = 0.5
        XCTAssertFalse(box.differsAtMostInPlacement(from: layer.lockedFields))
        box.value.opacity = 0.5
        XCTAssertTrue(box.differsAtMostInPlacement(from: layer.lockedFields), "the box's change is read in place")
    }
}
