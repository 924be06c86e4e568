import XCTest
import CompositorCore
import RendererTestSupport
@testable import QuartzCore
@_spi(RenderTables) @testable import QuartzCoreModel
@testable import RenderServer

/// A sublayer whose running animations only move it (scalar animations of its `position` or
/// `transform`: S1-anim's turns and slides) draws its last frame's drawing with the map its
/// animations give now (`FrameFlattener.animatedToSuperlayer`, `redrawMoved`): every frame
/// must equal the one that flattening it again gives, over many frames of random animations,
/// those that change more than the placement (opacity, bounds, a point-valued position) and
/// those not running yet or any more among them, and whatever the model does meanwhile.
final class AnimatedMovedLayerRedrawTests: XCTestCase {
    private static let count = 640
    private let root = CALayer()
    private var sublayers: [CALayer] = []
    /// Moves what it can; its `flattening` flattens every sublayer; `whole` reuses nothing.
    private var renderers: MovedRedrawComparison!
    private var random = SeededGenerator(seed: 0xA11_3A7E)

    override func setUpWithError() throws {
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let image = CGImage(width: 4, height: 4, bytesPerRow: 16,
                            data: Data((0..<64).map { UInt8(truncatingIfNeeded: $0 * 37) | 0x80 }))!
        for k in 0..<Self.count {
            let layer = CALayer()
            layer.frame = CGRect(x: CGFloat(k % 32) * 12.5, y: CGFloat(k / 32) * 15, width: 11, height: 9)
            switch k % 6 {
            case 0:  // sprites
                layer.contents = image
                layer.opacity = 0.85
            case 1:  // cards: background and border merged
                layer.backgroundColor = CGColor(red: 0.2, green: CGFloat(k % 5) / 5, blue: 0.7, alpha: 1)
                layer.cornerRadius = 2
                layer.borderWidth = 1
                layer.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8)
            case 2:  // single-sided: a mirroring scale turns it away
                layer.backgroundColor = CGColor(red: 0.1, green: 0.8, blue: 0.3, alpha: 1)
                layer.isDoubleSided = false
            case 3:  // a clip of its own: never moved
                layer.contents = image
                layer.masksToBounds = true
                layer.cornerRadius = 3
            case 4:  // a layer whose time runs at its own rate
                layer.backgroundColor = CGColor(red: 0.7, green: 0.7, blue: 0.2, alpha: 1)
                layer.speed = 1.5
                layer.timeOffset = 0.25
            default:  // a shadow
                layer.backgroundColor = CGColor(red: 0.5, green: 0.5, blue: 0.9, alpha: 1)
                layer.shadowOpacity = 0.6
                layer.shadowRadius = 2
            }
            sublayers.append(layer)
            root.addSublayer(layer)
        }
        CATransaction.flush()
        for layer in sublayers { addRandomAnimations(to: layer) }
        CATransaction.flush()
        renderers = try MovedRedrawComparison(root: root)
    }

    /// A basic animation of `keyPath` between two numbers, with random timing.
    private func scalarAnimation(_ keyPath: String, from: Double, to: Double) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = Double.random(in: 0.1...0.6, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:  // S1-anim's
            animation.repeatCount = .infinity
        case 1:  // starts later
            animation.beginTime = CACurrentMediaTime() + Double.random(in: 0.05...0.3, using: &random)
            animation.repeatCount = .infinity
        case 2:  // ends, held
            animation.fillMode = .forwards
            animation.isRemovedOnCompletion = false
        case 3:  // back and forth, eased
            animation.autoreverses = true
            animation.repeatCount = 3
            animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        case 4:  // added to the model value, piling up
            animation.isAdditive = true
            animation.isCumulative = true
            animation.repeatCount = .infinity
        default:  // a byValue from the model value
            animation.fromValue = nil
            animation.toValue = nil
            animation.byValue = to - from
            animation.repeatCount = .infinity
        }
        return animation
    }

    /// One to three animations: mostly of the placement (a turn, a slide, a scale that may
    /// mirror), now and then of something else (opacity, width, the whole position).
    private func addRandomAnimations(to layer: CALayer) {
        for index in 0..<Int.random(in: 1...3, using: &random) {
            let animation: CAAnimation
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1: animation = scalarAnimation("transform.rotation.z", from: 0, to: .pi * 2)
            case 2: animation = scalarAnimation("transform.rotation", from: -1, to: 2)
            case 3: animation = scalarAnimation("position.x", from: Double(layer.position.x), to: Double(layer.position.x) + 30)
            case 4: animation = scalarAnimation("position.y", from: Double(layer.position.y) - 5, to: Double(layer.position.y) + 5)
            case 5: animation = scalarAnimation("transform.scale.x", from: 1, to: -1)
            case 6: animation = scalarAnimation("opacity", from: 1, to: 0.3)
            case 7: animation = scalarAnimation("bounds.size.width", from: 11, to: 4)
            default:
                let moving = CABasicAnimation(keyPath: "position")
                moving.toValue = CGPoint(x: layer.position.x + 8, y: layer.position.y - 8)
                moving.duration = 0.4
                moving.repeatCount = .infinity
                animation = moving
            }
            layer.add(animation, forKey: "a\(index)")
        }
    }

    func testAnimatedSublayersThatOnlyMoveEqualTheirFlattening() throws {
        XCTAssertEqual(try renderers.assertNextFramesEqual(), 0, "no last drawing yet")
        var movedInAll = 0
        for _ in 0..<45 { movedInAll += try renderers.assertNextFramesEqual() }
        // About half the layers have only placement animations; a clipped one never moves.
        XCTAssertGreaterThan(movedInAll, 45 * Self.count / 5, "most layers animated in place only moved")
    }

    func testAnimatedSublayersFlattenedOnOneThreadMoveToo() throws {
        renderers.flattenInParts(1)
        try renderers.assertNextFramesEqual()
        var movedInAll = 0
        for _ in 0..<20 { movedInAll += try renderers.assertNextFramesEqual() }
        XCTAssertGreaterThan(movedInAll, 20 * Self.count / 5)
    }

    func testAnimatedSublayersWhoseModelChangesAreFlattened() throws {
        for _ in 0..<3 { try renderers.assertNextFramesEqual() }
        for step in 0..<12 {
            // Some layers change their model: their placement (the animations read it), their
            // colour or bounds (their last drawings no longer hold), or their animations.
            ReuseComparison.commitWithoutActions {
                for (k, layer) in sublayers.enumerated() where k % 7 == step % 7 {
                    switch (k / 7 + step) % 4 {
                    case 0: layer.position.x += 1.5
                    case 1: layer.backgroundColor = CGColor(red: CGFloat(step) / 12, green: 0.4, blue: 0.4, alpha: 1)
                    case 2: layer.bounds.size.width += 1
                    default:
                        layer.removeAllAnimations()
                        addRandomAnimations(to: layer)
                    }
                }
            }
            XCTAssertGreaterThan(try renderers.assertNextFramesEqual(), 0)
        }
    }

    func testAnimatedChildrenOfShortListsMoveToo() throws {
        // Short lists (no run: the cache's record of each child says where it was drawn) in
        // rounded clips; a third of the parents flip their geometry and a third have a
        // `sublayerTransform`, whose children are left to `place`.
        let other = CALayer()
        other.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        for k in 0..<9 {
            let parent = CALayer()
            parent.frame = CGRect(x: CGFloat(k % 3) * 130, y: CGFloat(k / 3) * 100, width: 90, height: 80)
            parent.cornerRadius = 12
            parent.masksToBounds = true
            parent.isGeometryFlipped = k % 3 == 1
            if k % 3 == 2 { parent.sublayerTransform = CATransform3DMakeScale(0.9, 1.1, 1) }
            for c in 0..<4 {
                let child = CALayer()
                child.frame = CGRect(x: CGFloat(c % 2) * 45, y: CGFloat(c / 2) * 40, width: 40, height: 36)
                child.backgroundColor = CGColor(red: 0.9, green: CGFloat(c) / 4, blue: 0.2, alpha: 1)
                parent.addSublayer(child)
            }
            other.addSublayer(parent)
        }
        CATransaction.flush()
        for parent in other.sublayers ?? [] {
            for child in parent.sublayers ?? [] { addRandomAnimations(to: child) }
        }
        CATransaction.flush()
        let short = try MovedRedrawComparison(root: other)
        try short.assertNextFramesEqual()
        var movedInAll = 0
        for _ in 0..<30 { movedInAll += try short.assertNextFramesEqual() }
        XCTAssertGreaterThanOrEqual(movedInAll, 30 * 2, "the children of plain parents animated in place moved")
    }

    private func bits(_ t: CATransform3D) -> [UInt8] { withUnsafeBytes(of: t) { Array($0) } }

    func testOnlyPlacementAnimationsGiveAPlacement() throws {
        let layer = sublayers[1]
        layer.removeAllAnimations()
        layer.add(scalarAnimation("transform.rotation.z", from: 0, to: 3), forKey: "turn")
        layer.add(scalarAnimation("position.x", from: 0, to: 30), forKey: "slide")
        CATransaction.flush()
        let committed = try XCTUnwrap(renderers.moving.frames.renderTree.snapshot().layers[layer.layerID])
        let box = committed.stateStorage
        let owner = PresentationBoxOwner()
        for step in 0..<20 {
            let localTime = renderers.time + Double(step) * 0.037
            var placement = LayerPlacement()
            XCTAssertTrue(box.animatePlacement(&placement, by: committed.animations, localTime: localTime, owner: owner))
            var state = committed.state
            state.animate(by: committed.animations, localTime: localTime)
            XCTAssertEqual(placement.position.x.bitPattern, state.position.x.bitPattern)
            XCTAssertEqual(placement.position.y.bitPattern, state.position.y.bitPattern)
            XCTAssertEqual(bits(placement.transform), bits(state.transform))
            // The presentation made in the same box's slot agrees.
            let presented = box.presentation(animatedBy: committed.animations, localTime: localTime, owner: owner)
            XCTAssertEqual(bits(presented.value.transform), bits(placement.transform))
        }
        layer.add(scalarAnimation("opacity", from: 1, to: 0), forKey: "fade")
        CATransaction.flush()
        let faded = try XCTUnwrap(renderers.moving.frames.renderTree.snapshot().layers[layer.layerID])
        var placement = LayerPlacement()
        XCTAssertFalse(faded.stateStorage.animatePlacement(&placement, by: faded.animations, localTime: renderers.time,
                                                           owner: owner))
    }
}
