import Dispatch
@testable import QuartzCoreModel
import XCTest

/// `CATransaction.lock()` is the global lock every layer access takes. CATransaction.h: "The
/// lock is a recursive spin-lock": the thread that holds it may take it again, and it is free
/// for other threads only once every acquisition is released.
final class TransactionLockTests: XCTestCase {
    /// A count and layers shared by threads, changed only holding the lock.
    private final class Shared: @unchecked Sendable {
        var count = 0
        let layers = (0..<4).map { _ in CALayer() }
    }

    /// Whether `body`, run on another thread, finishes within `seconds`.
    private func finishesOnAnotherThread(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> DispatchGroup? {
        let group = DispatchGroup()
        group.enter()
        Thread {
            body()
            group.leave()
        }.start()
        return group.wait(timeout: .now() + seconds) == .success ? nil : group
    }

    /// Taken twice by one thread, the lock stays held after one release, and is free after the
    /// second.
    func testTheLockIsRecursive() throws {
        CATransaction.lock()
        CATransaction.lock()
        CATransaction.unlock()
        let waiting = try XCTUnwrap(finishesOnAnotherThread(within: 0.2) {
            CATransaction.lock()
            CATransaction.unlock()
        }, "another thread waits while one acquisition is still held")
        CATransaction.unlock()
        XCTAssertEqual(waiting.wait(timeout: .now() + 10), .success, "and gets the lock once both are released")
    }

    /// A thread that does not hold the lock cannot release it for the thread that does: its
    /// unlock is ignored (and logged).
    func testAnUnlockByAnotherThreadIsIgnored() throws {
        CATransaction.lock()
        XCTAssertNil(finishesOnAnotherThread(within: 10) { CATransaction.unlock() })
        let waiting = try XCTUnwrap(finishesOnAnotherThread(within: 0.2) {
            CATransaction.lock()
            CATransaction.unlock()
        }, "the lock is still held by this thread")
        CATransaction.unlock()
        XCTAssertEqual(waiting.wait(timeout: .now() + 10), .success)
    }

    /// A property set while the thread holds the lock runs inside that hold: the lock is still
    /// held after it, until the thread's own release.
    func testAPropertySetWhileHoldingTheLockKeepsItHeld() throws {
        let layer = CALayer()
        CATransaction.lock()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 0.5
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        CATransaction.commit()
        let waiting = try XCTUnwrap(finishesOnAnotherThread(within: 0.2) {
            CATransaction.lock()
            CATransaction.unlock()
        }, "another thread waits: the setters left this thread's hold as it was")
        XCTAssertEqual(layer.opacity, 0.5)
        CATransaction.unlock()
        XCTAssertEqual(waiting.wait(timeout: .now() + 10), .success, "and gets the lock once it is released")
    }

    /// Four threads each adding 1 a thousand times, holding the lock (two acquisitions deep),
    /// lose no addition; layer changes made by them meanwhile all land.
    func testThreadsHoldingTheLockExcludeEachOther() {
        let shared = Shared()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            let layer = shared.layers[thread]
            for step in 1...1000 {
                CATransaction.lock()
                CATransaction.lock()
                shared.count += 1
                layer.lockedFields.state.zPosition = CGFloat(step)
                CATransaction.unlock()
                CATransaction.unlock()
            }
        }
        XCTAssertEqual(shared.count, 4000)
        for layer in shared.layers { XCTAssertEqual(layer.zPosition, 1000) }
    }
}
