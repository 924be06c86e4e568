import XCTest
import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
@testable import RenderServer

/// A layer's moved quads (`FlattenedSubtreeCache.Entry.movedSpares`) are made only when it is
/// drawn moved, and let go once it is drawn otherwise or stored, whichever path draws it: a long
/// run flattened on one thread or in parts, a run repeated with few changes (`repeatRun`), and a
/// short list. (Each path but the parts made them as it looked a sublayer's last drawing up,
/// before it found the subtree stored: a card that stopped kept spares it would not use while it
/// stayed stored.)
final class MovedSparesKeptAlikeTests: XCTestCase {
    private let root = CALayer()
    private var sublayers: [CALayer] = []
    /// Flattens a long run in three parts; `serial` on one thread.
    private var parallel: CARenderer!
    private var serial: CARenderer!
    private var time: CFTimeInterval = 0

    /// Makes `count` cards (a third with shadows: two quads) and both renderers.
    private func makeCards(_ count: Int) throws {
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        for k in 0..<count {
            let layer = CALayer()
            layer.frame = CGRect(x: CGFloat(k % 30) * 10, y: CGFloat(k / 30) * 10, width: 8, height: 8)
            layer.backgroundColor = CGColor(red: CGFloat(k % 7) / 7, green: 0.5, blue: 0.8, alpha: 1)
            if k % 3 == 1 {
                layer.shadowOpacity = 0.5
                layer.shadowRadius = 2
            }
            sublayers.append(layer)
            root.addSublayer(layer)
        }
        CATransaction.flush()
        time = CACurrentMediaTime()
        parallel = try CARenderer(cpuPixelWidth: 300, pixelHeight: 300)
        serial = try CARenderer(cpuPixelWidth: 300, pixelHeight: 300)
        parallel.layer = root
        serial.layer = root
        parallel.frames.maximumFlatteningParts = 3
        serial.frames.maximumFlatteningParts = 1
    }

    /// Draws the next frame with both renderers; returns how many sublayers' entries hold moved
    /// quads in each, asserting that the same sublayers' do, and how many subtrees the serial
    /// renderer repeated from its last frame.
    private func nextFrameSpares(file: StaticString = #filePath, line: UInt = #line) throws
        -> (parallel: Int, serial: Int, repeated: Int) {
        time += 1.0 / 60
        let at = time
        let lists = try [parallel, serial].map { try $0!.drawList(atTime: at) }
        ReuseComparison.assertSameFrame(lists[0], lists[1], name: "serial", file: file, line: line)
        let caches = [parallel.frames.subtreeCache, serial.frames.subtreeCache]
        let holding = try caches.map { cache in
            try sublayers.map { try XCTUnwrap(cache.entry(of: $0.layerID), file: file, line: line).movedSpares != nil }
        }
        let differing = zip(holding[0], holding[1]).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "sublayers holding moved quads on one path only", file: file, line: line)
        return (holding[0].filter { $0 }.count, holding[1].filter { $0 }.count, caches[1].repeatedSubtrees)
    }

    /// Moves the first `moving` of `count` cards for three frames, then all but the first
    /// `stopped` of them for three more: only the cards still moving hold moved quads.
    /// `repeats`: whether the frames repeat the run (few changes) rather than record it.
    private func assertStoppedCardsLetGo(count: Int, moving: Int, stopped: Int, repeats: Bool,
                                         file: StaticString = #filePath, line: UInt = #line) throws {
        try makeCards(count)
        _ = try nextFrameSpares(file: file, line: line)
        for _ in 0..<3 {
            ReuseComparison.commitWithoutActions { for layer in sublayers[..<moving] { layer.position.x += 1 } }
            let held = try nextFrameSpares(file: file, line: line)
            XCTAssertEqual(held.serial, moving, "moved cards keep their moved quads", file: file, line: line)
        }
        // The stopped cards are drawn once more moved (the same key) and stored, then drawn from
        // the store while the others move on.
        for frame in 0..<3 {
            ReuseComparison.commitWithoutActions { for layer in sublayers[stopped..<moving] { layer.position.x += 1 } }
            let held = try nextFrameSpares(file: file, line: line)
            XCTAssertEqual(held.repeated > 0, repeats, "run repeated (frame \(frame))", file: file, line: line)
            XCTAssertEqual(held.serial, moving - stopped, "stopped cards hold no moved quads (frame \(frame))",
                           file: file, line: line)
            XCTAssertEqual(held.parallel, moving - stopped, "stopped cards hold no moved quads (frame \(frame))",
                           file: file, line: line)
        }
    }

    /// A long run recorded anew each frame (on one thread, or in parts).
    func testCardsThatStopMovingLetGoOfTheirMovedQuadsOnBothPaths() throws {
        try assertStoppedCardsLetGo(count: 900, moving: 900, stopped: 300, repeats: false)
    }

    /// A long run with few changes, repeated from the last frame but for the changed cards and
    /// those flattened in the last frame (`repeatRun`).
    func testCardsThatStopMovingLetGoOfTheirMovedQuadsInARepeatedRun() throws {
        try assertStoppedCardsLetGo(count: 900, moving: 90, stopped: 30, repeats: true)
    }

    /// Fewer sublayers than a run has (`SublayerRun.minimumCount`): the short list's loop.
    func testCardsThatStopMovingLetGoOfTheirMovedQuadsInAShortList() throws {
        XCTAssertLessThan(48, SublayerRun.minimumCount)
        try assertStoppedCardsLetGo(count: 48, moving: 48, stopped: 16, repeats: false)
    }
}
