import CompositorCore
@testable import QuartzCore
@_spi(RenderTables) @testable import QuartzCoreModel
@testable import RenderServer
import XCTest

/// A commit of many layers is written into a render tree in parts on several threads
/// (`RenderTreeStore.Contents.writeInParts`): the tree, its summaries and its list of changed
/// layers must be the ones the serial loop writes, commit after commit, whatever changes.
final class ParallelCommitTests: XCTestCase {
    private var serial: RenderTreeStore!
    private var parallel: RenderTreeStore!
    private let root = CALayer()
    private var cards: [CALayer] = []

    override func setUp() {
        super.setUp()
        CATransaction.flush()
        serial = RenderTreeStore(maximumApplyParts: 1)
        parallel = RenderTreeStore(maximumApplyParts: 3)
        // 5,000 sublayers (two parts of at least `applyPartMinimum`), every tenth holding one.
        for k in 0..<5000 {
            let card = CALayer()
            card.frame = CGRect(x: CGFloat(k % 100) * 4, y: CGFloat(k / 100) * 4, width: 3, height: 3)
            card.backgroundColor = CGColor(red: CGFloat(k % 7) / 7, green: 0.5, blue: 0.5, alpha: 1)
            if k % 10 == 0 {
                let inner = CALayer()
                inner.frame = CGRect(x: 1, y: 1, width: 1, height: 1)
                inner.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
                card.addSublayer(inner)
            }
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

    /// Every layer of the tree under `root` is committed alike in both stores: versions
    /// (relative to each store's own commit count), fields, state and summary; and both list
    /// the same changed layers for the next frame.
    private func assertStoresAgree(file: StaticString = #filePath, line: UInt = #line) throws {
        let a = serial.frameSnapshot(), b = parallel.frameSnapshot()
        XCTAssertEqual(a.changes.map(Set.init), b.changes.map(Set.init), "changed layers", file: file, line: line)
        var pending = [root]
        var compared = 0
        while let layer = pending.popLast() {
            pending.append(contentsOf: layer.sublayers ?? [])
            let id = layer.layerID
            let x = try XCTUnwrap(a.layers[id], file: file, line: line)
            let y = try XCTUnwrap(b.layers[id], file: file, line: line)
            let what = "layer \(id)"
            XCTAssertEqual(x.version == a.generation, y.version == b.generation, "\(what) version", file: file, line: line)
            XCTAssertEqual(x.subtreeVersion == a.generation, y.subtreeVersion == b.generation, "\(what) subtree version",
                           file: file, line: line)
            XCTAssertEqual(x.lastChangeBesidesPlacement == x.version, y.lastChangeBesidesPlacement == y.version,
                           "\(what) placement-only change", file: file, line: line)
            XCTAssertEqual(x.sublayerIDs, y.sublayerIDs, what, file: file, line: line)
            XCTAssertEqual(x.superlayerID, y.superlayerID, what, file: file, line: line)
            XCTAssertEqual(x.state.position, y.state.position, what, file: file, line: line)
            XCTAssertEqual(x.state.transform, y.state.transform, what, file: file, line: line)
            XCTAssertEqual(x.state.zPosition, y.state.zPosition, what, file: file, line: line)
            XCTAssertTrue(x.state.backgroundColor === y.state.backgroundColor, what, file: file, line: line)
            var xs = try XCTUnwrap(a.summaries[id], file: file, line: line)
            var ys = try XCTUnwrap(b.summaries[id], file: file, line: line)
            XCTAssertEqual(xs.subtreeVersion == a.generation, ys.subtreeVersion == b.generation, what, file: file, line: line)
            xs.subtreeVersion = 0
            ys.subtreeVersion = 0
            XCTAssertEqual(xs, ys, "\(what) summary", file: file, line: line)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 5000, file: file, line: line)
        XCTAssertEqual(serial.partsOfLastCommit, 1, file: file, line: line)
        XCTAssertEqual(parallel.partsOfLastCommit, 2, "written in parts", file: file, line: line)
    }

    func testLargeCommitsWriteTheTreeTheSerialApplyWrites() throws {
        // The first commit makes the whole tree live: every layer is new to both stores.
        commit { root.frame = CGRect(x: 0, y: 0, width: 400, height: 200) }
        try assertStoresAgree()
        // Every card moves (the scenes' frames), some of them turn.
        commit {
            for (k, card) in cards.enumerated() {
                card.position.x += 1
                if k % 3 == 0 { card.transform = CATransform3DMakeRotation(0.1, 0, 0, 1) }
            }
        }
        try assertStoresAgree()
        // Every card moves, and besides some change colour, z position or sublayers.
        commit {
            for (k, card) in cards.enumerated() {
                card.position.y += 1
                switch k % 50 {
                case 1: card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                case 2: card.zPosition = 2
                case 3: card.addSublayer(CALayer())
                case 10: card.sublayers?.first?.removeFromSuperlayer()
                default: break
                }
            }
        }
        try assertStoresAgree()
    }

    /// Layers that change superlayer in a commit written in parts are placed under their new
    /// superlayer in both stores (the parts look up where each layer was; `settle` adopts only
    /// the layers found elsewhere), so that a later commit of one of them alone stamps the
    /// subtree versions of its new ancestors, not of its old ones.
    func testLayersMovedToOtherSuperlayersInALargeCommitAreSettledThere() throws {
        commit { root.frame = CGRect(x: 0, y: 0, width: 400, height: 200) }
        // Every card moves; every hundredth card (from the second) goes into the card before it,
        // and the sublayer of every tenth card from 500 on goes to the root.
        commit {
            for card in cards { card.position.x += 1 }
            for k in stride(from: 1, to: cards.count, by: 100) { cards[k - 1].addSublayer(cards[k]) }
            for k in stride(from: 500, to: cards.count, by: 1000) {
                if let inner = cards[k].sublayers?.first { root.addSublayer(inner) }
            }
        }
        try assertStoresAgree()
        for k in stride(from: 1, to: cards.count, by: 100) {
            XCTAssertEqual(serial.snapshot().layers[cards[k].layerID]?.superlayerID, cards[k - 1].layerID)
        }
        // One moved card alone: its new superlayer's subtree is stamped in both stores.
        commit { cards[4301].position.y += 1 }
        let a = serial.frameSnapshot(), b = parallel.frameSnapshot()
        for (name, snapshot) in [("serial", a), ("parallel", b)] {
            XCTAssertEqual(snapshot.layers[cards[4300].layerID]?.subtreeVersion, snapshot.generation, "\(name): new superlayer")
            XCTAssertEqual(snapshot.layers[root.layerID]?.subtreeVersion, snapshot.generation, "\(name): root")
            XCTAssertNotEqual(snapshot.layers[cards[4302].layerID]?.subtreeVersion, snapshot.generation, "\(name): a sibling")
        }
        // Every card moves again, the moved ones under their new superlayers.
        commit { for card in cards { card.position.y += 1 } }
        try assertStoresAgree()
    }

    func testTheSameTreeIsDrawn() throws {
        commit { root.frame = CGRect(x: 0, y: 0, width: 400, height: 200) }
        commit { for card in cards { card.transform = CATransform3DMakeTranslation(2, 0, 0) } }
        let a = serial.snapshot(), b = parallel.snapshot()
        var first = FrameFlattener(layers: a.layers, time: 0, viewTransform: CATransform3DIdentity)
        var second = FrameFlattener(layers: b.layers, time: 0, viewTransform: CATransform3DIdentity)
        let clear = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)
        let x = first.flatten(rootID: root.layerID, pixelWidth: 400, pixelHeight: 200, clearColor: clear)
        let y = second.flatten(rootID: root.layerID, pixelWidth: 400, pixelHeight: 200, clearColor: clear)
        XCTAssertEqual(x.commands.count, 5000 + 500)
        XCTAssertEqual(x, y)
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

    /// A commit that only moves a layer keeps its summary's `readsBackdrop` from the layer's
    /// last commit instead of reading its filters again (`RenderTreeStore.write`); a commit that
    /// changes anything else reads them. In a commit written on the committing thread and in
    /// one written in parts.
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
        // Moved again with the filters changed in the same commit: read again.
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

    /// A part of a large commit whose layers are all moved leaves under one superlayer is
    /// settled in one step (`RenderTreeStore.PlacementRun`); an adoption in an earlier part
    /// makes `settle` walk the plain parts after it layer by layer, as the serial apply does.
    func testAnAdoptionInOnePartSettlesThePlainPartAfterIt() throws {
        commit { root.frame = CGRect(x: 0, y: 0, width: 400, height: 200) }
        // Every card moves; the second card goes into the first (the first part), the rest
        // of the cards stay leaves of the root (the second part is plain).
        commit {
            for card in cards { card.position.x += 1 }
            cards[0].addSublayer(cards[1])
        }
        try assertStoresAgree()
        for (name, store) in [("serial", serial!), ("parallel", parallel!)] {
            XCTAssertEqual(store.snapshot().layers[cards[1].layerID]?.superlayerID, cards[0].layerID, name)
        }
        // Every card moves again: both parts plain but for the first card, which has a sublayer.
        commit { for card in cards { card.position.y += 1 } }
        try assertStoresAgree()
        // One card of the second part alone: the root's subtree is stamped in both stores.
        commit { cards[4999].position.y += 1 }
        for (name, snapshot) in [("serial", serial.frameSnapshot()), ("parallel", parallel.frameSnapshot())] {
            XCTAssertEqual(snapshot.layers[root.layerID]?.subtreeVersion, snapshot.generation, "\(name): root")
            XCTAssertNotEqual(snapshot.layers[cards[4998].layerID]?.subtreeVersion, snapshot.generation, "\(name): a sibling")
        }
    }

    /// A large commit of moved leaves with one layer that is not (here the last card, given a
    /// new sublayer, and a card given an animation) is listed by the committing thread: the new
    /// sublayer becomes live and is written, and the animation is committed with its layer,
    /// though the parts that look at the changed layers found every other layer a moved leaf.
    func testALargeCommitListsTheOneLayerThatIsNoMovedLeaf() throws {
        commit { root.frame = CGRect(x: 0, y: 0, width: 400, height: 200) }
        let added = CALayer()
        added.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 10
        commit {
            for card in cards { card.position.x += 1 }
            cards[4321].add(fade, forKey: "fade")
            cards[4999].addSublayer(added)
        }
        XCTAssertTrue(added.isLive)
        try assertStoresAgree()
        for (name, store) in [("serial", serial!), ("parallel", parallel!)] {
            let snapshot = store.snapshot()
            XCTAssertEqual(snapshot.layers[added.layerID]?.superlayerID, cards[4999].layerID, name)
            XCTAssertEqual(snapshot.layers[cards[4999].layerID]?.sublayerIDs, [added.layerID], name)
            XCTAssertEqual(snapshot.layers[cards[4321].layerID]?.animations.count, 1, name)
        }
    }

    /// A large commit lets go of its changed layers in parts (`ChangedLayerList.removeAllInParts`),
    /// but a layer that only the commit still held ends its life on the committing thread,
    /// after the commit, as when the commit let go of them one by one; the others live on.
    func testALayerOnlyTheCommitHeldEndsOnTheCommittingThread() throws {
        commit { root.frame = CGRect(x: 0, y: 0, width: 400, height: 200) }
        let ended = RecordedDeinitLayer.ended
        ended.removeAll()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for card in cards { card.position.x += 1 }
        var passingID: UInt64 = 0
        do {
            let passing = RecordedDeinitLayer()
            passing.opacity = 0.5
            passingID = passing.layerID
        }
        XCTAssertTrue(ended.threads.isEmpty, "held by the transaction")
        CATransaction.commit()
        XCTAssertEqual(ended.threads, [pthread_self()])
        XCTAssertEqual(parallel.partsOfLastCommit, 2, "written in parts")
        // It left the render trees with its life; the cards, released in parts, stay.
        XCTAssertNil(parallel.snapshot().layers[passingID])
        XCTAssertEqual(parallel.snapshot().layers[cards[4999].layerID]?.state.position, cards[4999].position)
        CATransaction.flush()
    }
}

/// The threads on which `RecordedDeinitLayer`s ended.
private final class DeinitRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var ended: [pthread_t] = []

    var threads: [pthread_t] { lock.withLock { ended } }

    func note(_ thread: pthread_t) { lock.withLock { ended.append(thread) } }

    func removeAll() { lock.withLock { ended.removeAll() } }
}

/// A layer that notes the thread its deinit runs on.
private final class RecordedDeinitLayer: CALayer {
    /// Where the layers of this class ended.
    static let ended = DeinitRecord()

    deinit { Self.ended.note(pthread_self()) }
}
