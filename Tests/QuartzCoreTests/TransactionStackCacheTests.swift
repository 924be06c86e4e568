import Foundation
import XCTest
@testable import QuartzCoreModel

/// The property setters find the calling thread's transaction stack in a C thread-local cache
/// (`TransactionStack.withCurrent`); the thread-specific slot stays the owner. The cache must
/// follow what the slot holds: one stack a thread, another while one is lent to the thread
/// (`TransactionStack.lend`, a deep walk continued on a helper thread), and none once the
/// thread's stack is gone.
final class TransactionStackCacheTests: XCTestCase {
    /// What a worker thread saw, read after it finished.
    private final class Seen: @unchecked Sendable {
        var facts: [String: Bool] = [:]
        weak var stack: TransactionStack?
        var stackID: ObjectIdentifier?
    }

    /// Runs `body` on a new thread and waits until the thread has ended.
    private func onNewThread(_ body: @escaping @Sendable () -> Void) {
        let ended = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            ended.signal()
        }
        thread.start()
        XCTAssertEqual(ended.wait(timeout: .now() + 5), .success)
    }

    func testALentStackIsTheThreadsStackUntilTheLendEnds() {
        let seen = Seen()
        onNewThread {
            let own = TransactionStack.current
            let lent = TransactionStack()
            TransactionStack.lend(lent) {
                seen.facts["current is the lent stack"] = TransactionStack.current === lent
                seen.facts["the setters' path finds the lent stack"] = TransactionStack.withCurrent { $0 === lent }
            }
            seen.facts["current is its own again"] = TransactionStack.current === own
            seen.facts["the setters' path finds its own again"] = TransactionStack.withCurrent { $0 === own }
        }
        XCTAssertEqual(seen.facts, [
            "current is the lent stack": true, "the setters' path finds the lent stack": true,
            "current is its own again": true, "the setters' path finds its own again": true,
        ])
    }

    func testAStackLentToAThreadThatNeverUsedItsOwnLeavesItNone() {
        let seen = Seen()
        onNewThread {
            let lent = TransactionStack()
            TransactionStack.lend(lent) { _ = TransactionStack.withCurrent { $0 } }
            seen.facts["the setters' path makes a stack of its own"] = TransactionStack.withCurrent { $0 !== lent }
        }
        XCTAssertEqual(seen.facts, ["the setters' path makes a stack of its own": true])
    }

    func testEachThreadHasItsOwnStackReleasedWhenTheThreadEnds() {
        let seen = Seen()
        onNewThread {
            let first = TransactionStack.withCurrent { $0 }
            seen.stack = first
            seen.stackID = ObjectIdentifier(first)
            seen.facts["the same stack each time"] = TransactionStack.current === first
        }
        XCTAssertEqual(seen.facts, ["the same stack each time": true])
        XCTAssertNotEqual(seen.stackID, ObjectIdentifier(TransactionStack.current), "not the main thread's")
        // The thread's slot released its stack as the thread ended (the cache holds no reference).
        let deadline = Date(timeIntervalSinceNow: 2)
        while seen.stack != nil && Date() < deadline { usleep(1000) }
        XCTAssertNil(seen.stack)
    }
}
