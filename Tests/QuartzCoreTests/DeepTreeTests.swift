@testable import QuartzCore
@_spi(RenderTables) @testable import QuartzCoreModel
import XCTest

/// Every walk of a layer tree that the public API reaches works on a chain of 10,000 nested
/// layers, run on a thread with a 512 KiB stack (Darwin's secondary-thread size, smaller than
/// the 8 MiB that every thread gets on Linux). Each link sits 0.004 points right and 0.003 points
/// down of its superlayer, so the deepest layer, a 10 x 10 square, lies at (40, 30) in the root.
final class DeepTreeTests: XCTestCase {
    static let depth = 10_000

    func testCommitWritesEveryLevelAndStampsSubtreeVersionsToTheRoot() throws {
        try onSmallStack {
            let renderTree = RenderTreeStore()
            let chain = DeepChain(depth: Self.depth)
            CATransaction.flush()
            let (layers, _) = renderTree.snapshot()
            XCTAssertNotNil(layers[chain.deepest.layerID], "the deepest layer reached the render tree")
            XCTAssertEqual(layers[chain.links[Self.depth / 2].layerID]?.sublayerIDs,
                           [chain.links[Self.depth / 2 + 1].layerID])
            chain.deepest.opacity = 0.5
            CATransaction.flush()
            let (after, _) = renderTree.snapshot()
            let version = try XCTUnwrap(after[chain.deepest.layerID]?.version)
            XCTAssertEqual(after[chain.root.layerID]?.subtreeVersion, version,
                           "a change 10,000 levels down makes the root's subtree new")
            XCTAssertEqual(after[chain.links[1].layerID]?.subtreeVersion, version)
        }
    }

    func testLayoutAndDisplayReachTheDeepestLayer() throws {
        try onSmallStack {
            let chain = DeepChain(depth: Self.depth, deepest: DeepCountingLayer())
            CATransaction.flush()
            let deepest = try XCTUnwrap(chain.deepest as? DeepCountingLayer)
            let layouts = deepest.layouts
            deepest.setNeedsLayout()
            deepest.setNeedsDisplay()
            CATransaction.flush()
            XCTAssertEqual(deepest.layouts, layouts + 1, "the commit's layout walk reached the deepest layer")
            XCTAssertEqual(deepest.displays, 1, "the commit displayed the deepest layer")
            deepest.setNeedsLayout()
            chain.root.layoutIfNeeded()
            XCTAssertEqual(deepest.layouts, layouts + 2, "layoutIfNeeded() on the root reached it")
            XCTAssertFalse(chain.root.needsLayout())
        }
    }

    func testHitTestFindsTheDeepestLayer() throws {
        try onSmallStack {
            let chain = DeepChain(depth: Self.depth)
            XCTAssertTrue(chain.root.hitTest(CGPoint(x: 45, y: 35)) === chain.deepest)
            XCTAssertTrue(chain.root.hitTest(CGPoint(x: 60, y: 5)) === chain.root, "right of every link")
            // Link k covers (0.004k, 0.003k) to 10 points more: (5.002, 3.7515) is in links 0 to 1,250.
            XCTAssertTrue(chain.root.hitTest(CGPoint(x: 5.002, y: 3.7515)) === chain.links[1250])
        }
    }

    func testConvertThroughEveryLevel() throws {
        try onSmallStack {
            let chain = DeepChain(depth: Self.depth)
            assertPoint(chain.root.convert(CGPoint(x: 5, y: 5), from: chain.deepest), CGPoint(x: 45, y: 35), accuracy: 1e-6)
            assertPoint(chain.deepest.convert(CGPoint(x: 45, y: 35), from: chain.root), CGPoint(x: 5, y: 5), accuracy: 1e-6)
            assertPoint(chain.deepest.convert(CGPoint(x: 0, y: 0), from: nil), CGPoint(x: -40, y: -30), accuracy: 1e-6)
        }
    }

    func testPresentationCopiesTheWholeChain() throws {
        try onSmallStack {
            let chain = DeepChain(depth: Self.depth)
            CATransaction.flush()
            var presented = try XCTUnwrap(chain.root.presentation())
            var levels = 0
            while let next = presented.sublayers?.first {
                XCTAssertTrue(next.superlayer === presented)
                presented = next
                levels += 1
            }
            XCTAssertEqual(levels, Self.depth)
            XCTAssertTrue(presented.model() === chain.deepest)
            assertPoint(presented.position, CGPoint(x: 5.004, y: 5.003), accuracy: 1e-9)
        }
    }

    func testRemovingAndReleasingADeepChain() throws {
        try onSmallStack {
            var chain: DeepChain? = DeepChain(depth: Self.depth)
            CATransaction.flush()
            weak let deepest = chain?.deepest
            weak let middle = chain?.links[Self.depth / 2]
            let top = try XCTUnwrap(chain?.links[1])
            top.removeFromSuperlayer()
            XCTAssertNil(top.superlayer)
            XCTAssertNil(chain?.root.sublayers)
            CATransaction.flush()
            chain = nil
            XCTAssertNotNil(deepest, "the removed chain is still held by its top")
            XCTAssertNotNil(middle, "and so is its middle")
            withExtendedLifetime(top) {}
        }
        try onSmallStack {
            // Released with the tree it is in, and released after being removed from it.
            weak var deepest: CALayer?
            weak var removedDeepest: CALayer?
            do {
                let chain = DeepChain(depth: Self.depth)
                let removed = DeepChain(depth: Self.depth)
                CATransaction.flush()
                deepest = chain.deepest
                removedDeepest = removed.deepest
                removed.links[1].removeFromSuperlayer()
                CATransaction.flush()
            }
            XCTAssertNil(deepest, "the chain in a tree was deallocated to the bottom")
            XCTAssertNil(removedDeepest, "the removed chain was deallocated to the bottom")
        }
    }

    /// Runs `body` on a thread with a 512 KiB stack and waits for it.
    private func onSmallStack(_ body: @escaping @Sendable () throws -> Void) throws {
        final class Outcome: @unchecked Sendable { var error: Error? }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do { try body() } catch { outcome.error = error }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        if let error = outcome.error { throw error }
    }
}

/// A root and a chain of nested layers under it, each 0.004 points right and 0.003 down of its
/// superlayer; `links[0]` is the root, `links[depth]` the deepest layer.
private struct DeepChain {
    let links: [CALayer]
    var root: CALayer { links[0] }
    var deepest: CALayer { links[links.count - 1] }

    init(depth: Int, deepest: CALayer = CALayer()) {
        var links = [deepest]
        for _ in 1..<depth { links.append(CALayer()) }
        for layer in links { layer.frame = CGRect(x: 0.004, y: 0.003, width: 10, height: 10) }
        // From the bottom up: adding a layer to one with no superlayer costs the same at any depth.
        for (child, parent) in zip(links, links.dropFirst()) { parent.addSublayer(child) }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.addSublayer(links[links.count - 1])
        links.append(root)
        self.links = links.reversed()
    }
}

/// Counts the layouts and displays the commit gives it.
private final class DeepCountingLayer: CALayer, @unchecked Sendable {
    nonisolated(unsafe) var layouts = 0
    nonisolated(unsafe) var displays = 0

    override func layoutSublayers() {
        layouts += 1
        super.layoutSublayers()
    }

    override func display() {
        displays += 1
        super.display()
    }
}
