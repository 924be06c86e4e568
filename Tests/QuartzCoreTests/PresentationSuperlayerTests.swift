import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// The superlayer of a presentation layer is the presentation of its model's superlayer
/// (Apple's CALayer.h on `presentationLayer`: "the sublayers, mask and superlayer properties of
/// the returned layer return the presentation versions of these properties"), also for the
/// presentation of a sublayer and for a copy that outlives the presentation it was read from;
/// converting points between presentation layers uses their animated geometry.
final class PresentationSuperlayerTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        super.tearDown()
    }

    /// root (400 x 400 at the origin) > group (200 x 200, its position moving from (100, 100)
    /// to (300, 100), halfway now: at (200, 100), its frame's origin at (100, 0)) > card
    /// (20 x 20 at (50, 50): its origin at (40, 40) in the group, (140, 40) on screen).
    private func makeTree() -> (root: CALayer, group: CALayer, card: CALayer) {
        let root = makeLayer(size: CGSize(width: 400, height: 400), position: CGPoint(x: 200, y: 200))
        let group = makeLayer(size: CGSize(width: 200, height: 200), position: CGPoint(x: 100, y: 100))
        let card = makeLayer(size: CGSize(width: 20, height: 20), position: CGPoint(x: 50, y: 50))
        group.addSublayer(card)
        root.addSublayer(group)
        CATransaction.flush()
        // 200 points in 1000 s: 0.2 point a second, still (200, 100) to the test's accuracy.
        group.add(runningAnimation("position", from: CGPoint(x: 100, y: 100), to: CGPoint(x: 300, y: 100),
                                   duration: 1000, elapsed: 500), forKey: "move")
        return (root, group, card)
    }

    func testTheSuperlayerOfASublayersPresentationIsTheSuperlayersPresentation() throws {
        let tree = makeTree()
        let presented = try XCTUnwrap(tree.card.presentation())
        let superlayer = try XCTUnwrap(presented.superlayer)
        XCTAssertTrue(superlayer.model() === tree.group)
        XCTAssertFalse(superlayer === tree.group, "a presentation, not the model")
        XCTAssertTrue(presented.superlayer === superlayer, "the same object when asked again")
        XCTAssertEqual(superlayer.position.x, 200, accuracy: 0.5)
        XCTAssertEqual(superlayer.position.y, 100, accuracy: 0.5)
        XCTAssertTrue(superlayer.presentation() === superlayer, "a presentation layer is its own presentation")
        let top = try XCTUnwrap(superlayer.superlayer)
        XCTAssertTrue(top.model() === tree.root)
        XCTAssertNil(top.superlayer)
        XCTAssertEqual(superlayer.sublayers?.count, 1)
        XCTAssertTrue(superlayer.sublayers?.first?.model() === tree.card)
    }

    func testTheHitOfARootPresentationKeepsItsSuperlayerWhenTheRootIsLetGo() throws {
        let tree = makeTree()
        // The card is at (140, 40) to (160, 60) on screen now (at (40, 40) in the model).
        let hit = try XCTUnwrap(tree.root.presentation()?.hitTest(CGPoint(x: 145, y: 45)))
        XCTAssertTrue(hit.model() === tree.card)
        let superlayer = try XCTUnwrap(hit.superlayer)
        XCTAssertTrue(superlayer.model() === tree.group)
        XCTAssertEqual(superlayer.position.x, 200, accuracy: 0.5)
        XCTAssertTrue(hit.superlayer === superlayer)
        XCTAssertTrue(superlayer.superlayer?.model() === tree.root)
        let origin = hit.convert(CGPoint.zero, to: nil)
        XCTAssertEqual(origin.x, 140, accuracy: 0.5)
        XCTAssertEqual(origin.y, 40, accuracy: 0.5)
    }

    func testConvertingBetweenPresentationLayersUsesTheAnimatedGeometry() throws {
        let tree = makeTree()
        let root = try XCTUnwrap(tree.root.presentation())
        let card = try XCTUnwrap(root.sublayers?.first?.sublayers?.first)
        let onScreen = root.convert(CGPoint(x: 5, y: 5), from: card)
        XCTAssertEqual(onScreen.x, 145, accuracy: 0.5)
        XCTAssertEqual(onScreen.y, 45, accuracy: 0.5)
        // From the presentation of the card alone to that of the root, made apart.
        let alone = try XCTUnwrap(tree.card.presentation())
        let converted = alone.convert(CGPoint(x: 5, y: 5), to: tree.root.presentation())
        XCTAssertEqual(converted.x, 145, accuracy: 0.5)
        XCTAssertEqual(converted.y, 45, accuracy: 0.5)
        let back = try XCTUnwrap(alone.superlayer).convert(CGPoint(x: 145, y: 45), from: root)
        XCTAssertEqual(back.x, 45, accuracy: 0.5, "the card's (5, 5) is at (45, 45) in the group")
        XCTAssertEqual(back.y, 45, accuracy: 0.5)
        // The models, not animated, say otherwise.
        XCTAssertEqual(tree.root.convert(CGPoint(x: 5, y: 5), from: tree.card).x, 45, accuracy: 0.5)
    }

    func testTheSuperlayerIsMadeFromTheSnapshotEvenAfterTheModelChanges() throws {
        let tree = makeTree()
        let presented = try XCTUnwrap(tree.card.presentation())
        // The animation gone and the group moved: a presentation made now shows (10, 10).
        tree.group.removeAllAnimations()
        CATransaction.setDisableActions(true)
        tree.group.position = CGPoint(x: 10, y: 10)
        CATransaction.flush()
        XCTAssertEqual(tree.group.presentation()?.position.x ?? 0, 10, accuracy: 0.5)
        let superlayer = try XCTUnwrap(presented.superlayer)
        XCTAssertEqual(superlayer.position.x, 200, accuracy: 0.5, "where the group was when the card's was made")
        XCTAssertEqual(superlayer.position.y, 100, accuracy: 0.5)
    }

    func testThePresentationOfTheSuperlayerGoesWithTheCopyThatHoldsIt() throws {
        let tree = makeTree()
        weak var superlayer: CALayer?
        weak var top: CALayer?
        do {
            let presented = try XCTUnwrap(tree.card.presentation())
            superlayer = presented.superlayer
            top = presented.superlayer?.superlayer
            XCTAssertNotNil(superlayer)
            XCTAssertNotNil(top)
        }
        XCTAssertNil(superlayer, "no cycle keeps it")
        XCTAssertNil(top)
        // Nothing is left to make: a change of the model is not held up by a copy let go.
        tree.group.position = CGPoint(x: 1, y: 1)
        CATransaction.flush()
    }
}
