import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// An animated layer's presentation box is filled again at the next frame when nothing holds it
/// any more, and never while something does.
final class PresentationBoxReuseTests: XCTestCase {
    /// The renderer whose frames the boxes are made for.
    private let owner = PresentationBoxOwner()

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
        let first = ObjectIdentifier(committed.presentation(animatedBy: animations, localTime: 0.25, owner: owner))
        let second = committed.presentation(animatedBy: animations, localTime: 0.75, owner: owner)
        XCTAssertEqual(ObjectIdentifier(second), first, "the first frame's box, let go, is filled again")
        XCTAssertEqual(second.value.position, CGPoint(x: 85, y: 7))
        XCTAssertEqual(committed.value.position, CGPoint(x: 0, y: 7), "the model state is not touched")
    }

    func testAHeldPresentationBoxIsNeverChanged() throws {
        let committed = LayerStateBox(LayerState())
        let animations = try slide()
        let held = committed.presentation(animatedBy: animations, localTime: 0.25, owner: owner)
        let next = committed.presentation(animatedBy: animations, localTime: 0.5, owner: owner)
        XCTAssertFalse(held === next)
        XCTAssertEqual(held.value.position.x, 35)
        XCTAssertEqual(next.value.position.x, 60)
        // The new box is the one kept: once `held` goes, `next` is still not reused while held.
        let third = committed.presentation(animatedBy: animations, localTime: 0.75, owner: owner)
        XCTAssertFalse(third === next)
        XCTAssertEqual(next.value.position.x, 60)
        XCTAssertEqual(third.value.position.x, 85)
    }

    func testReleasingThePresentationLetsItsBoxGo() throws {
        let committed = LayerStateBox(LayerState())
        weak var kept: LayerStateBox?
        do {
            kept = committed.presentation(animatedBy: try slide(), localTime: 0.5, owner: owner)
        }
        XCTAssertNotNil(kept, "the committed box keeps its last presentation")
        committed.releasePresentation()
        XCTAssertNil(kept)
    }

    func testTheCommittedBoxLetsItsPresentationGoWhenFreed() throws {
        weak var kept: LayerStateBox?
        do {
            let committed = LayerStateBox(LayerState())
            kept = committed.presentation(animatedBy: try slide(), localTime: 0.5, owner: owner)
            XCTAssertNotNil(kept)
        }
        XCTAssertNil(kept)
    }

    /// A box made for another renderer's frames, or outside a renderer, is left to its holders:
    /// filling it from this renderer's thread would be ordered only by the reference count,
    /// which ThreadSanitizer cannot see.
    func testABoxMadeForAnotherRendererIsNotFilledAgain() throws {
        let committed = LayerStateBox(LayerState())
        let animations = try slide()
        // Weak references: a box let go and freed may leave its address to the next one made.
        weak let theirs = committed.presentation(animatedBy: animations, localTime: 0.25, owner: PresentationBoxOwner())
        XCTAssertNotNil(theirs, "kept in the slot")
        weak let mine = committed.presentation(animatedBy: animations, localTime: 0.5, owner: owner)
        XCTAssertNil(theirs, "the other renderer's box, let go, is freed, not filled by this one")
        XCTAssertEqual(mine?.value.position.x, 60)
        let next = committed.presentation(animatedBy: animations, localTime: 0.75, owner: owner)
        XCTAssertTrue(next === mine, "this renderer's own box, let go, is filled again")
        XCTAssertEqual(next.value.position.x, 85)

        let outside = LayerStateBox(LayerState())
        weak let first = outside.presentation(animatedBy: animations, localTime: 0.25, owner: nil)
        let second = outside.presentation(animatedBy: animations, localTime: 0.5, owner: nil)
        XCTAssertNil(first, "outside a renderer, a box let go is freed, never filled again")
        XCTAssertEqual(second.value.position.x, 60)
    }
}
