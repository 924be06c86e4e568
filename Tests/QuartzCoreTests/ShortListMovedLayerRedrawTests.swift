import XCTest
import CompositorCore
import RendererTestSupport
@testable import QuartzCore
@testable import QuartzCoreModel
@testable import RenderServer

/// A sublayer of a short list (fewer than `SublayerRun.minimumCount`, so no run records where it
/// was drawn) that changed only in its `position` or `transform` also draws its last frame's
/// drawing moved, found through the subtree cache's record of it: S5's cards, four in each
/// rounded clipping parent. Every frame must equal the one that flattening them again gives.
final class ShortListMovedLayerRedrawTests: XCTestCase {
    private static let parentCount = 12
    private let root = CALayer()
    private var children: [CALayer] = []
    private var moving: CARenderer!
    private var flattening: CARenderer!
    private var whole: CARenderer!
    private var time: CFTimeInterval = 0
    private var random = SeededGenerator(seed: 0x5EED_31)
    private let image = CGImage(width: 4, height: 4, bytesPerRow: 16, data: Data((0..<64).map { UInt8(truncatingIfNeeded: $0 * 37) | 0x80 }))!

    override func setUpWithError() throws {
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        for k in 0..<Self.parentCount {
            let parent = CALayer()
            parent.frame = CGRect(x: CGFloat(k % 4) * 100, y: CGFloat(k / 4) * 100, width: 80, height: 80)
            parent.cornerRadius = 16
            parent.masksToBounds = true
            parent.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.6, alpha: 0.35)
            for c in 0..<4 {
                let child = CALayer()
                child.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
                child.position = CGPoint(x: c % 2 == 0 ? 16 : 64, y: c < 2 ? 16 : 64)
                child.backgroundColor = CGColor(red: 0.9, green: CGFloat(c) / 4, blue: 0.2, alpha: 1)
                child.cornerRadius = 6
                child.borderWidth = 2
                child.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8)
                // One card in each parent clips its image to its rounded bounds: a clip of its own
                // is not moved.
                if c == 3 {
                    child.contents = image
                    child.masksToBounds = true
                }
                parent.addSublayer(child)
                children.append(child)
            }
            root.addSublayer(parent)
        }
        CATransaction.flush()
        time = CACurrentMediaTime()
        moving = try CARenderer(cpuPixelWidth: 400, pixelHeight: 300)
        flattening = try CARenderer(cpuPixelWidth: 400, pixelHeight: 300)
        whole = try CARenderer(cpuPixelWidth: 400, pixelHeight: 300)
        flattening.frames.redrawsMovedLayers = false
        whole.reusesUnchangedSubtrees = false
        for renderer in [moving, flattening, whole] { renderer?.layer = root }
    }

    /// Draws the next frame with each renderer, asserts them equal, and returns how many
    /// sublayers the moving renderer drew moved.
    private func nextFramesEqual(file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        time += 1.0 / 60
        let moved = try moving.drawList(atTime: time), flattened = try flattening.drawList(atTime: time)
        ReuseComparison.assertSameFrame(moved, flattened, name: "flattening", file: file, line: line)
        ReuseComparison.assertSameFrame(moved, try whole.drawList(atTime: time), name: "whole", file: file, line: line)
        XCTAssertEqual(moved.continuity?.unchangedRanges, flattened.continuity?.unchangedRanges, "unchanged ranges",
                       file: file, line: line)
        XCTAssertEqual(flattening.frames.lastFrameSublayersRedrawnMoved, 0, file: file, line: line)
        return moving.frames.lastFrameSublayersRedrawnMoved
    }

    private func turn(_ layer: CALayer) {
        layer.transform = CATransform3DMakeRotation(CGFloat.random(in: -3...3, using: &random), 0, 0, 1)
    }

    func testCardsThatOnlyTurnInClippingParentsEqualTheirFlattening() throws {
        XCTAssertEqual(try nextFramesEqual(), 0, "nothing was drawn before the first frame")
        for step in 0..<5 {
            ReuseComparison.commitWithoutActions {
                for child in children { turn(child) }
                // Now and then a parent moves too: its clip and its cards' context change.
                if step == 2, let parent = root.sublayers?[5] { parent.position.x += 3 }
            }
            let moved = try nextFramesEqual()
            // The three cards of each parent without a clip of their own move (not those of a
            // parent that moved, whose context changed).
            XCTAssertEqual(moved, 3 * (Self.parentCount - (step == 2 ? 1 : 0)), "step \(step)")
        }
    }

    func testCardsChangedOtherwiseAreFlattened() throws {
        _ = try nextFramesEqual()
        for step in 0..<4 {
            ReuseComparison.commitWithoutActions {
                for (k, child) in children.enumerated() {
                    turn(child)
                    guard k % 4 != 3, k % 3 == step % 3 else { continue }
                    switch step {
                    case 0: child.backgroundColor = CGColor(red: 0.1, green: 0.8, blue: 0.5, alpha: 1)
                    case 1: child.bounds.size.width += 2
                    case 2: child.borderWidth = 3
                    default: child.opacity = 0.5
                    }
                }
            }
            let moved = try nextFramesEqual()
            // A third of the cards without a clip changed more than their placement.
            XCTAssertEqual(moved, 3 * Self.parentCount - Self.parentCount, "step \(step)")
        }
    }
}
