@_spi(RenderTables) @testable import QuartzCoreModel
import Foundation
import XCTest

/// A commit skips comparing a changed layer's whole state with its committed copy when the
/// layer's `stateStamp` says nothing but `position` and `transform` was written since the copy
/// was filled (`RenderLayer.recommit(_:)`): every other write moves the stamp, whichever way it
/// reaches the model, so the copy always follows the model.
final class ModelStateStampTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        super.tearDown()
    }

    /// Commits `changes` in a transaction of their own, actions disabled unless `actions`.
    private func commit(actions: Bool = false, _ changes: () -> Void) {
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(!actions)
        changes()
        CATransaction.commit()
    }

    /// `position` and `transform` leave the stamp as it is; other properties move it, and a
    /// committed box carries the stamp of the state it was filled from.
    func testOnlyPlacementSettersLeaveTheStamp() throws {
        let store = RenderTreeStore()
        let root = CALayer(), sprite = CALayer()
        root.addSublayer(sprite)
        commit { sprite.opacity = 0.5 }
        let stamp = sprite.lockedFields.stateStamp
        commit {
            sprite.position = CGPoint(x: 3, y: 4)
            sprite.transform = CATransform3DMakeScale(2, 2, 1)
        }
        XCTAssertEqual(sprite.lockedFields.stateStamp, stamp, "placement only")
        XCTAssertEqual(store.snapshot().layers[sprite.layerID]?.stateStorage.modelStamp, stamp)
        commit { sprite.zPosition = 1 }
        XCTAssertNotEqual(sprite.lockedFields.stateStamp, stamp, "disabled actions")
        let second = sprite.lockedFields.stateStamp
        commit(actions: true) { sprite.cornerRadius = 3 }
        XCTAssertNotEqual(sprite.lockedFields.stateStamp, second, "actions enabled")
        let third = sprite.lockedFields.stateStamp
        commit { sprite.setValue(0.25, forKeyPath: "opacity") }
        XCTAssertNotEqual(sprite.lockedFields.stateStamp, third, "key-value coding")
    }

    /// After commits that only moved a layer (its box refilled with the fast path), a change of
    /// any other property, made with the move through each way of writing the model, reaches
    /// the committed copy.
    func testAChangeBesidesPlacementAfterMovesIsCommitted() throws {
        let store = RenderTreeStore()
        let root = CALayer(), sprite = CALayer()
        root.addSublayer(sprite)
        commit { sprite.bounds = CGRect(x: 0, y: 0, width: 10, height: 10) }
        for step in 1...3 {
            commit { sprite.transform = CATransform3DMakeTranslation(CGFloat(step), 0, 0) }
        }
        func committed() throws -> LayerState {
            try XCTUnwrap(store.snapshot().layers[sprite.layerID]).state
        }
        commit {
            sprite.transform = CATransform3DMakeTranslation(9, 0, 0)
            sprite.opacity = 0.4
        }
        XCTAssertEqual(try committed().opacity, 0.4, "disabled actions")
        commit(actions: true) {
            sprite.position = CGPoint(x: 7, y: 8)
            sprite.cornerRadius = 5
        }
        XCTAssertEqual(try committed().cornerRadius, 5, "actions enabled")
        commit {
            sprite.transform = CATransform3DMakeTranslation(1, 2, 0)
            sprite.setValue(2.5, forKeyPath: "borderWidth")
        }
        XCTAssertEqual(try committed().borderWidth, 2.5, "key-value coding")
        commit {
            sprite.transform = CATransform3DMakeTranslation(3, 2, 0)
            sprite.frame = CGRect(x: 1, y: 1, width: 40, height: 30)
        }
        XCTAssertEqual(try committed().bounds.size, CGSize(width: 40, height: 30), "frame")
        XCTAssertEqual(try committed().transform, CATransform3DMakeTranslation(3, 2, 0))
    }
}
