import XCTest
import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
@testable import RenderServer

/// A part of a sublayer run whose sublayers all draw alone, without clips of their own, and
/// whose cache records write their entries alone (S2's and S3's moved cards, frame after frame)
/// is joined in a block: its commands moved to the frame's list at once, its records written by
/// the parts after the join (`FrameFlattener+PartJoin`). The frame, the run and every
/// sublayer's cache entry must equal those of flattening one sublayer after another, and the
/// next frames, which draw from them, too.
final class PartJoinTests: XCTestCase {
    private static let count = 1200
    private let root = CALayer()
    private var sublayers: [CALayer] = []
    /// Flattens long runs in three parts; `serial` on one thread; `whole` reuses nothing.
    private var parallel: CARenderer!
    private var serial: CARenderer!
    private var whole: CARenderer!
    private var time: CFTimeInterval = 0

    /// Whether card `k` turns by an animation (the app does not move it).
    private static func turns(_ k: Int) -> Bool { k % 12 == 4 }

    override func setUpWithError() throws {
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        for k in 0..<Self.count {
            let layer = CALayer()
            layer.frame = CGRect(x: CGFloat(k % 40) * 10, y: CGFloat(k / 40) * 10, width: 8 + CGFloat(k % 3), height: 7)
            layer.backgroundColor = CGColor(red: CGFloat(k % 7) / 7, green: 0.5, blue: 0.8, alpha: 1)
            switch k % 6 {
            case 1:  // a shadow (two quads)
                layer.shadowOpacity = 0.5
                layer.shadowRadius = 2
            case 2: layer.opacity = 0.6
            case 3:
                layer.cornerRadius = 2
                layer.borderWidth = 1
                layer.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8)
            case 4 where Self.turns(k):  // turned by an animation: a memo of its turn kept in its entry
                let slide = CABasicAnimation(keyPath: "transform.rotation.z")
                slide.fromValue = 0
                slide.toValue = 6
                slide.duration = 100
                layer.add(slide, forKey: "turn")
            default: break
            }
            sublayers.append(layer)
            root.addSublayer(layer)
        }
        CATransaction.flush()
        time = CACurrentMediaTime()
        let renderers = try (0..<3).map { _ in try CARenderer(cpuPixelWidth: 400, pixelHeight: 300) }
        for renderer in renderers { renderer.layer = root }
        (parallel, serial, whole) = (renderers[0], renderers[1], renderers[2])
        parallel.frames.maximumFlatteningParts = 3
        serial.frames.maximumFlatteningParts = 1
        whole.reusesUnchangedSubtrees = false
    }

    /// Draws the next frame with each renderer and compares the frames, the runs and the
    /// sublayers' cache entries; returns how many sublayers the parallel renderer's parts
    /// recorded at once.
    @discardableResult
    private func assertNextFramesEqual(file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        time += 1.0 / 60
        let at = time
        let lists = try [parallel, serial, whole].map { try $0!.drawList(atTime: at) }
        let inParts = lists[0], oneByOne = lists[1]
        for (other, name) in zip(lists.dropFirst(), ["serial", "whole"]) {
            ReuseComparison.assertSameFrame(inParts, other, name: name, file: file, line: line)
        }
        XCTAssertTrue(inParts.continuity?.unchangedRanges == oneByOne.continuity?.unchangedRanges
                        && parallel.lastFrameSubtrees == serial.lastFrameSubtrees,
                      "unchanged ranges, subtrees reused and flattened", file: file, line: line)
        let cache = parallel.frames.subtreeCache, serialCache = serial.frames.subtreeCache
        let runs = try [cache, serialCache].map { try XCTUnwrap($0.run(of: root.layerID), file: file, line: line) }
        let run = runs[0], serialRun = runs[1]
        for (list, name) in [(\SublayerRun.commandStarts, "command starts"), (\.clipStarts, "clip starts"),
                             (\.flattened, "flattened")] {
            XCTAssertEqual(run[keyPath: list], serialRun[keyPath: list], "the run's \(name)", file: file, line: line)
        }
        // (Subtree versions are each renderer's own numbers: the contexts are compared.)
        var differing: [Int] = []
        for (k, layer) in sublayers.enumerated() {
            let entry = try XCTUnwrap(cache.entry(of: layer.layerID), file: file, line: line)
            let other = try XCTUnwrap(serialCache.entry(of: layer.layerID), file: file, line: line)
            let same = entry.drawnAt == other.drawnAt && entry.drawnCount == other.drawnCount
                && entry.drawnMoved == other.drawnMoved && entry.key.context == other.key.context
                && entry.commands?.count == other.commands?.count
                // (Of a stored subtree, one flattened on one thread keeps the spares it was
                // drawn with in the frame after it was stored: their absence is not compared.)
                && (entry.commands != nil || (entry.movedSpares == nil) == (other.movedSpares == nil))
                && (entry.placementMemo == nil) == (other.placementMemo == nil)
            if !same { differing.append(k) }
        }
        XCTAssertEqual(differing.count, 0, "sublayers whose cache entries differ (the first: \(differing.first ?? -1))",
                       file: file, line: line)
        XCTAssertEqual(serialCache.recordedAloneSubtrees, 0, file: file, line: line)
        return cache.recordedAloneSubtrees
    }

    /// Moves the sublayers for which `moves` is true by a point, without implicit animations.
    private func move(where moves: (Int) -> Bool) {
        ReuseComparison.commitWithoutActions {
            for (k, layer) in sublayers.enumerated() where moves(k) { layer.position.x += 1 }
        }
    }

    func testCardsMovingFrameAfterFrameAreRecordedByTheParts() throws {
        // The first frame makes the entries (on this thread); the next ones record them anew.
        try assertNextFramesEqual()
        for frame in 0..<5 {
            // The turning cards are moved by their animations alone.
            move { !Self.turns($0) }
            XCTAssertEqual(try assertNextFramesEqual(), Self.count, "frame \(frame)")
        }
        let cache = parallel.frames.subtreeCache
        XCTAssertEqual(sublayers.filter { cache.entry(of: $0.layerID)?.placementMemo != nil }.count, 100,
                       "the turning cards keep a memo of their turn")
        XCTAssertEqual(sublayers.filter { cache.entry(of: $0.layerID)?.drawnMoved == true }.count, Self.count)
        // Recoloured: flattened rather than moved, still recorded by the parts.
        ReuseComparison.commitWithoutActions {
            for layer in sublayers { layer.backgroundColor = CGColor(red: 0.2, green: 0.9, blue: 0.1, alpha: 1) }
        }
        XCTAssertEqual(try assertNextFramesEqual(), Self.count)
    }

    func testPartsWithCardsToStoreAreJoinedOneByOne() throws {
        try assertNextFramesEqual()
        move { _ in true }
        try assertNextFramesEqual()
        // The cards in the first part stop: drawn with the same key, they are stored on this
        // thread, so that part is joined one by one; the others move on and are recorded by
        // their parts. Then the stopped ones are drawn from the cache between the others.
        for _ in 0..<3 {
            move { $0 >= Self.count / 3 }
            let alone = try assertNextFramesEqual()
            XCTAssertGreaterThan(alone, 0)
            XCTAssertLessThan(alone, Self.count)
        }
    }
}
