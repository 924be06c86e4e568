import XCTest
import CompositorCore
import RendererTestSupport
@testable import QuartzCore
@_spi(RenderTables) @testable import QuartzCoreModel
@testable import RenderServer

/// A sublayer of a long run that changed since the last frame only in its `position` or
/// `transform` draws its last frame's drawing with its new map (`FrameFlattener.redrawMoved`):
/// every frame must equal the one that flattening it again gives, whatever else changes
/// around it, and the ones it cannot move (a changed colour, bounds or image, a group, a clip
/// of its own, a single-sided layer turned away, a hidden one) must be flattened.
final class MovedLayerRedrawTests: XCTestCase {
    private static let count = 640
    private let root = CALayer()
    private var sublayers: [CALayer] = []
    /// Moves what it can; its `flattening` flattens every changed sublayer; `whole` reuses nothing.
    private var renderers: MovedRedrawComparison!
    private var random = SeededGenerator(seed: 0x5EED_15)
    private let images = (0..<2).map { shade in
        CGImage(width: 4, height: 4, bytesPerRow: 16,
                data: Data((0..<64).map { UInt8(truncatingIfNeeded: $0 * 37 + shade * 90) | 0x80 }))!
    }

    override func setUpWithError() throws {
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        for k in 0..<Self.count {
            let layer = CALayer()
            layer.frame = CGRect(x: CGFloat(k % 32) * 12.5, y: CGFloat(k / 32) * 15, width: 11, height: 9)
            switch k % 8 {
            case 0, 1:  // sprites
                layer.contents = images[0]
                layer.opacity = 0.85
            case 2:  // cards: background and border merged
                layer.backgroundColor = CGColor(red: 0.2, green: CGFloat(k % 5) / 5, blue: 0.7, alpha: 1)
                layer.cornerRadius = 2
                layer.borderWidth = 1
                layer.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8)
            case 3:  // contents over a background: two quads, translucent ones in a group
                layer.contents = images[1]
                layer.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
                layer.opacity = k % 16 == 3 ? 0.5 : 1
            case 4:  // single-sided, turned away now and then
                layer.backgroundColor = CGColor(red: 0.1, green: 0.8, blue: 0.3, alpha: 1)
                layer.isDoubleSided = false
            case 5:  // a clip of its own
                layer.contents = images[0]
                layer.masksToBounds = true
                layer.cornerRadius = 3
            case 6:  // a shadow
                layer.backgroundColor = CGColor(red: 0.5, green: 0.5, blue: 0.9, alpha: 1)
                layer.shadowOpacity = 0.6
                layer.shadowRadius = 2
            default:  // background only, sometimes hidden
                layer.backgroundColor = CGColor(red: 0.7, green: 0.7, blue: 0.2, alpha: 1)
                layer.isHidden = k % 24 == 7
            }
            sublayers.append(layer)
            root.addSublayer(layer)
        }
        CATransaction.flush()
        renderers = try MovedRedrawComparison(root: root)
    }

    @discardableResult
    private func assertNextFramesEqual(file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        try renderers.assertNextFramesEqual(file: file, line: line)
    }

    /// A random rotation about z (now and then mirrored, which turns a single-sided layer away:
    /// a turn about y would take the sublayers out of their plane, and a depth-sorted list is
    /// not a run), with a translation.
    private func randomTransform() -> CATransform3D {
        let turn = CATransform3DMakeRotation(CGFloat.random(in: -3...3, using: &random), 0, 0, 1)
        let mirrored = Int.random(in: 0..<4, using: &random) == 0 ? CATransform3DScale(turn, -1, 1, 1) : turn
        return CATransform3DTranslate(mirrored, CGFloat.random(in: -4...4, using: &random),
                                      CGFloat.random(in: -4...4, using: &random), 0)
    }

    func testSublayersThatOnlyMoveEqualTheirFlattening() throws {
        try assertNextFramesEqual()
        for _ in 0..<6 {
            ReuseComparison.commitWithoutActions {
                for layer in sublayers {
                    if Bool.random(using: &random) { layer.transform = randomTransform() }
                    layer.position.x += CGFloat.random(in: -1...1, using: &random)
                }
            }
            // Only the placements changed since the last frame: every leaf without a group or
            // a clip of its own that is shown and not turned away moves.
            let moved = try assertNextFramesEqual()
            XCTAssertGreaterThan(moved, Self.count / 2, "most sublayers moved")
            XCTAssertLessThan(moved, Self.count * 7 / 8, "the clipped, grouped and hidden ones are flattened")
        }
    }

    func testSublayersFlattenedOnOneThreadMoveToo() throws {
        renderers.flattenInParts(1)
        try assertNextFramesEqual()
        for _ in 0..<3 {
            ReuseComparison.commitWithoutActions {
                for layer in sublayers { layer.transform = randomTransform() }
            }
            XCTAssertGreaterThan(try assertNextFramesEqual(), Self.count / 2, "most sublayers moved")
        }
    }

    func testAFewMovingSublayersAmongRepeatedOnesMove() throws {
        for _ in 0..<3 { try assertNextFramesEqual() }
        // A tenth moves each frame: the run repeats the others and looks at those only.
        for step in 0..<4 {
            ReuseComparison.commitWithoutActions {
                for (k, layer) in sublayers.enumerated() where k % 10 == step {
                    layer.transform = randomTransform()
                }
            }
            // The first change after still frames is flattened: those frames drew the whole
            // tree from the cache, so no run knows where its sublayers were last drawn. Then
            // those that moved in the frame before are looked at again (to be stored), and draw
            // their drawing of that frame again.
            let moved = try assertNextFramesEqual()
            if step == 0 {
                XCTAssertEqual(moved, 0, "no run recorded in the last frame")
            } else {
                XCTAssertGreaterThan(moved, Self.count / 20, "most of the tenth moved")
            }
        }
    }

    func testSublayersChangedOtherwiseAreFlattened() throws {
        for _ in 0..<2 {
            ReuseComparison.commitWithoutActions { for layer in sublayers { layer.position.y += 1 } }
            try assertNextFramesEqual()
        }
        // Each frame, besides moving every sublayer, changes something else of some of them:
        // their drawings of the last frame no longer hold.
        for step in 0..<5 {
            ReuseComparison.commitWithoutActions {
                for (k, layer) in sublayers.enumerated() {
                    layer.transform = randomTransform()
                    guard k % 5 == step else { continue }
                    switch k % 4 {
                    case 0: layer.contents = layer.contents == nil ? nil : images[step % 2]
                    case 1: layer.bounds.size.width += 1
                    case 2: layer.backgroundColor = CGColor(red: CGFloat(step) / 5, green: 0.4, blue: 0.4, alpha: 1)
                    default: layer.opacity = layer.opacity == 1 ? 0.9 : 1
                    }
                }
            }
            XCTAssertGreaterThan(try assertNextFramesEqual(), 0)
        }
    }

    /// A sublayer moved frame after frame writes its quads into its own quads' storages of two
    /// frames ago by their transforms alone (`MovedLayerSpares`), their fields not compared; one changed in
    /// between (flattened, not moved) is not, in the frame it is flattened nor in the next ones:
    /// every frame still equals the one flattening gives.
    func testSublayersMovedFrameAfterFrameAreWrittenByTransformUntilChanged() throws {
        for parts in [2, 1] {
            renderers.flattenInParts(parts)
            let counts = renderers.moving.frames.subtreeCache.movedQuadCounts
            for step in 0..<8 {
                let before = counts.writtenByTransform
                ReuseComparison.commitWithoutActions {
                    for (k, layer) in sublayers.enumerated() {
                        layer.position.x += step % 2 == 0 ? 1 : -1
                        // A third of the cards change colour (or bounds, or image) in one frame.
                        guard step == 4, k % 3 == 0 else { continue }
                        switch k % 8 {
                        case 0, 1, 3: layer.contents = layer.contents == nil ? nil : images[1 - k % 2]
                        case 2, 6: layer.backgroundColor = CGColor(red: 1, green: 0.2, blue: 0.2, alpha: 1)
                        default: layer.bounds.size.width += 1
                        }
                    }
                }
                try assertNextFramesEqual()
                if [3, 5, 7].contains(step) {
                    // Two frames moved: the spares of two frames ago are their own quads. (Two
                    // frames after the change, the spares of the frame that flattened a third of
                    // the cards are one list short of theirs: most are other cards', compared.)
                    XCTAssertGreaterThan(counts.writtenByTransform - before, Self.count / 3, "step \(step)")
                }
            }
        }
    }

    func testOnlyAChangeOfPlacementKeepsTheLayersDrawingValid() throws {
        let layer = sublayers[10]
        let store = renderers.moving.frames.renderTree
        ReuseComparison.commitWithoutActions { layer.transform = CATransform3DMakeRotation(0.3, 0, 0, 1) }
        let before = try XCTUnwrap(store.snapshot().layers[layer.layerID])
        ReuseComparison.commitWithoutActions {
            layer.transform = CATransform3DMakeRotation(0.6, 0, 0, 1)
            layer.position.x += 2
        }
        let moved = try XCTUnwrap(store.snapshot().layers[layer.layerID])
        XCTAssertGreaterThan(moved.version, before.version)
        XCTAssertEqual(moved.lastChangeBesidesPlacement, before.lastChangeBesidesPlacement)
        ReuseComparison.commitWithoutActions { layer.opacity = 0.5 }
        let faded = try XCTUnwrap(store.snapshot().layers[layer.layerID])
        XCTAssertEqual(faded.lastChangeBesidesPlacement, faded.version)
    }
}
