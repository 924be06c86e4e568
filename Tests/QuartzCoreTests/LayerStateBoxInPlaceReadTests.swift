import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// `LayerStateBox.isSpecialized` and `.hasShadowPath` answer what `LayerState.specialized` and
/// `.shadowPath` say, for plain states, specialized ones and committed layers of each class.
final class LayerStateBoxInPlaceReadTests: XCTestCase {
    func testAPlainStateIsNotSpecializedAndHasNoShadowPath() {
        let box = LayerStateBox(LayerState())
        XCTAssertFalse(box.isSpecialized)
        XCTAssertFalse(box.hasShadowPath)
    }

    func testAShapeStateIsSpecializedAndAShadowPathIsSeen() {
        var state = LayerState()
        state.specialized = .shape(ShapeLayerState())
        state.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let box = LayerStateBox(state)
        XCTAssertTrue(box.isSpecialized)
        XCTAssertTrue(box.hasShadowPath)
        // A copy that drops both values gets a box of its own; the first box keeps them.
        var plain = state
        plain.specialized = nil
        plain.shadowPath = nil
        let other = LayerStateBox(plain)
        XCTAssertFalse(other.isSpecialized)
        XCTAssertFalse(other.hasShadowPath)
        XCTAssertTrue(box.isSpecialized)
        XCTAssertTrue(box.hasShadowPath)
    }

    func testCommittedLayersAnswerAsTheirStates() {
        let shape = CAShapeLayer()
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        let plain = CALayer()
        plain.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil)
        for (layer, specialized, shadowPath) in [(shape as CALayer, true, false), (plain, false, true), (CALayer(), false, false)] {
            let box = LayerStateBox(layer.lockedFields.state)
            XCTAssertEqual(box.isSpecialized, specialized, "\(type(of: layer))")
            XCTAssertEqual(box.isSpecialized, box.value.specialized != nil)
            XCTAssertEqual(box.hasShadowPath, shadowPath, "\(type(of: layer))")
            XCTAssertEqual(box.hasShadowPath, box.value.shadowPath != nil)
        }
    }
}
