@testable import QuartzCore
@_spi(RenderTables) @testable import QuartzCoreModel
@testable import RenderServer
import RendererTestSupport
import XCTest

/// Four threads add, move and remove layers under one root, and change their properties, while
/// the main thread commits and renders: once without `CATransaction.lock()`, once with every
/// change made under it (the program of issue 33, which ThreadSanitizer must pass: the
/// sanitizer run of `scripts/sanitize.sh` runs these tests). Apple documents
/// that Core Animation's data model "promises not to corrupt the internal data when called from
/// multiple threads concurrently" (`CATransaction.lock()`): the process must not crash, and when
/// the threads stop, every layer has at most one superlayer, is in its superlayer's sublayers
/// exactly once, no layer is its own ancestor, and the render tree holds what the model does.
///
/// Runs for two seconds; `QC_STRESS_SECONDS` sets another length.
final class ConcurrentMutationTests: XCTestCase {
    func testUnlockedMutationFromFourThreadsWhileCommittingAndRendering() throws {
        try mutateFromFourThreads(holdingTheTransactionLock: false)
    }

    func testMutationUnderTheTransactionLockFromFourThreadsWhileCommittingAndRendering() throws {
        try mutateFromFourThreads(holdingTheTransactionLock: true)
    }

    /// Runs the four mutating threads beside a committing and rendering main thread, then checks
    /// the tree and the render tree.
    private func mutateFromFourThreads(holdingTheTransactionLock locked: Bool) throws {
        let seconds = ProcessInfo.processInfo.environment["QC_STRESS_SECONDS"].flatMap(Double.init) ?? 2
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let pool = (0..<24).map { index -> CALayer in
            let layer = CALayer()
            layer.name = "pool \(index)"
            layer.frame = CGRect(x: index % 8 * 8, y: index / 8 * 8, width: 8, height: 8)
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            root.addSublayer(layer)
            return layer
        }
        CATransaction.flush()
        let renderer = try CARenderer(cpuPixelWidth: 64, pixelHeight: 64)
        renderer.layer = root

        let shared = SharedLayers(root: root, pool: pool)
        let stop = StopFlag()
        let finished = DispatchGroup()
        let operations = OperationCounter()
        for worker in 0..<4 {
            finished.enter()
            let thread = Thread {
                var random = SeededGenerator(seed: UInt64(worker + 1))
                var count = 0
                while !stop.isSet {
                    if locked {
                        CATransaction.lock()
                        Self.mutate(shared, using: &random)
                        CATransaction.unlock()
                    } else {
                        Self.mutate(shared, using: &random)
                    }
                    count += 1
                    // A thread without a run loop commits its own changes.
                    if count % 8 == 0 { CATransaction.flush() }
                }
                CATransaction.flush()
                operations.add(count)
                finished.leave()
            }
            thread.name = "stress \(worker)"
            thread.start()
        }
        var frames = 0
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            CATransaction.flush()
            try renderer.renderFrame(atTime: CACurrentMediaTime())
            _ = root.hitTest(CGPoint(x: 20, y: 20))
            _ = root.presentation()?.sublayers?.count
            frames += 1
        }
        stop.set()
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success, "the mutating threads stopped")
        CATransaction.flush()
        try renderer.renderFrame(atTime: CACurrentMediaTime())
        XCTAssertGreaterThan(frames, 0)
        XCTAssertGreaterThan(operations.total, 100, "the threads made changes")

        let all = [root] + pool
        for layer in all {
            if let superlayer = layer.superlayer {
                XCTAssertEqual(superlayer.sublayers?.filter { $0 === layer }.count, 1,
                               "\(layer.name ?? "root") is in its superlayer's sublayers once")
            }
            for sublayer in layer.sublayers ?? [] {
                XCTAssertTrue(sublayer.superlayer === layer, "a sublayer's superlayer is the layer that lists it")
            }
            if let mask = layer.mask { XCTAssertNil(mask.superlayer, "a mask has no superlayer") }
            var ancestor = layer.superlayer ?? layer.maskOwner
            var steps = 0
            while let next = ancestor, steps <= all.count {
                XCTAssertFalse(next === layer, "\(layer.name ?? "root") is not its own ancestor")
                ancestor = next.superlayer ?? next.maskOwner
                steps += 1
            }
            XCTAssertLessThanOrEqual(steps, all.count, "the chain of superlayers ends")
        }
        // Every change was committed by the thread that made it, after it: the render tree
        // holds what the model holds.
        let (committed, _) = renderer.frames.renderTree.snapshot()
        for layer in all where layer.isLive {
            XCTAssertEqual(committed[layer.layerID]?.sublayerIDs, layer.sublayerStorage.map(\.layerID),
                           "the committed sublayers of \(layer.name ?? "root")")
            XCTAssertEqual(committed[layer.layerID]?.maskID, layer.maskStorage?.layerID)
        }
        print("ConcurrentMutationTests (\(locked ? "locked" : "unlocked")): \(operations.total) changes by 4 threads and \(frames) frames in \(seconds) s")
    }

    /// One random change of the shared layers.
    private static func mutate(_ shared: SharedLayers, using random: inout SeededGenerator) {
        let pool = shared.pool
        let layer = pool[random.next(pool.count)]
        let other = pool[random.next(pool.count)]
        switch random.next(10) {
        case 0: shared.root.addSublayer(layer)
        case 1: shared.root.insertSublayer(layer, at: UInt32(random.next(8)))
        case 2: other.addSublayer(layer) // refused when `other` is `layer` or below it
        case 3: layer.removeFromSuperlayer()
        case 4: shared.root.insertSublayer(layer, above: other)
        case 5: if other.superlayer != nil && layer !== other { other.superlayer?.replaceSublayer(other, with: layer) }
        case 6:
            if random.next(2) == 0 {
                layer.position = CGPoint(x: random.next(64), y: random.next(64))
            } else {
                layer.frame = CGRect(x: random.next(56), y: random.next(56), width: 4 + random.next(8), height: 8)
            }
        case 7: layer.opacity = Float(random.next(10)) / 10
        // (A mask with a superlayer is refused with a logged warning: mostly avoided, to keep the log short.)
        case 8: layer.mask = random.next(4) == 0 && other.superlayer == nil && other !== layer ? other : nil
        default: other.sublayers = (other.sublayers ?? []).reversed()
        }
    }
}

/// The layers every thread changes. Layers are safe to use from several threads (what the test
/// checks), which Swift cannot know.
private final class SharedLayers: @unchecked Sendable {
    let root: CALayer
    let pool: [CALayer]

    init(root: CALayer, pool: [CALayer]) {
        self.root = root
        self.pool = pool
    }
}

private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

private final class OperationCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var total: Int { lock.withLock { count } }
    func add(_ n: Int) { lock.withLock { count += n } }
}
