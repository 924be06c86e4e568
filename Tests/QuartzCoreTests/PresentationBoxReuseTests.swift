import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// An animated layer's presentation box is filled again at the next frame when nothing holds it
/// any more, and never while something does.
final class PresentationBoxReuseTests: XCTestCase {
    private func slide() throws -> [CompiledAnimation] {
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = 10
        animation.toValue = 110
        animation.duration = 1
        return [try CompiledAnimation(animation, presentationValue: nil, modelValue: nil)]
    }

    func testAFreedPresentationBoxIsFilledAgain() throws {
        var model = LayerState()
        model.position = CGPoint(x: 0, y: 7)
        let committed = LayerStateBox(model)
        let animations = try slide()
        let first = ObjectIdentifier(committed.presentation(animatedBy: animations, localTime: 0.25))
        let second = committed.presentation(animatedBy: animations, localTime: 0.75)
        XCTAssertEqual(ObjectIdentifier(second), first, "the first frame's box, let go, is filled again")
        XCTAssertEqual(second.value.position, CGPoint(x: 85, y: 7))
        XCTAssertEqual(committed.value.position, CGPoint(x: 0, y: 7), "the model state is not touched")
    }

    func testAHeldPresentationBoxIsNeverChanged() throws {
        let committed = LayerStateBox(LayerState())
        let animations = try slide()
        let held = committed.presentation(animatedBy: animations, localTime: 0.25)
        let next = committed.presentation(animatedBy: animations, localTime: 0.5)
        XCTAssertFalse(held === next)
        XCTAssertEqual(held.value.position.x, 35)
        XCTAssertEqual(next.value.position.x, 60)
        // The new box is the one kept: once `held` goes, `next` is still not reused while held.
        let third = committed.presentation(animatedBy: animations, localTime: 0.75)
        XCTAssertFalse(third === next)
        XCTAssertEqual(next.value.position.x, 60)
        XCTAssertEqual(third.value.position.x, 85)
    }

    func testReleasingThePresentationLetsItsBoxGo() throws {
        let committed = LayerStateBox(LayerState())
        weak var kept: LayerStateBox?
        do {
            kept = committed.presentation(animatedBy: try slide(), localTime: 0.5)
        }
        XCTAssertNotNil(kept, "the committed box keeps its last presentation")
        committed.releasePresentation()
        XCTAssertNil(kept)
    }

    func testTheCommittedBoxLetsItsPresentationGoWhenFreed() throws {
        weak var kept: LayerStateBox?
        do {
            let committed = LayerStateBox(LayerState())
            kept = committed.presentation(animatedBy: try slide(), localTime: 0.5)
            XCTAssertNotNil(kept)
        }
        XCTAssertNil(kept)
    }
}
