import XCTest
@testable import QuartzCoreModel

/// The transaction's changed-layer list and ID set keep their own memory (no array's
/// uniqueness check on each change): they grow, hold each layer once until released, move
/// between lists whole, and a commit nested in another (a delegate committing) finds its own
/// changes committed and the outer commit's layers released.
final class ChangedLayerStorageTests: XCTestCase {
    func testTheIDSetGrowsAndHoldsWhatWasInserted() {
        let set = LayerIDSet()
        let ids: [UInt64] = [1, 63, 64, 65, 127, 128, 1000, 4095, 70_000, 5]
        for id in ids { XCTAssertTrue(set.insert(id), "\(id) is new") }
        for id in ids {
            XCTAssertTrue(set.contains(id))
            XCTAssertFalse(set.insert(id), "\(id) again")
        }
        for id: UInt64 in [0, 2, 62, 66, 999, 1001, 69_999, 70_001, 1 << 40] { XCTAssertFalse(set.contains(id)) }
        set.remove(64)
        XCTAssertFalse(set.contains(64))
        XCTAssertTrue(set.contains(63) && set.contains(65))
        set.removeAll()
        XCTAssertFalse(ids.contains { set.contains($0) })
    }

    func testTheListKeepsOrderRetainsAndReleasesEachLayerOnce() {
        let list = ChangedLayerList()
        weak var first: CALayer?
        var made: [ObjectIdentifier] = []
        do {
            for index in 0..<100 {
                let layer = CALayer()
                if index == 0 { first = layer }
                made.append(ObjectIdentifier(layer))
                list.append(layer)
            }
        }
        XCTAssertNotNil(first, "the list holds its layers")
        XCTAssertEqual(list.count, 100)
        var seen: [ObjectIdentifier] = []
        list.forEach { seen.append(ObjectIdentifier($0)) }
        XCTAssertEqual(seen, made, "in the order appended")
        // The commit's walks fetch layers ahead of the one they visit: the same layers, in order,
        // up to the list's end (and in a list shorter than the distance ahead).
        var fetched: [ObjectIdentifier] = []
        list.forEachFetchingAhead { fetched.append(ObjectIdentifier($0)) }
        XCTAssertEqual(fetched, made, "the walk fetching ahead")
        let short = ChangedLayerList()
        let few = (0..<3).map { _ in CALayer() }
        for layer in few { short.append(layer) }
        fetched = []
        short.forEachFetchingAhead { fetched.append(ObjectIdentifier($0)) }
        XCTAssertEqual(fetched, few.map(ObjectIdentifier.init), "a list shorter than the distance ahead")
        short.removeAll()
        let other = ChangedLayerList()
        other.exchangeContents(with: list)
        XCTAssertTrue(list.isEmpty)
        XCTAssertEqual(other.count, 100)
        other.removeAll()
        XCTAssertTrue(other.isEmpty)
        XCTAssertNil(first, "released once the list lets go")
    }

    /// Commits a change of `layer` when its animation starts, which the outer commit tells it
    /// (`AnimationScheduler`) after it wrote its layers and before it released them.
    private final class CommittingDelegate: CAAnimationDelegate {
        let layer: CALayer
        init(_ layer: CALayer) { self.layer = layer }
        func animationDidStart(_ anim: CAAnimation) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = 0.75
            CATransaction.commit()
        }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
    }

    func testACommitFromADelegateLeavesTheOuterCommitsLayersToIt() {
        let root = CALayer()
        let animated = CALayer(), watched = CALayer()
        root.addSublayer(animated)
        root.addSublayer(watched)
        let stays = (0..<20).map { _ in CALayer() }
        for layer in stays { root.addSublayer(layer) }
        CATransaction.flush()
        let stack = TransactionStack.current
        weak var released: CALayer?
        func changeALayerNoOneElseHolds() {
            let layer = CALayer()
            released = layer
            layer.opacity = 0.5
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 10
        animation.delegate = CommittingDelegate(watched)
        animated.add(animation, forKey: "fade")
        changeALayerNoOneElseHolds()
        for layer in stays { layer.position = CGPoint(x: 3, y: 4) }
        CATransaction.commit()
        XCTAssertEqual(watched.opacity, 0.75, "the delegate's commit ran")
        XCTAssertTrue(stack.changedLayers.isEmpty, "nothing of either commit is left to commit")
        XCTAssertTrue(stack.spareChangedLayers.isEmpty)
        XCTAssertNil(released, "the outer commit released its layers")
        animated.removeAllAnimations()
        CATransaction.flush()
    }
}
