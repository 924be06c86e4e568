import XCTest
@testable import QuartzCore
@_spi(RenderTables) @testable import QuartzCoreModel

/// A commit that only moves a layer keeps its summary's `readsBackdrop` from the layer's last
/// commit instead of reading its filters again (`RenderTreeStore.write`); a commit that changes
/// anything else reads them. Both in a commit written on the committing thread and in one
/// written in parts.
final class PlacementOnlyCommitSummaryTests: XCTestCase {
    private var serial: RenderTreeStore!
    private var parallel: RenderTreeStore!
    private let root = CALayer()
    private var cards: [CALayer] = []

    override func setUp() {
        super.setUp()
        CATransaction.flush()
        serial = RenderTreeStore(maximumApplyParts: 1)
        parallel = RenderTreeStore(maximumApplyParts: 3)
        // 5,000 sublayers: two parts of at least `applyPartMinimum`.
        for k in 0..<5000 {
            let card = CALayer()
            card.frame = CGRect(x: CGFloat(k % 100) * 4, y: CGFloat(k / 100) * 4, width: 3, height: 3)
            cards.append(card)
            root.addSublayer(card)
        }
    }

    override func tearDown() {
        CATransaction.flush()
        super.tearDown()
    }

    private func commit(_ changes: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        changes()
        CATransaction.commit()
        CATransaction.flush()
    }

    /// Each store's summary of `layer` says `expected`, as its committed copy does.
    private func assertReadsBackdrop(_ layer: CALayer, _ expected: Bool, _ what: String,
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        for (name, store) in [("serial", serial!), ("parallel", parallel!)] {
            let snapshot = store.frameSnapshot()
            let summary = try XCTUnwrap(snapshot.summaries[layer.layerID], file: file, line: line)
            let copy = try XCTUnwrap(snapshot.layers[layer.layerID], file: file, line: line)
            XCTAssertEqual(summary.readsBackdrop, expected, "\(name): \(what)", file: file, line: line)
            XCTAssertEqual(copy.readsBackdrop, expected, "\(name) copy: \(what)", file: file, line: line)
        }
    }

    func testAMovedLayerKeepsWhetherItReadsItsBackdrop() throws {
        let blur = try XCTUnwrap(CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 4.0]))
        let frosted = cards[4321], plain = cards[17]
        commit {
            root.frame = CGRect(x: 0, y: 0, width: 400, height: 200)
            frosted.backgroundFilters = [blur]
        }
        try assertReadsBackdrop(frosted, true, "filters set")
        try assertReadsBackdrop(plain, false, "no filters")
        // Every card moves: only placements change, in parts and serially.
        commit { for card in cards { card.transform = CATransform3DMakeTranslation(2, 0, 0) } }
        XCTAssertEqual(parallel.partsOfLastCommit, 2, "written in parts")
        try assertReadsBackdrop(frosted, true, "moved, filters kept")
        try assertReadsBackdrop(plain, false, "moved, still none")
        // Moved again with the filters gone in the same commit: read again.
        commit {
            for card in cards { card.transform = CATransform3DMakeTranslation(3, 0, 0) }
            frosted.backgroundFilters = nil
            plain.backgroundFilters = [blur]
        }
        try assertReadsBackdrop(frosted, false, "moved, filters removed")
        try assertReadsBackdrop(plain, true, "moved, filters added")
        commit { for card in cards { card.position.x += 1 } }
        try assertReadsBackdrop(frosted, false, "moved once more")
        try assertReadsBackdrop(plain, true, "moved once more")
    }
}
