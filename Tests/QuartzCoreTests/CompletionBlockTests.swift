import XCTest
import QuartzCore

/// `CATransaction` completion blocks as Apple's QuartzCore measurably runs them (GNUstep
/// libs-quartzcore `Tests/quartzcore/CATransaction/completion.m`, measured against Apple's
/// framework) and as CATransaction.h describes them ("guaranteed to be called (on the main
/// thread) as soon as all animations subsequently added by this transaction group have
/// completed (or have been removed)").
final class CompletionBlockTests: XCTestCase {
    /// A layer that a committed transaction has made live, so property changes animate.
    private func liveLayer() -> CALayer {
        let layer = CALayer()
        joinTransaction(layer)
        CATransaction.flush()
        return layer
    }

    func testWhatTheBlockReadsAs() {
        var ran = 0
        CATransaction.begin()
        XCTAssertNil(CATransaction.completionBlock(), "a transaction starts with nothing to be told")
        CATransaction.setCompletionBlock { ran += 1 }
        XCTAssertNotNil(CATransaction.completionBlock())
        CATransaction.commit()
        spinMainRunLoop(timeout: 0.1)
        XCTAssertNil(CATransaction.completionBlock(), "gone once its transaction has been committed")
        XCTAssertEqual(ran, 1)
    }

    func testItRunsAfterTheCommitAndOnce() {
        var ran = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran += 1 }
        CATransaction.commit()
        XCTAssertEqual(ran, 0, "committing does not run it there and then")
        XCTAssertTrue(spinMainRunLoop(timeout: 1) { ran == 1 })
        spinMainRunLoop(timeout: 0.1)
        XCTAssertEqual(ran, 1, "it runs the once")
    }

    func testATransactionLeftOpenDoesNotRunIt() {
        var ran = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran += 1 }
        spinMainRunLoop(timeout: 0.1)
        XCTAssertEqual(ran, 0)
        CATransaction.commit()
        XCTAssertTrue(spinMainRunLoop(timeout: 1) { ran == 1 })
    }

    func testASecondBlockAddsToTheFirst() {
        var first = 0, second = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { first += 1 }
        CATransaction.setCompletionBlock { second += 1 }
        CATransaction.commit()
        XCTAssertTrue(spinMainRunLoop(timeout: 1) { first == 1 && second == 1 })
    }

    /// CATransaction.h: with no animations added before "the completion block is set to a
    /// different value, the block will be invoked immediately": on the next turn of the main
    /// run loop, while the transaction is still open.
    func testABlockReplacedBeforeAnyAnimationRunsAtOnce() {
        var first = 0, second = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { first += 1 }
        CATransaction.setCompletionBlock { second += 1 }
        XCTAssertEqual(first, 0, "not synchronously")
        XCTAssertTrue(spinMainRunLoop(timeout: 1) { first == 1 }, "the replaced block runs with the transaction open")
        XCTAssertEqual(second, 0, "the block now set waits for the commit")
        CATransaction.commit()
        XCTAssertTrue(spinMainRunLoop(timeout: 1) { second == 1 })
        XCTAssertEqual(first, 1)
    }

    func testClearingLeavesNothingToReadButTheBlockStillRuns() {
        var ran = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran += 1 }
        CATransaction.setCompletionBlock(nil)
        XCTAssertNil(CATransaction.completionBlock())
        CATransaction.commit()
        XCTAssertTrue(spinMainRunLoop(timeout: 1) { ran == 1 })
    }

    func testANestedTransactionReadsTheOuterBlockAndDoesNotRunIt() {
        var ran = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran += 1 }
        CATransaction.begin()
        XCTAssertNotNil(CATransaction.completionBlock(), "a nested transaction reads the one it is nested in")
        CATransaction.commit()
        spinMainRunLoop(timeout: 0.1)
        XCTAssertEqual(ran, 0, "committing the nested one does not run it")
        CATransaction.commit()
        XCTAssertTrue(spinMainRunLoop(timeout: 1) { ran == 1 })
    }

    /// A replaced block waits only for the animations added before it was replaced; the new
    /// block only for those added after.
    func testEachBlockWaitsForTheAnimationsAddedWhileItWasSet() {
        let layer = liveLayer()
        var firstDone: CFTimeInterval?, secondDone: CFTimeInterval?
        let start = CACurrentMediaTime()
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.4)
        CATransaction.setCompletionBlock { firstDone = CACurrentMediaTime() - start }
        layer.opacity = 0.5
        CATransaction.setCompletionBlock { secondDone = CACurrentMediaTime() - start }
        CATransaction.setAnimationDuration(0.05)
        layer.position = CGPoint(x: 30, y: 0)
        CATransaction.commit()
        XCTAssertTrue(spinMainRunLoop(timeout: 2) { firstDone != nil && secondDone != nil })
        XCTAssertGreaterThanOrEqual(firstDone ?? 0, 0.4, "the first waits for the opacity animation")
        XCTAssertLessThan(secondDone ?? 1, 0.3, "the second waits only for the short position animation")
    }

    /// A block set after the animations were added does not wait for them.
    func testABlockDoesNotWaitForAnimationsAddedBeforeIt() {
        let layer = liveLayer()
        var done: CFTimeInterval?
        let start = CACurrentMediaTime()
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.5)
        layer.opacity = 0.25
        CATransaction.setCompletionBlock { done = CACurrentMediaTime() - start }
        CATransaction.commit()
        XCTAssertTrue(spinMainRunLoop(timeout: 2) { done != nil })
        XCTAssertLessThan(done ?? 1, 0.4)
    }
}
