import XCTest
import CompositorCore
import RendererTestSupport
@testable import QuartzCore
@_spi(RenderTables) @testable import QuartzCoreModel
@testable import RenderServer

/// A sublayer whose running animations only move it (scalar animations of its `position` or
/// `transform`: S1-anim's turns and slides) draws its last frame's drawing with the map its
/// animations give now (`FrameFlattener.animatedToSuperlayer`, `redrawMoved`): every frame
/// must equal the one that flattening it again gives, over many frames of random animations
/// (scalar, point-valued `position`, whole-`transform`, keyframe and group animations), those
/// that change more than the placement (opacity, bounds, a group that fades) and those not
/// running yet or any more among them, and whatever the model does meanwhile.
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
        basicAnimation(keyPath, from: from, to: to, by: to - from)
    }

    /// A basic animation of `keyPath` from `from` to `to` (or by `by`), with random timing.
    private func basicAnimation(_ keyPath: String, from: Any, to: Any, by: Any) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        randomTiming(animation, byValue: by)
        return animation
    }

    /// Gives `animation` a random duration and timing; a basic one may be made a `byValue` one.
    private func randomTiming(_ animation: CAPropertyAnimation, byValue: Any? = nil) {
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
        default:
            if let basic = animation as? CABasicAnimation, let byValue {  // a byValue from the model value
                basic.fromValue = nil
                basic.toValue = nil
                basic.byValue = byValue
            } else {  // at its own speed, from an offset
                animation.speed = 0.75
                animation.timeOffset = 0.1
            }
            animation.repeatCount = .infinity
        }
    }

    /// A basic animation of the whole `position` between points around `layer`'s.
    private func pointAnimation(of layer: CALayer) -> CABasicAnimation {
        let p = layer.position
        return basicAnimation("position", from: CGPoint(x: p.x - 6, y: p.y + 2.5), to: CGPoint(x: p.x + 8, y: p.y - 8),
                              by: CGPoint(x: 7.5, y: -3.25))
    }

    /// A basic animation of the whole `transform` between `CATransform3D`s (a turn and a scale).
    private func transformAnimation() -> CABasicAnimation {
        basicAnimation("transform", from: CATransform3DMakeRotation(-0.5, 0, 0, 1),
                       to: CATransform3DScale(CATransform3DMakeRotation(2.5, 0, 0, 1), 1.25, 0.75, 1),
                       by: CATransform3DMakeRotation(0.75, 0, 0, 1))
    }

    /// A keyframe animation of `position` around `layer`'s, through `values` in a random
    /// calculation mode or along a `path`, turning with it now and then.
    private func keyframeAnimation(of layer: CALayer) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: "position")
        let p = layer.position
        let points = [CGPoint(x: p.x, y: p.y), CGPoint(x: p.x + 9, y: p.y - 3), CGPoint(x: p.x + 4, y: p.y + 7.5),
                      CGPoint(x: p.x - 5, y: p.y + 1)]
        if Bool.random(using: &random) {
            animation.values = points
            let modes: [CAAnimationCalculationMode] = [.linear, .discrete, .paced, .cubic, .cubicPaced]
            animation.calculationMode = modes[Int.random(in: 0..<modes.count, using: &random)]
        } else {
            let path = CGMutablePath()
            path.move(to: points[0])
            path.addCurve(to: points[2], control1: points[1], control2: points[3])
            path.addLine(to: points[3])
            animation.path = path
            if Bool.random(using: &random) { animation.rotationMode = .rotateAuto }
        }
        randomTiming(animation)
        return animation
    }

    /// A group of a keyframe slide and a turn; with `fading`, a fade too (not only placement).
    private func groupAnimation(of layer: CALayer, fading: Bool) -> CAAnimationGroup {
        let group = CAAnimationGroup()
        group.animations = [keyframeAnimation(of: layer), scalarAnimation("transform.rotation.z", from: 0, to: 3)]
            + (fading ? [scalarAnimation("opacity", from: 1, to: 0.4)] : [])
        group.duration = 0.8
        group.repeatCount = .infinity
        return group
    }

    /// One to three animations: mostly of the placement (a turn, a slide, a scale that may
    /// mirror; a point-valued `position`, a whole `transform`, a keyframe slide along values
    /// or a path, a group of such), now and then of something else (opacity, width, a group
    /// that fades).
    private func addRandomAnimations(to layer: CALayer) {
        for index in 0..<Int.random(in: 1...3, using: &random) {
            let animation: CAAnimation
            switch Int.random(in: 0..<14, using: &random) {
            case 0, 1: animation = scalarAnimation("transform.rotation.z", from: 0, to: .pi * 2)
            case 2: animation = scalarAnimation("transform.rotation", from: -1, to: 2)
            case 3: animation = scalarAnimation("position.x", from: Double(layer.position.x), to: Double(layer.position.x) + 30)
            case 4: animation = scalarAnimation("position.y", from: Double(layer.position.y) - 5, to: Double(layer.position.y) + 5)
            case 5: animation = scalarAnimation("transform.scale.x", from: 1, to: -1)
            case 6: animation = scalarAnimation("opacity", from: 1, to: 0.3)
            case 7: animation = scalarAnimation("bounds.size.width", from: 11, to: 4)
            case 8, 9: animation = pointAnimation(of: layer)
            case 10: animation = transformAnimation()
            case 11: animation = keyframeAnimation(of: layer)
            default: animation = groupAnimation(of: layer, fading: index == 1)
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
            var placement = LayerPlacement(), timings = AnimationTimingMemo()
            XCTAssertTrue(box.animatePlacement(&placement, by: committed.animations, localTime: localTime, owner: owner,
                                               timings: &timings))
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
        var placement = LayerPlacement(), timings = AnimationTimingMemo()
        XCTAssertFalse(faded.stateStorage.animatePlacement(&placement, by: faded.animations, localTime: renderers.time,
                                                           owner: owner, timings: &timings))
    }

    /// Each new kind of placement animation (a point-valued `position`, a whole `transform`, a
    /// keyframe slide along values or a path, a group of such), with random timing and now and
    /// then a turn after it, gives a placement bit for bit the position and transform of the
    /// presentation (the animations applied one by one by the general path, through
    /// `AnimatableValue`, and the presentation box the renderer fills), frame after frame.
    func testEveryKindOfPlacementAnimationGivesThePresentationsPlacement() throws {
        let tested = Array(sublayers.prefix(96))
        for (k, layer) in tested.enumerated() {
            layer.removeAllAnimations()
            let kinds: [() -> CAAnimation] = [{ self.pointAnimation(of: layer) }, { self.transformAnimation() },
                                              { self.keyframeAnimation(of: layer) },
                                              { self.groupAnimation(of: layer, fading: false) }]
            layer.add(kinds[k % kinds.count](), forKey: "a")
            if k % 3 == 0 { layer.add(scalarAnimation("transform.rotation.z", from: 0, to: 3), forKey: "b") }
        }
        CATransaction.flush()
        let snapshot = renderers.moving.frames.renderTree.snapshot()
        let owner = PresentationBoxOwner()
        for layer in tested {
            let committed = try XCTUnwrap(snapshot.layers[layer.layerID])
            for step in 0..<16 {
                let localTime = renderers.time + Double(step) * 0.043
                var placement = LayerPlacement(), timings = AnimationTimingMemo()
                XCTAssertTrue(committed.stateStorage.animatePlacement(&placement, by: committed.animations,
                                                                      localTime: localTime, owner: owner,
                                                                      timings: &timings))
                var general = committed.state
                for animation in committed.animations {
                    animation.apply(to: &general, parentTime: localTime, scalarShortcut: false)
                }
                XCTAssertEqual(placement.position.x.bitPattern, general.position.x.bitPattern, "\(layer.animationKeys() ?? [])")
                XCTAssertEqual(placement.position.y.bitPattern, general.position.y.bitPattern)
                XCTAssertEqual(bits(placement.transform), bits(general.transform))
                let presented = committed.stateStorage.presentation(animatedBy: committed.animations,
                                                                    localTime: localTime, owner: owner)
                XCTAssertEqual(presented.value.position.x.bitPattern, placement.position.x.bitPattern)
                XCTAssertEqual(presented.value.position.y.bitPattern, placement.position.y.bitPattern)
                XCTAssertEqual(bits(presented.value.transform), bits(placement.transform))
            }
        }
        // A group that fades too, or a transition, is not evaluated on the placement.
        let faded = sublayers[200]
        faded.removeAllAnimations()
        faded.add(groupAnimation(of: faded, fading: true), forKey: "a")
        let covered = sublayers[201]
        covered.removeAllAnimations()
        covered.add(pointAnimation(of: covered), forKey: "a")
        covered.add(CATransition(), forKey: "b")
        CATransaction.flush()
        for layer in [faded, covered] {
            let committed = try XCTUnwrap(renderers.moving.frames.renderTree.snapshot().layers[layer.layerID])
            var placement = LayerPlacement(), timings = AnimationTimingMemo()
            XCTAssertFalse(committed.stateStorage.animatePlacement(&placement, by: committed.animations,
                                                                   localTime: renderers.time, owner: owner,
                                                                   timings: &timings))
        }
        // And the frames still equal their flattening, these layers among them.
        for _ in 0..<20 { try renderers.assertNextFramesEqual() }
    }
}
