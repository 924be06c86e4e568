import XCTest
import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
@testable import RenderServer

/// A sublayer drawn moved while its animations turn it keeps the memo of its turn
/// (`PlanarRotationMemo`) in its subtree cache entry (`FlattenedSubtreeCache.Entry.placementMemo`)
/// from frame to frame, rather than in its presentation box: the frames must not change, also
/// when the model transform the turn starts from changes between frames (a memo looked up by
/// the transform's bits decomposes it again), on one thread and in parts.
final class TurnMemoInSubtreeCacheTests: XCTestCase {
    private let root = CALayer()
    private var turning: [CALayer] = []
    private var sliding: [CALayer] = []

    /// `count` sublayers of a root, every other one turning (`transform.rotation.z` from a
    /// scaled model transform), the others sliding (`position.x`), all running for ever.
    private func makeTree(count: Int) {
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        for k in 0..<count {
            let layer = CALayer()
            layer.frame = CGRect(x: CGFloat(k % 40) * 10, y: CGFloat(k / 40) * 12, width: 8, height: 6)
            layer.backgroundColor = CGColor(red: 0.3, green: CGFloat(k % 7) / 7, blue: 0.6, alpha: 1)
            let animation: CABasicAnimation
            if k % 2 == 0 {
                layer.transform = CATransform3DMakeScale(1.25, 0.8, 1)
                animation = CABasicAnimation(keyPath: "transform.rotation.z")
                animation.fromValue = 0
                animation.toValue = Double.pi * 2
                turning.append(layer)
            } else {
                animation = CABasicAnimation(keyPath: "position.x")
                animation.fromValue = layer.position.x
                animation.toValue = layer.position.x + 30
                sliding.append(layer)
            }
            animation.duration = 0.5 + Double(k % 5) / 10
            animation.repeatCount = .infinity
            layer.add(animation, forKey: "move")
            root.addSublayer(layer)
        }
        CATransaction.flush()
    }

    /// Steps `frames` frames of `renderers`, each equal to the ones that move or reuse nothing,
    /// the animated layers drawn moved and the turning ones keeping a memo; at frame
    /// `modelChange`, a third of the turning layers get another model transform: committed with
    /// their animations, they are flattened in that frame, then drawn moved again, turning from
    /// the new transform (which their memos have not seen).
    private func assertTurnsMoveWithTheirMemo(_ renderers: MovedRedrawComparison, frames: Int, modelChange: Int,
                                              file: StaticString = #filePath, line: UInt = #line) throws {
        let changed = turning.indices.filter { $0 % 3 == 0 }
        for frame in 0..<frames {
            if frame == modelChange {
                // Without an implicit animation of the whole transform (not a placement alone).
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                for k in changed { turning[k].transform = CATransform3DMakeScale(1.5, 0.7, 1) }
                CATransaction.commit()
                CATransaction.flush()
            }
            let moved = try renderers.assertNextFramesEqual(file: file, line: line)
            guard frame >= 1 else { continue }
            let expected = turning.count + sliding.count - (frame == modelChange ? changed.count : 0)
            XCTAssertEqual(moved, expected, "frame \(frame): drawn moved", file: file, line: line)
            let cache = renderers.moving.frames.subtreeCache
            let kept = turning.filter { cache.entry(of: $0.layerID)?.placementMemo != nil }.count
            XCTAssertEqual(kept, turning.count, "frame \(frame): turning layers keeping a memo", file: file, line: line)
        }
    }

    func testTurningLayersDrawnMovedKeepTheirMemoInTheirEntries() throws {
        makeTree(count: 200)
        let renderers = try MovedRedrawComparison(root: root, parts: 1)
        try assertTurnsMoveWithTheirMemo(renderers, frames: 8, modelChange: 4)
    }

    func testTurningLayersDrawnMovedInPartsKeepTheirMemoInTheirEntries() throws {
        makeTree(count: 1200)
        let renderers = try MovedRedrawComparison(root: root, parts: 2)
        try assertTurnsMoveWithTheirMemo(renderers, frames: 6, modelChange: 3)
    }
}
