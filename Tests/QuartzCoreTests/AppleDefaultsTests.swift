import XCTest
import QuartzCore

/// One test per class: the defaults Apple's headers state and Apple's framework measurably
/// starts with, and what `defaultValue(forKey:)` answers. Sources: the class headers (CALayer.h,
/// CAAnimation.h, CAShapeLayer.h, ...) and GNUstep libs-quartzcore `Tests/quartzcore/*`, whose CI
/// measures them against Apple's QuartzCore (named in each test).
final class AppleDefaultsTests: XCTestCase {
    private let opaqueBlack = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    private let opaqueWhite = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    /// CALayer.h; GNUstep CALayer/geometry.m, state.m, properties.m, masking.m, modern.m.
    func testCALayer() {
        let layer = CALayer()
        XCTAssertEqual(layer.bounds, .zero)
        XCTAssertEqual(layer.position, .zero)
        XCTAssertEqual(layer.anchorPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(layer.anchorPointZ, 0)
        XCTAssertEqual(layer.zPosition, 0)
        XCTAssertTrue(CATransform3DIsIdentity(layer.transform))
        XCTAssertTrue(CATransform3DIsIdentity(layer.sublayerTransform))
        XCTAssertFalse(layer.masksToBounds)
        XCTAssertFalse(layer.isGeometryFlipped)
        XCTAssertFalse(layer.isHidden)
        XCTAssertTrue(layer.isDoubleSided)
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertNil(layer.backgroundColor)
        XCTAssertEqual(layer.borderWidth, 0)
        XCTAssertEqual(layer.borderColor, opaqueBlack, "CALayer.h: borderColor defaults to opaque black")
        XCTAssertEqual(layer.cornerRadius, 0)
        XCTAssertEqual(layer.cornerCurve, .circular)
        XCTAssertEqual(layer.maskedCorners.rawValue, 15)
        XCTAssertEqual(layer.shadowOpacity, 0)
        XCTAssertEqual(layer.shadowRadius, 3)
        XCTAssertEqual(layer.shadowOffset, CGSize(width: 0, height: -3))
        XCTAssertEqual(layer.shadowColor, opaqueBlack)
        XCTAssertNil(layer.shadowPath)
        XCTAssertTrue(layer.allowsGroupOpacity)
        XCTAssertEqual(layer.edgeAntialiasingMask.rawValue, 15)
        XCTAssertFalse(layer.shouldRasterize)
        XCTAssertEqual(layer.rasterizationScale, 1)
        XCTAssertNil(layer.contents)
        XCTAssertEqual(layer.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(layer.contentsCenter, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(layer.contentsGravity, .resize)
        XCTAssertEqual(layer.contentsScale, 1)
        XCTAssertEqual(layer.contentsFormat, .RGBA8Uint)
        XCTAssertEqual(layer.minificationFilter, .linear)
        XCTAssertEqual(layer.magnificationFilter, .linear)
        XCTAssertEqual(layer.minificationFilterBias, 0)
        XCTAssertFalse(layer.isOpaque)
        XCTAssertFalse(layer.needsDisplayOnBoundsChange)
        XCTAssertFalse(layer.drawsAsynchronously)
        XCTAssertNil(layer.name)
        XCTAssertNil(layer.superlayer)
        XCTAssertNil(layer.sublayers)
        XCTAssertNil(layer.mask)
        XCTAssertNil(layer.actions)
        XCTAssertNil(layer.style)
        XCTAssertNil(layer.layoutManager)
        XCTAssertNil(layer.constraints)
        XCTAssertEqual(layer.autoresizingMask, [])
        XCTAssertTrue(layer.model() === layer, "a layer is its own model layer")
    }

    /// What `CALayer.defaultValue(forKey:)` answers: nil for a default that is the zero of its
    /// type (CALayer.h), the value otherwise (GNUstep geometry.m, masking.m, modern.m, timing.m).
    func testCALayerDefaultValueForKey() {
        for key in ["bounds", "position", "frame", "autoresizingMask", "minificationFilterBias", "mask",
                    "zPosition", "backgroundColor", "contents", "noSuchKey"] {
            XCTAssertNil(CALayer.defaultValue(forKey: key), key)
        }
        XCTAssertEqual(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(CALayer.defaultValue(forKey: "contentsScale") as? CGFloat, 1)
        XCTAssertEqual(CALayer.defaultValue(forKey: "contentsCenter") as? CGRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(CALayer.defaultValue(forKey: "allowsGroupOpacity") as? Bool, true)
        XCTAssertEqual((CALayer.defaultValue(forKey: "edgeAntialiasingMask") as? CAEdgeAntialiasingMask)?.rawValue, 15)
        XCTAssertEqual((CALayer.defaultValue(forKey: "maskedCorners") as? CACornerMask)?.rawValue, 15)
        XCTAssertEqual(CALayer.defaultValue(forKey: "drawsAsynchronously") as? Bool, false, "answered though false")
        XCTAssertEqual(CALayer.defaultValue(forKey: "cornerCurve") as? CALayerCornerCurve, .circular)
        XCTAssertEqual(CALayer.defaultValue(forKey: "contentsFormat") as? CALayerContentsFormat, .RGBA8Uint)
        XCTAssertEqual(CALayer.defaultValue(forKey: "opacity") as? Float, 1)
        XCTAssertEqual(CALayer.defaultValue(forKey: "shadowOffset") as? CGSize, CGSize(width: 0, height: -3))
        XCTAssertEqual(CALayer.defaultValue(forKey: "speed") as? Float, 1)
        XCTAssertEqual(CALayer.defaultValue(forKey: "duration") as? Double, .infinity)
    }

    /// Apple checks some names and masks when they are set (GNUstep CALayer/modern.m).
    func testCALayerSettersThatCheckTheirValues() {
        let layer = CALayer()
        layer.cornerCurve = .continuous
        layer.cornerCurve = CALayerCornerCurve(rawValue: "not a curve")
        XCTAssertEqual(layer.cornerCurve, .circular)
        layer.contentsFormat = .gray8Uint
        layer.contentsFormat = CALayerContentsFormat(rawValue: "not a format")
        XCTAssertEqual(layer.contentsFormat, .RGBA8Uint)
        layer.maskedCorners = CACornerMask(rawValue: 255)
        XCTAssertEqual(layer.maskedCorners.rawValue, 15)
        layer.setValue("not a curve", forKey: "cornerCurve")
        XCTAssertEqual(layer.cornerCurve, .circular, "through key-value coding as well")
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(.circular), 1)
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(.continuous), 1.528665, accuracy: 1e-6)
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(CALayerCornerCurve(rawValue: "not a curve")), 1)
    }

    /// CAShapeLayer.h; GNUstep CAShapeLayer/shapelayer.m.
    func testCAShapeLayer() {
        let layer = CAShapeLayer()
        XCTAssertNil(layer.path)
        XCTAssertEqual(layer.fillColor, opaqueBlack)
        XCTAssertEqual(layer.fillRule, .nonZero)
        XCTAssertNil(layer.strokeColor)
        XCTAssertEqual(layer.strokeStart, 0)
        XCTAssertEqual(layer.strokeEnd, 1)
        XCTAssertEqual(layer.lineWidth, 1)
        XCTAssertEqual(layer.miterLimit, 10)
        XCTAssertEqual(layer.lineCap, .butt)
        XCTAssertEqual(layer.lineJoin, .miter)
        XCTAssertEqual(layer.lineDashPhase, 0)
        XCTAssertNil(layer.lineDashPattern)
        XCTAssertEqual(layer.opacity, 1, "a shape layer keeps what a layer starts with")
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "lineWidth") as? CGFloat, 1)
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "miterLimit") as? CGFloat, 10)
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "strokeEnd") as? CGFloat, 1)
        XCTAssertNil(CAShapeLayer.defaultValue(forKey: "strokeStart"), "a zero default is not named")
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "anchorPoint") as? CGPoint, CGPoint(x: 0.5, y: 0.5))
    }

    /// CATextLayer.h; GNUstep CATextLayer/text.m.
    func testCATextLayer() {
        let layer = CATextLayer()
        XCTAssertNil(layer.string)
        XCTAssertNotNil(layer.font)
        XCTAssertEqual(layer.fontSize, 36)
        XCTAssertEqual(layer.foregroundColor, opaqueWhite)
        XCTAssertFalse(layer.isWrapped)
        XCTAssertEqual(layer.alignmentMode, .natural)
        XCTAssertEqual(layer.truncationMode, .none)
        XCTAssertEqual(CATextLayer.defaultValue(forKey: "fontSize") as? CGFloat, 36)
    }

    /// CAGradientLayer.h; GNUstep CAGradientLayer/gradient.m.
    func testCAGradientLayer() {
        let layer = CAGradientLayer()
        XCTAssertNil(layer.colors)
        XCTAssertNil(layer.locations)
        XCTAssertEqual(layer.startPoint, CGPoint(x: 0.5, y: 0))
        XCTAssertEqual(layer.endPoint, CGPoint(x: 0.5, y: 1))
        XCTAssertEqual(layer.type, .axial)
        XCTAssertEqual(layer.type.rawValue, "axial")
        XCTAssertEqual(CAGradientLayer.defaultValue(forKey: "endPoint") as? CGPoint, CGPoint(x: 0.5, y: 1))
    }

    /// CAReplicatorLayer.h; GNUstep CAReplicatorLayer/replicator.m.
    func testCAReplicatorLayer() {
        let layer = CAReplicatorLayer()
        XCTAssertEqual(layer.instanceCount, 1)
        XCTAssertEqual(layer.instanceDelay, 0)
        XCTAssertTrue(CATransform3DIsIdentity(layer.instanceTransform))
        XCTAssertFalse(layer.preservesDepth)
        XCTAssertEqual(layer.instanceColor, opaqueWhite)
        XCTAssertEqual([layer.instanceRedOffset, layer.instanceGreenOffset, layer.instanceBlueOffset,
                        layer.instanceAlphaOffset], [0, 0, 0, 0])
        XCTAssertEqual(CAReplicatorLayer.defaultValue(forKey: "instanceCount") as? Int, 1)
    }

    /// CAEmitterLayer.h; GNUstep CAEmitterLayer/emitter.m.
    func testCAEmitterLayer() {
        let layer = CAEmitterLayer()
        XCTAssertNil(layer.emitterCells)
        XCTAssertEqual(layer.emitterPosition, .zero)
        XCTAssertEqual(layer.emitterZPosition, 0)
        XCTAssertEqual(layer.emitterSize, .zero)
        XCTAssertEqual(layer.emitterDepth, 0)
        XCTAssertEqual(layer.emitterShape, .point)
        XCTAssertEqual(layer.emitterMode, .volume)
        XCTAssertEqual(layer.renderMode, .unordered)
        XCTAssertFalse(layer.preservesDepth)
        XCTAssertEqual([layer.birthRate, layer.lifetime, layer.velocity, layer.scale, layer.spin], [1, 1, 1, 1, 1])
        XCTAssertEqual(layer.seed, 0)
        XCTAssertEqual(CAEmitterLayer().seed, CAEmitterLayer().seed, "the seed is not random")
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "birthRate") as? Float, 1)
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "emitterShape") as? CAEmitterLayerEmitterShape, .point)
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "scale") as? Float, 1)
    }

    /// CAEmitterCell.h; GNUstep CAEmitterLayer/emitter.m.
    func testCAEmitterCell() {
        let cell = CAEmitterCell()
        XCTAssertNil(cell.name)
        XCTAssertTrue(cell.isEnabled)
        XCTAssertNil(cell.contents)
        XCTAssertEqual(cell.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(cell.contentsScale, 1)
        XCTAssertNil(cell.emitterCells)
        XCTAssertNil(cell.style)
        XCTAssertEqual(cell.color, opaqueWhite)
        XCTAssertEqual([cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange], [0, 0, 0, 0])
        XCTAssertEqual([cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed], [0, 0, 0, 0])
        XCTAssertEqual([cell.spin, cell.spinRange, cell.emissionLatitude, cell.emissionLongitude, cell.emissionRange,
                        cell.velocity, cell.velocityRange, cell.xAcceleration, cell.yAcceleration, cell.zAcceleration],
                       [0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(cell.birthRate, 0, "a cell emits nothing until told to")
        XCTAssertEqual(cell.lifetime, 0)
        XCTAssertEqual(cell.lifetimeRange, 0)
        XCTAssertEqual(cell.scale, 1)
        XCTAssertEqual(cell.scaleRange, 0)
        XCTAssertEqual(cell.scaleSpeed, 0)
        XCTAssertEqual(cell.magnificationFilter, .linear)
        XCTAssertEqual(cell.minificationFilter, .linear)
        XCTAssertEqual(cell.minificationFilterBias, 0)
        XCTAssertEqual(CAEmitterCell.defaultValue(forKey: "enabled") as? Bool, true)
        XCTAssertEqual(CAEmitterCell.defaultValue(forKey: "scale") as? Double, 1)
        XCTAssertNil(CAEmitterCell.defaultValue(forKey: "birthRate"))
        XCTAssertNil(CAEmitterCell.defaultValue(forKey: "lifetime"))
        XCTAssertNil(CAEmitterCell.defaultValue(forKey: "bogus"))
    }

    /// CAScrollLayer.h; GNUstep CAScrollLayer/scroll.m.
    func testCAScrollLayer() {
        let layer = CAScrollLayer()
        XCTAssertEqual(layer.scrollMode, .both)
        XCTAssertEqual(layer.scrollMode.rawValue, "both")
        layer.bounds = CGRect(x: 50, y: 60, width: 100, height: 100)
        layer.scroll(to: CGRect(x: 200, y: 200, width: 10, height: 10))
        XCTAssertEqual(layer.bounds.origin, CGPoint(x: 110, y: 110), "moves as little as it can")
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.scroll(to: CGRect(x: 20, y: 20, width: 400, height: 400))
        XCTAssertEqual(layer.bounds.origin, CGPoint(x: 20, y: 20), "too big to fit: its own origin")
    }

    /// CATiledLayer.h; GNUstep CATiledLayer/tiled.m.
    func testCATiledLayer() {
        let layer = CATiledLayer()
        XCTAssertEqual(layer.levelsOfDetail, 1)
        XCTAssertEqual(layer.levelsOfDetailBias, 0)
        XCTAssertEqual(layer.tileSize, CGSize(width: 256, height: 256))
        XCTAssertEqual(CATiledLayer.fadeDuration(), 0.25)
        XCTAssertEqual(CATiledLayer.defaultValue(forKey: "tileSize") as? CGSize, CGSize(width: 256, height: 256))
    }

    /// CAAnimation.h; GNUstep CAAnimation/animation.m, CATransaction/transaction.m.
    func testCAAnimation() {
        let animation = CAAnimation()
        XCTAssertNil(animation.delegate)
        XCTAssertNil(animation.timingFunction, "nil: linear pacing")
        XCTAssertTrue(animation.isRemovedOnCompletion)
        XCTAssertEqual(animation.duration, 0)
        XCTAssertEqual(CAAnimation.defaultValue(forKey: "removedOnCompletion") as? Bool, true)
        XCTAssertEqual(CATransaction.animationDuration(), 0.25, "what a duration of 0 becomes once added")
    }

    /// CAAnimation.h; GNUstep CAAnimation/animation.m.
    func testCAPropertyAndBasicAnimation() {
        let property = CAPropertyAnimation()
        XCTAssertNil(property.keyPath)
        XCTAssertFalse(property.isAdditive)
        XCTAssertFalse(property.isCumulative)
        XCTAssertNil(property.valueFunction)
        XCTAssertEqual(CAPropertyAnimation(keyPath: "opacity").keyPath, "opacity")
        let basic = CABasicAnimation()
        XCTAssertNil(basic.fromValue)
        XCTAssertNil(basic.toValue)
        XCTAssertNil(basic.byValue)
        XCTAssertNil(basic.keyPath)
    }

    /// CAAnimation.h; GNUstep CAKeyframeAnimation/properties.m.
    func testCAKeyframeAnimation() {
        let keyframes = CAKeyframeAnimation()
        XCTAssertNil(keyframes.values)
        XCTAssertNil(keyframes.path)
        XCTAssertNil(keyframes.keyTimes)
        XCTAssertNil(keyframes.timingFunctions)
        XCTAssertNil(keyframes.rotationMode)
        XCTAssertEqual(keyframes.calculationMode, .linear)
        XCTAssertEqual(keyframes.calculationMode.rawValue, "linear")
        XCTAssertEqual(CAKeyframeAnimation.defaultValue(forKey: "calculationMode") as? CAAnimationCalculationMode, .linear)
        XCTAssertNil(CAKeyframeAnimation.defaultValue(forKey: "values"))
    }

    /// CAAnimation.h ("mass ... Defaults to one", "stiffness ... Defaults to 100", "damping ...
    /// Defaults to 10", "initialVelocity ... Defaults to zero"); GNUstep CAAnimation/animation.m.
    func testCASpringAnimation() {
        let spring = CASpringAnimation()
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.stiffness, 100)
        XCTAssertEqual(spring.damping, 10)
        XCTAssertEqual(spring.initialVelocity, 0)
        XCTAssertGreaterThan(spring.settlingDuration, 0)
    }

    /// CAAnimation.h ("type ... Defaults to fade", progress 0 and 1); GNUstep CATransition/transition.m.
    func testCATransition() {
        let transition = CATransition()
        XCTAssertEqual(transition.type, .fade)
        XCTAssertEqual(transition.type.rawValue, "fade")
        XCTAssertNil(transition.subtype)
        XCTAssertEqual(transition.duration, 0)
        XCTAssertEqual(transition.startProgress, 0)
        XCTAssertEqual(transition.endProgress, 1)
    }

    /// CATransaction.h; GNUstep CATransaction/transaction.m.
    func testCATransaction() {
        XCTAssertEqual(kCATransactionAnimationDuration, "animationDuration")
        XCTAssertEqual(kCATransactionDisableActions, "disableActions")
        XCTAssertEqual(kCATransactionAnimationTimingFunction, "animationTimingFunction")
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
        XCTAssertFalse(CATransaction.disableActions())
        XCTAssertNil(CATransaction.animationTimingFunction())
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setDisableActions(true)
        CATransaction.begin()
        XCTAssertEqual(CATransaction.animationDuration(), 1, "a nested transaction sees the enclosing duration")
        XCTAssertTrue(CATransaction.disableActions())
        CATransaction.setAnimationDuration(2)
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 1)
        CATransaction.setValue("stored", forKey: "aKeyNobodyDefined")
        XCTAssertEqual(CATransaction.value(forKey: "aKeyNobodyDefined") as? String, "stored")
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
    }
}
