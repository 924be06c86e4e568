import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// An animation's key path is resolved once when it is compiled; reading and writing through the
/// resolution must do what key-value coding does by name.
final class AnimationKeyPathTests: XCTestCase {
    func testLayerPropertiesResolveOnceAndOtherKeysByName() {
        guard case .geometry(.transform, .transform(.rotationZ)?) = AnimationKeyPath("transform.rotation.z").resolution else {
            return XCTFail("transform.rotation.z")
        }
        guard case .geometry(.bounds, .size(.width?)?) = AnimationKeyPath("bounds.size.width").resolution else {
            return XCTFail("bounds.size.width")
        }
        guard case .property(_, .height?) = AnimationKeyPath("shadowOffset.height").resolution else {
            return XCTFail("shadowOffset.height")
        }
        for name in ["filters.blur.inputRadius", "emitterCells.fire.birthRate", "myCustomKey"] {
            guard case .byName = AnimationKeyPath(name).resolution else { return XCTFail(name) }
        }
    }

    func testResolvedPathsReadAndWriteAsKeyValueCodingDoes() {
        var state = LayerState()
        state.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
        let rotation = AnimationKeyPath("transform.rotation.z")
        XCTAssertEqual(state.animatableValue(at: rotation)?.scalarValue ?? .nan, 0.5, accuracy: 1e-12)
        XCTAssertTrue(state.setAnimatableValue(.scalar(1.25), at: rotation))
        XCTAssertEqual(state.transform, LayerState().transform.settingVirtualComponent(.rotationZ, to: 1.25))

        XCTAssertTrue(state.setAnimatableValue(.scalar(12.5), at: AnimationKeyPath("position.x")))
        XCTAssertEqual(state.position, CGPoint(x: 12.5, y: 0))
        XCTAssertTrue(state.setAnimatableValue(.scalar(40), at: AnimationKeyPath("bounds.size.width")))
        XCTAssertEqual(state.bounds, CGRect(x: 0, y: 0, width: 40, height: 0))

        // A value of the wrong type changes nothing, as through the accessor.
        XCTAssertFalse(state.setAnimatableValue(.point(CGPoint(x: 1, y: 1)), at: AnimationKeyPath("opacity")))
        XCTAssertEqual(state.opacity, 1)
        XCTAssertTrue(state.setAnimatableValue(.scalar(0.25), at: AnimationKeyPath("opacity")))
        XCTAssertEqual(state.opacity, 0.25)
        XCTAssertNil(state.animatableValue(at: AnimationKeyPath("position.z")))
        XCTAssertFalse(state.setAnimatableValue(.scalar(1), at: AnimationKeyPath("position.z")))

        // Custom keys are found by name, through the same entry points.
        XCTAssertTrue(state.setAnimatableValue(.scalar(3), at: AnimationKeyPath("myCustomKey")))
        XCTAssertEqual(state.animatableValue(forKeyPath: "myCustomKey")?.scalarValue, 3)
    }
}
