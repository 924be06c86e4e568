import XCTest
import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
@testable import RenderServer

/// Frames that reuse unchanged subtrees must equal frames flattened whole, command for command,
/// and must only flatten again the layers on the path to what changed.
final class FlattenedSubtreeCacheTests: XCTestCase {
    private struct Scene {
        let root = CALayer()
        let clipParent = CALayer()
        let innerClip = CALayer()
        let faded = CALayer()
        var cards: [CALayer] = []

        init() {
            root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
            clipParent.frame = CGRect(x: 200, y: 20, width: 160, height: 120)
            clipParent.masksToBounds = true
            clipParent.cornerRadius = 12
            clipParent.backgroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.3, alpha: 1)
            innerClip.frame = CGRect(x: 20, y: 20, width: 100, height: 60)
            innerClip.masksToBounds = true
            let grandchild = CALayer()
            grandchild.frame = CGRect(x: -10, y: 10, width: 200, height: 20)
            grandchild.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            innerClip.addSublayer(grandchild)
            clipParent.addSublayer(innerClip)
            faded.frame = CGRect(x: 20, y: 180, width: 120, height: 100)
            faded.opacity = 0.5
            for k in 0..<2 {
                let child = CALayer()
                child.frame = CGRect(x: 10 + 30 * CGFloat(k), y: 10, width: 60, height: 60)
                child.backgroundColor = CGColor(red: 0, green: 0.6, blue: 1, alpha: 1)
                faded.addSublayer(child)
            }
            for k in 0..<6 {
                let card = CALayer()
                card.frame = CGRect(x: 10 + 30 * CGFloat(k), y: 20 + 20 * CGFloat(k % 2), width: 40, height: 40)
                card.cornerRadius = 6
                card.borderWidth = 2
                card.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8)
                card.backgroundColor = CGColor(red: 0.1 * CGFloat(k), green: 0.5, blue: 0.3, alpha: 1)
                cards.append(card)
                root.addSublayer(card)
            }
            root.addSublayer(clipParent)
            root.addSublayer(faded)
        }
    }

    private var scene: Scene!
    private var comparison: ReuseComparison!
    private var cached: CARenderer { comparison.cached }
    private var lastGeneration: UInt64 = 0

    override func setUpWithError() throws {
        scene = Scene()
        CATransaction.flush()
        comparison = try ReuseComparison(root: scene.root)
    }

    /// Changes the model without implicit animations, then compares one frame of each renderer.
    private func change(_ body: () -> Void, file: StaticString = #filePath, line: UInt = #line) throws {
        ReuseComparison.commitWithoutActions(body)
        let committed = cached.frames.renderTree.snapshot().generation
        XCTAssertNotEqual(committed, lastGeneration, "the change reached the render tree", file: file, line: line)
        lastGeneration = committed
        try assertFramesEqual(file: file, line: line)
    }

    private var previousReused: DrawList?
    private var hintedTracker = DamageTracker()
    private var comparingTracker = DamageTracker()

    private func assertFramesEqual(file: StaticString = #filePath, line: UInt = #line) throws {
        let reused = try comparison.nextFrame(file: file, line: line)
        try assertContinuityHolds(reused, file: file, line: line)
    }

    /// The ranges a frame claims to repeat from the previous one are the same commands with the
    /// same clip chains, and a tracker that skips them finds the same damage as one that compares.
    private func assertContinuityHolds(_ list: DrawList, file: StaticString, line: UInt) throws {
        defer { previousReused = list }
        let continuity = try XCTUnwrap(list.continuity, file: file, line: line)
        var stripped = list
        stripped.continuity = nil
        XCTAssertEqual(hintedTracker.damage(for: list), comparingTracker.damage(for: stripped),
                       "skipping the repeated ranges changed the damage", file: file, line: line)
        guard let previous = previousReused, previous.continuity?.frame == continuity.frame - 1 else { return }
        for range in continuity.unchangedRanges {
            for index in range {
                XCTAssertEqual(list.commands[index], previous.commands[index], "command \(index) is not repeated",
                               file: file, line: line)
                let clipIndex: Int32? = switch list.commands[index] {
                case .quad(let quad): quad.clipIndex
                case .beginGroup(let group): group.clipIndex
                case .beginMask, .endGroup: nil
                }
                XCTAssertTrue(list.clipChain(from: clipIndex).elementsEqual(previous.clipChain(from: clipIndex)),
                              "command \(index) is clipped differently", file: file, line: line)
            }
        }
    }

    /// Two frames with the same keys store every subtree; the third draws the root from the cache.
    private func settle() throws {
        for _ in 0..<2 { try assertFramesEqual() }
    }

    func testAStillTreeIsReusedWhole() throws {
        try settle()
        try assertFramesEqual()
        XCTAssertEqual(cached.lastFrameSubtrees.flattened, 0)
        XCTAssertEqual(cached.lastFrameSubtrees.reused, 1, "the root's whole subtree comes from the cache")
        try assertFramesEqual()
        let frame = try XCTUnwrap(previousReused)
        XCTAssertEqual(frame.continuity?.unchangedRanges, [0..<frame.commands.count], "a still frame repeats every command")
        XCTAssertEqual(hintedTracker.lastDamage, [])
    }

    func testAChangedLayerIsTheOnlyRangeNotRepeated() throws {
        try settle()
        try assertFramesEqual()
        try change { scene.cards[3].backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
        try assertFramesEqual()
        let frame = try XCTUnwrap(previousReused)
        let ranges = try XCTUnwrap(frame.continuity).unchangedRanges
        // Cards 0-2 and everything after card 3 repeat; card 3's own quad does not.
        XCTAssertEqual(ranges.count, 2)
        XCTAssertEqual(ranges.reduce(0) { $0 + $1.count }, frame.commands.count - 1)
        XCTAssertEqual(ranges.first?.lowerBound, 0)
        XCTAssertEqual(ranges.last?.upperBound, frame.commands.count)
    }

    func testChangingOneLayerFlattensOnlyItsPath() throws {
        try settle()
        try change { scene.cards[3].backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
        // The root and the card are flattened again; the root's 7 other sublayers are reused.
        XCTAssertEqual(cached.lastFrameSubtrees.flattened, 2)
        XCTAssertEqual(cached.lastFrameSubtrees.reused, scene.root.sublayers!.count - 1)
        try change { scene.innerClip.sublayers![0].position.x += 5 }
        // root, clipParent, innerClip and the grandchild; and card 3 once more, stored now
        // that its key held for a second frame.
        XCTAssertEqual(cached.lastFrameSubtrees.flattened, 5)
    }

    func testChangedClipsAndMovedClipIndicesMatchAWholeFlatten() throws {
        try settle()
        try change { scene.clipParent.bounds.size.width = 140 }
        try assertFramesEqual()
        // A new clipping layer in front moves the clip indices of every reused subtree after it.
        let clipper = CALayer()
        clipper.frame = CGRect(x: 5, y: 5, width: 30, height: 30)
        clipper.masksToBounds = true
        let inside = CALayer()
        inside.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        inside.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        clipper.addSublayer(inside)
        try change { scene.root.insertSublayer(clipper, at: 0) }
        // The root, the clipper and its sublayer are new; the clipping parent's subtree is
        // reused with its clips moved behind the clipper's.
        XCTAssertEqual(cached.lastFrameSubtrees.flattened, 3)
        try assertFramesEqual()
        try change { clipper.removeFromSuperlayer() }
        try assertFramesEqual()
    }

    func testOrderVisibilityAndMovesMatchAWholeFlatten() throws {
        try settle()
        try change { scene.cards[0].zPosition = 2 }
        try change { scene.cards[0].zPosition = 0 }
        try change { scene.cards[2].isHidden = true }
        try change { scene.cards[2].isHidden = false }
        try change { scene.clipParent.addSublayer(scene.cards[4]) }
        try change { scene.faded.opacity = 1 }
        try change { scene.root.sublayerTransform = CATransform3DMakeTranslation(3, 4, 0) }
        try assertFramesEqual()
    }

    func testAReplicatorsNewInstanceColourIsNotClaimedRepeated() throws {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 250, y: 180, width: 100, height: 100)
        replicator.instanceCount = 1
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
        child.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        replicator.addSublayer(child)
        try change { scene.root.addSublayer(replicator) }
        try settle()
        // From the second change on, the sublayer is reused where the frame before drew it, then
        // tinted by the new colour: not a repeat.
        try change { replicator.instanceColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1) }
        try change { replicator.instanceColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
        try change { replicator.instanceColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
    }

    func testAnimatedSubtreesAreFlattenedEveryFrame() throws {
        try settle()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0.2
        animation.toValue = 1.0
        animation.duration = 10
        scene.cards[1].add(animation, forKey: "fade")
        CATransaction.flush()
        for _ in 0..<3 {
            try assertFramesEqual()
            // root and the animated card.
            XCTAssertEqual(cached.lastFrameSubtrees.flattened, 2)
        }
    }

    /// The bytes the cache reports (each frame's statistics read them) follow what its entries
    /// store as they store, drop and age out: a first drawing is only remembered, the second
    /// with the same key is stored, a changed key drops it, and entries not drawn for
    /// `retainedFrames` frames leave with what they hold.
    func testUsageFollowsWhatTheEntriesStore() {
        let cache = FlattenedSubtreeCache()
        let quad = DrawCommand.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 4, height: 4)))
        var clips = ClipTable()
        _ = clips.push(Clip(transform: .identity, rect: CGRect(x: 0, y: 0, width: 8, height: 8)))
        let key = SubtreeKey(subtreeVersion: 1, context: 1)
        let commandBytes = MemoryLayout<DrawCommand>.stride + Quad.storedFieldBytes
        func drawBoth(firstKey: SubtreeKey, second: [DrawCommand]) {
            cache.beginFrame()
            // Layer 1: two commands and the clip; layer 2: the commands of `second` from index 2, no clip.
            cache.record(1, key: firstKey, isStatic: true, commands: [quad, quad], from: 0, clips: clips, from: 0)
            cache.record(2, key: key, isStatic: true, commands: second, from: 2, clips: clips, from: 1)
        }
        drawBoth(firstKey: key, second: [quad, quad, quad])
        XCTAssertEqual(cache.usage, CacheUsage(entries: 2, bytes: 0), "a first drawing is only remembered")
        drawBoth(firstKey: key, second: [quad, quad, quad])
        XCTAssertEqual(cache.usage, CacheUsage(entries: 2, bytes: 3 * commandBytes + MemoryLayout<Clip>.stride),
                       "both stored: three commands and one clip")
        drawBoth(firstKey: SubtreeKey(subtreeVersion: 2, context: 1), second: [quad, quad, quad, quad])
        XCTAssertEqual(cache.usage, CacheUsage(entries: 2, bytes: 2 * commandBytes),
                       "layer 1 changed (dropped), layer 2 stored again with two commands")
        for _ in 0..<(2 * FlattenedSubtreeCache.retainedFrames) { cache.beginFrame() }
        XCTAssertEqual(cache.usage, CacheUsage(), "aged out with what they held")
    }
}
