import XCTest
import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
@testable import RenderServer

/// A layer with many sublayers of which few change: the frame repeats the others from the last
/// frame's draw list (`SublayerRun`), and must equal a frame flattened whole, command for
/// command and clip for clip, whatever changes, with its repeated ranges really repeated.
final class SublayerRunTests: XCTestCase {
    /// 120 cards under one root; every fifth holds a clipping layer with a sublayer (clips of
    /// their own, whose indices move when an earlier card adds or drops a clip).
    private struct Scene {
        let root = CALayer()
        var cards: [CALayer] = []

        init() {
            root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
            for k in 0..<120 {
                let card = CALayer()
                card.frame = CGRect(x: CGFloat(k % 12) * 32, y: CGFloat(k / 12) * 28, width: 30, height: 26)
                card.backgroundColor = CGColor(red: CGFloat(k % 7) / 7, green: 0.5, blue: 0.3, alpha: 1)
                card.cornerRadius = 4
                if k % 5 == 0 {
                    card.masksToBounds = true
                    let inner = CALayer()
                    inner.frame = CGRect(x: 10, y: 10, width: 40, height: 10)
                    inner.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
                    card.addSublayer(inner)
                }
                cards.append(card)
                root.addSublayer(card)
            }
        }
    }

    private var scene: Scene!
    private var comparison: ReuseComparison!
    private var cached: CARenderer { comparison.cached }
    private var previous: DrawList?

    override func setUpWithError() throws {
        scene = Scene()
        CATransaction.flush()
        comparison = try ReuseComparison(root: scene.root)
    }

    /// Commits `body` without implicit animations, then compares one frame of each renderer.
    private func change(_ body: () -> Void, file: StaticString = #filePath, line: UInt = #line) throws {
        ReuseComparison.commitWithoutActions(body)
        try assertFramesEqual(file: file, line: line)
    }

    private func assertFramesEqual(file: StaticString = #filePath, line: UInt = #line) throws {
        let reused = try comparison.nextFrame(file: file, line: line)
        defer { previous = reused }
        // What the frame claims to repeat is the previous frame's, index for index.
        let continuity = try XCTUnwrap(reused.continuity, file: file, line: line)
        guard let previous, previous.continuity?.frame == continuity.frame - 1 else { return }
        for range in continuity.unchangedRanges {
            for index in range where reused.commands[index] != previous.commands[index] {
                XCTFail("command \(index) is claimed repeated but differs", file: file, line: line)
                return
            }
        }
    }

    private var reused: Int { cached.lastFrameSubtrees.reused }
    private var flattened: Int { cached.lastFrameSubtrees.flattened }
    /// The sublayers repeated from the last frame's list without being looked up.
    private var repeated: Int { cached.frames.subtreeCache.repeatedSubtrees }

    func testOneChangedCardIsTheOnlySublayerFlattened() throws {
        for _ in 0..<3 { try assertFramesEqual() }
        try change { scene.cards[37].backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
        // The root and card 37; the other 119 cards are repeated.
        XCTAssertEqual(flattened, 2)
        XCTAssertEqual(reused, 119)
        try change { scene.cards[37].position.x += 3 }
        XCTAssertEqual(flattened, 2)
        XCTAssertEqual(repeated, 119, "the run of the last frame is repeated around card 37")
        // Everything but card 37's quad is claimed repeated.
        let frame = try XCTUnwrap(previous)
        let claimed = try XCTUnwrap(frame.continuity).unchangedRanges.reduce(0) { $0 + $1.count }
        XCTAssertEqual(claimed, frame.commands.count - 1)
    }

    func testChangesThatMoveCommandsAndClipsMatchAWholeFlatten() throws {
        for _ in 0..<3 { try assertFramesEqual() }
        // Hidden: card 3's commands go, and everything after it moves down.
        try change { scene.cards[3].isHidden = true }
        try change { scene.cards[3].isHidden = false }
        // Repeated around card 3, everything after it one command further on.
        XCTAssertEqual(repeated, 119)
        // A border drawn apart and a clip of its own: one more command and one more clip early on.
        try change {
            scene.cards[1].borderWidth = 2
            scene.cards[1].borderColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            scene.cards[1].masksToBounds = true
        }
        // Repeated around cards 1 and 3 (looked at again), the later clips moved by one.
        XCTAssertEqual(repeated, 118)
        try change { scene.cards[1].masksToBounds = false }
        try change { scene.cards[2].masksToBounds = true }
        // A clipping card changes: its clip is made again, the later ones move.
        try change { scene.cards[10].bounds.size.width = 20 }
        // Several at once, first and last included.
        try change {
            scene.cards[0].opacity = 0.5
            scene.cards[60].cornerRadius = 9
            scene.cards[119].position.y += 4
        }
        // A change inside a card's subtree.
        try change { scene.cards[20].sublayers?[0].position.x += 2 }
        // The next frame looks at card 20 again (and stores it); the one after reuses the root whole.
        try assertFramesEqual()
        try assertFramesEqual()
        XCTAssertEqual(flattened, 0)
    }

    func testOrderAndMembershipChangesMatchAWholeFlatten() throws {
        for _ in 0..<3 { try assertFramesEqual() }
        try change { scene.cards[5].zPosition = 1 }
        try change { scene.cards[6].zPosition = -1 }
        try change { scene.cards[5].zPosition = 0; scene.cards[6].zPosition = 0 }
        try change { scene.cards[7].removeFromSuperlayer() }
        try change { scene.root.insertSublayer(scene.cards[7], at: 90) }
        let extra = CALayer()
        extra.frame = CGRect(x: 100, y: 100, width: 50, height: 50)
        extra.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        try change { scene.root.addSublayer(extra) }
        try change { scene.root.sublayerTransform = CATransform3DMakeTranslation(2, 3, 0) }
        try change { scene.root.sublayerTransform = CATransform3DIdentity }
        try assertFramesEqual()
        try change { scene.cards[50].backgroundColor = nil }
        XCTAssertEqual(flattened, 2, "the root and card 50, the rest repeated again")
    }

    func testAnAnimatedCardIsFlattenedEveryFrameAndTheRestRepeated() throws {
        for _ in 0..<3 { try assertFramesEqual() }
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0.2
        animation.toValue = 1.0
        animation.duration = 10
        scene.cards[12].add(animation, forKey: "fade")
        CATransaction.flush()
        for _ in 0..<4 { try assertFramesEqual() }
        // The root and the animated card; the others repeated.
        XCTAssertEqual(flattened, 2)
        XCTAssertEqual(reused, 119)
        scene.cards[12].removeAnimation(forKey: "fade")
        CATransaction.flush()
        for _ in 0..<3 { try assertFramesEqual() }
    }

    func testManyChangesFallBackToLookingEachSublayerUp() throws {
        for _ in 0..<3 { try assertFramesEqual() }
        try change {
            for card in scene.cards.prefix(60) { card.position.x += 1 }
        }
        // The root, the 60 cards and the 12 clipping cards' sublayers among them.
        XCTAssertEqual(flattened, 73)
        try assertFramesEqual()
        try change { scene.cards[91].position.x += 1 }
        XCTAssertEqual(flattened, 2)
        XCTAssertEqual(repeated, 0, "the 60 cards flattened last frame are looked at again: too many to repeat the run")
        try change { scene.cards[92].position.x += 1 }
        XCTAssertEqual(flattened, 3, "the root, card 92, and card 91 stored now")
        XCTAssertEqual(repeated, 118)
    }
}
