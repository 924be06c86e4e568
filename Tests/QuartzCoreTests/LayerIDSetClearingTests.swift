import XCTest
@testable import QuartzCoreModel

/// A commit clears the set of its changed layers' IDs word by word when it changed many layers,
/// and layer by layer when it changed a few among many (`LayerIDSet.removeAll(of:)`): either
/// way the set is empty after, and each layer's next change is recorded again.
final class LayerIDSetClearingTests: XCTestCase {
    /// The IDs of `layers` in a set, and the layers in a list, as `recordChange` keeps them.
    private func recorded(_ layers: [CALayer]) -> (set: LayerIDSet, list: ChangedLayerList) {
        let set = LayerIDSet(), list = ChangedLayerList()
        for layer in layers where set.insert(layer.layerID) { list.append(layer) }
        return (set, list)
    }

    private func assertCleared(_ layers: [CALayer], file: StaticString = #filePath, line: UInt = #line) {
        let (set, list) = recorded(layers)
        set.removeAll(of: list)
        for layer in layers {
            XCTAssertFalse(set.contains(layer.layerID), file: file, line: line)
            XCTAssertTrue(set.insert(layer.layerID), "recorded again", file: file, line: line)
        }
        list.removeAll()
    }

    func testManyChangedLayersAreClearedWordByWord() {
        assertCleared((0..<300).map { _ in CALayer() })
    }

    func testAFewChangedLayersAmongManyAreClearedOneByOne() {
        // Layers made after many others have large IDs: the set has many words for two layers.
        let many = (0..<1000).map { _ in CALayer() }
        let few = [CALayer(), CALayer()]
        withExtendedLifetime(many) { assertCleared(few) }
    }

    /// A layer changed in one transaction and again in the next is recorded by both.
    func testALayerChangedInTwoTransactionsIsRecordedTwice() {
        let layers = (0..<300).map { _ in CALayer() }
        let root = CALayer()
        for layer in layers { root.addSublayer(layer) }
        CATransaction.flush()
        let stack = TransactionStack.current
        for x in [1.0, 2.0] {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for layer in layers { layer.position = CGPoint(x: x, y: 0) }
            XCTAssertEqual(stack.changedLayers.count, layers.count, "every layer recorded")
            CATransaction.commit()
            XCTAssertTrue(layers.allSatisfy { !stack.changedLayerIDs.contains($0.layerID) })
        }
    }
}
