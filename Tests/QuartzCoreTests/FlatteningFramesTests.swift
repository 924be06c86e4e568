import Foundation
import Synchronization
import XCTest
@testable import QuartzCore
@_spi(RenderTables) @testable import QuartzCoreModel

/// Commits waiting for the frames flattened from large render-tree snapshots on other threads
/// (`FlatteningFrames`), and snapshots staying consistent across commits either way.
final class FlatteningFramesTests: XCTestCase {
    /// A wait returns once the other thread's frame ends, not before.
    func testAWaitEndsWhenTheOtherThreadsFrameEnds() {
        let frames = FlatteningFrames()
        let began = DispatchSemaphore(value: 0)
        let ended = SharedFlag()
        let thread = Thread {
            XCTAssertTrue(frames.beginFrame(layerCount: 5000))
            began.signal()
            Thread.sleep(forTimeInterval: 0.05)
            ended.value.store(true, ordering: .releasing)
            frames.endFrame()
        }
        thread.start()
        began.wait()
        XCTAssertFalse(frames.isEmpty)
        XCTAssertTrue(frames.waitForOtherThreads(timeout: 10))
        XCTAssertTrue(ended.value.load(ordering: .acquiring))
        XCTAssertTrue(frames.isEmpty)
    }

    /// A frame of fewer than `smallestWaitedTable` layers is not counted; a thread flattening a
    /// counted frame itself does not wait; no wait lasts past its timeout.
    func testSmallFramesOwnFramesAndTimeouts() {
        let frames = FlatteningFrames()
        XCTAssertFalse(frames.beginFrame(layerCount: FlatteningFrames.smallestWaitedTable - 1))
        XCTAssertTrue(frames.isEmpty)

        XCTAssertTrue(frames.beginFrame(layerCount: FlatteningFrames.smallestWaitedTable))
        let start = Date()
        XCTAssertFalse(frames.waitForOtherThreads(timeout: 10))
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        frames.endFrame()
        XCTAssertTrue(frames.isEmpty)

        let began = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Thread {
            _ = frames.beginFrame(layerCount: 10_000)
            began.signal()
            release.wait()
            frames.endFrame()
            done.signal()
        }.start()
        began.wait()
        let waitStart = Date()
        XCTAssertFalse(frames.waitForOtherThreads(timeout: 0.05))
        let waited = Date().timeIntervalSince(waitStart)
        XCTAssertGreaterThanOrEqual(waited, 0.045)
        XCTAssertLessThan(waited, 5)
        release.signal()
        done.wait()
        XCTAssertTrue(frames.isEmpty)
    }

    /// A frame snapshot of a large tree taken before a commit keeps the values it was taken
    /// with while another thread flattens it (the commit waits for it or copies the table);
    /// a snapshot taken after the commit has the new ones.
    func testASnapshotKeepsItsValuesAcrossACommitFromAnotherThread() throws {
        let store = RenderTreeStore()
        let root = CALayer()
        let layers = (0..<FlatteningFrames.smallestWaitedTable).map { _ in CALayer() }
        for layer in layers {
            layer.opacity = 0.5
            root.addSublayer(layer)
        }
        joinTransaction(root)
        CATransaction.flush()
        let ids = layers.map(\.layerID)

        let taken = DispatchSemaphore(value: 0), committed = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let seen = SharedOpacities()
        Thread {
            let snapshot = store.frameSnapshot()
            let counted = FlatteningFrames.shared.beginFrame(layerCount: snapshot.layers.count)
            taken.signal()
            // The commit waits for this frame, up to its timeout, then copies the table.
            _ = committed.wait(timeout: .now() + 0.5)
            seen.values.withLock { values in
                for id in ids { values.append(snapshot.layers[id]?.state.opacity ?? -1) }
            }
            if counted { FlatteningFrames.shared.endFrame() }
            done.signal()
        }.start()
        taken.wait()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for layer in layers { layer.opacity = 0.25 }
        CATransaction.commit()
        committed.signal()
        done.wait()

        XCTAssertEqual(seen.values.withLock { $0 }, Array(repeating: 0.5, count: ids.count))
        let after = store.frameSnapshot()
        XCTAssertEqual(ids.map { after.layers[$0]?.state.opacity ?? -1 }, Array(repeating: 0.25, count: ids.count))
        XCTAssertTrue(FlatteningFrames.shared.isEmpty)
    }

    /// On one thread, a snapshot taken before a commit keeps the old values and one taken
    /// after it has the new ones.
    func testASnapshotTakenBeforeACommitKeepsTheOldValues() {
        let store = RenderTreeStore()
        let layer = CALayer()
        layer.opacity = 0.5
        joinTransaction(layer)
        CATransaction.flush()
        let before = store.frameSnapshot()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 0.25
        CATransaction.commit()
        let after = store.frameSnapshot()
        XCTAssertEqual(before.layers[layer.layerID]?.state.opacity, 0.5)
        XCTAssertEqual(after.layers[layer.layerID]?.state.opacity, 0.25)
        XCTAssertGreaterThan(after.generation, before.generation)
    }
}

/// A flag two threads of a test share.
private final class SharedFlag: Sendable {
    let value = Atomic<Bool>(false)
}

/// The opacities a test's other thread read.
private final class SharedOpacities: Sendable {
    let values = Mutex<[Float]>([])
}
