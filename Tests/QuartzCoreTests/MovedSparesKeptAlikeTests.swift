import XCTest
import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
@testable import RenderServer

/// A layer's moved quads (`FlattenedSubtreeCache.Entry.movedSpares`) are made only when it is
/// drawn moved, and let go once it is drawn otherwise or stored, whichever thread draws it: a
/// long run flattened on one thread keeps them exactly as one flattened in parts. (The one-thread
/// path made them as it looked a sublayer's last drawing up, before it found the subtree stored:
/// a card that stopped kept spares it would not use while it stayed stored.)
final class MovedSparesKeptAlikeTests: XCTestCase {
    private static let count = 900
    private let root = CALayer()
    private var sublayers: [CALayer] = []
    /// Flattens the run in three parts; `serial` on one thread.
    private var parallel: CARenderer!
    private var serial: CARenderer!
    private var time: CFTimeInterval = 0

    override func setUpWithError() throws {
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        for k in 0..<Self.count {
            let layer = CALayer()
            layer.frame = CGRect(x: CGFloat(k % 30) * 10, y: CGFloat(k / 30) * 10, width: 8, height: 8)
            layer.backgroundColor = CGColor(red: CGFloat(k % 7) / 7, green: 0.5, blue: 0.8, alpha: 1)
            if k % 3 == 1 {  // a shadow: two quads
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
    /// quads in each, asserting that the same sublayers' do.
    private func nextFrameSpares(file: StaticString = #filePath, line: UInt = #line) throws
        -> (parallel: Int, serial: Int) {
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
        return (holding[0].filter { $0 }.count, holding[1].filter { $0 }.count)
    }

    func testCardsThatStopMovingLetGoOfTheirMovedQuadsOnBothPaths() throws {
        _ = try nextFrameSpares()
        for _ in 0..<3 {
            ReuseComparison.commitWithoutActions { for layer in sublayers { layer.position.x += 1 } }
            let held = try nextFrameSpares()
            XCTAssertEqual(held.serial, Self.count, "moved cards keep their moved quads")
        }
        // The first third stops: drawn once more moved (the same key) and stored, then drawn from
        // the store while the others move on (the run recorded anew each frame).
        let stopped = Self.count / 3
        for frame in 0..<3 {
            ReuseComparison.commitWithoutActions { for layer in sublayers[stopped...] { layer.position.x += 1 } }
            let held = try nextFrameSpares()
            XCTAssertEqual(held.serial, Self.count - stopped, "stopped cards hold no moved quads (frame \(frame))")
            XCTAssertEqual(held.parallel, Self.count - stopped, "stopped cards hold no moved quads (frame \(frame))")
        }
    }
}
