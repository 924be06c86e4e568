import XCTest
import CompositorCore
@testable import QuartzCore
@_spi(RenderTables) @testable import QuartzCoreModel
@testable import RenderServer

/// A replicator's instances are recoloured once drawn (`ColorMultiplier`): a sublayer's drawing
/// of the last frame holds the colour already, so it is not drawn moved there
/// (`FrameFlattener.redrawMoved`; before, a replicator of one coloured instance multiplied its
/// moving sublayers' colours again every frame). Its quads are then not written into its moved
/// spares either (`MovedLayerSpares`).
final class ReplicatedMovedLayerTests: XCTestCase {
    func testMovingSublayersOfAReplicatorWithOneColouredInstanceEqualTheirFlattening() throws {
        // One instance (the default), coloured.
        let replicator = CAReplicatorLayer()
        replicator.instanceColor = CGColor(red: 0.5, green: 0.8, blue: 0.9, alpha: 0.9)
        let root = CALayer()
        for layer in [root, replicator] { layer.frame = CGRect(x: 0, y: 0, width: 400, height: 300) }
        root.addSublayer(replicator)
        let cards = (0..<40).map { k -> CALayer in
            let card = CALayer()
            card.frame = CGRect(x: CGFloat(k % 8) * 40, y: CGFloat(k / 8) * 40, width: 30, height: 20)
            card.backgroundColor = CGColor(red: 0.9, green: CGFloat(k % 4) / 4, blue: 0.3, alpha: 1)
            replicator.addSublayer(card)
            return card
        }
        CATransaction.flush()
        let renderers = try MovedRedrawComparison(root: root)
        for step in 0..<8 {
            ReuseComparison.commitWithoutActions {
                for card in cards { card.position.x += step % 2 == 0 ? 1 : -1 }
            }
            try renderers.assertNextFramesEqual()
        }
    }
}
