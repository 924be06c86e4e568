import Foundation

extension CALayer {
    /// Sets the specialized property `key` (`path` of a shape layer, `instanceCount` of a
    /// replicator, ...) through its public, overridable setter to the value it has in `s`, as
    /// Apple's key-value coding calls a property's setter; false when `key` is not a specialized
    /// property of this layer's class.
    func setSpecializedPublicProperty(_ key: String, from s: LayerState) -> Bool {
        switch (self, key) {
        case (let shape as CAShapeLayer, "path"): shape.path = s.shape.path
        case (let shape as CAShapeLayer, "fillColor"): shape.fillColor = s.shape.fillColor
        case (let shape as CAShapeLayer, "fillRule"): shape.fillRule = s.shape.fillRule
        case (let shape as CAShapeLayer, "strokeColor"): shape.strokeColor = s.shape.strokeColor
        case (let shape as CAShapeLayer, "strokeStart"): shape.strokeStart = s.shape.strokeStart
        case (let shape as CAShapeLayer, "strokeEnd"): shape.strokeEnd = s.shape.strokeEnd
        case (let shape as CAShapeLayer, "lineWidth"): shape.lineWidth = s.shape.lineWidth
        case (let shape as CAShapeLayer, "miterLimit"): shape.miterLimit = s.shape.miterLimit
        case (let shape as CAShapeLayer, "lineCap"): shape.lineCap = s.shape.lineCap
        case (let shape as CAShapeLayer, "lineJoin"): shape.lineJoin = s.shape.lineJoin
        case (let shape as CAShapeLayer, "lineDashPhase"): shape.lineDashPhase = s.shape.lineDashPhase
        case (let shape as CAShapeLayer, "lineDashPattern"): shape.lineDashPattern = s.shape.lineDashPattern.map { $0.map { NSNumber(value: $0) } }
        case (let text as CATextLayer, "fontSize"): text.fontSize = s.text.fontSize
        case (let text as CATextLayer, "foregroundColor"): text.foregroundColor = s.text.foregroundColor
        case (let text as CATextLayer, "wrapped"): text.isWrapped = s.text.isWrapped
        case (let text as CATextLayer, "truncationMode"): text.truncationMode = s.text.truncationMode
        case (let text as CATextLayer, "alignmentMode"): text.alignmentMode = s.text.alignmentMode
        case (let text as CATextLayer, "allowsFontSubpixelQuantization"): text.allowsFontSubpixelQuantization = s.text.allowsFontSubpixelQuantization
        case (let emitter as CAEmitterLayer, "birthRate"): emitter.birthRate = s.emitter.birthRate
        case (let emitter as CAEmitterLayer, "lifetime"): emitter.lifetime = s.emitter.lifetime
        case (let emitter as CAEmitterLayer, "emitterPosition"): emitter.emitterPosition = s.emitter.emitterPosition
        case (let emitter as CAEmitterLayer, "emitterZPosition"): emitter.emitterZPosition = s.emitter.emitterZPosition
        case (let emitter as CAEmitterLayer, "emitterSize"): emitter.emitterSize = s.emitter.emitterSize
        case (let emitter as CAEmitterLayer, "emitterDepth"): emitter.emitterDepth = s.emitter.emitterDepth
        case (let emitter as CAEmitterLayer, "emitterShape"): emitter.emitterShape = s.emitter.emitterShape
        case (let emitter as CAEmitterLayer, "emitterMode"): emitter.emitterMode = s.emitter.emitterMode
        case (let emitter as CAEmitterLayer, "renderMode"): emitter.renderMode = s.emitter.renderMode
        case (let emitter as CAEmitterLayer, "preservesDepth"): emitter.preservesDepth = s.emitter.preservesDepth
        case (let emitter as CAEmitterLayer, "velocity"): emitter.velocity = s.emitter.velocity
        case (let emitter as CAEmitterLayer, "scale"): emitter.scale = s.emitter.scale
        case (let emitter as CAEmitterLayer, "spin"): emitter.spin = s.emitter.spin
        case (let emitter as CAEmitterLayer, "seed"): emitter.seed = s.emitter.seed
        case (let replicator as CAReplicatorLayer, "instanceCount"): replicator.instanceCount = s.replicator.instanceCount
        case (let replicator as CAReplicatorLayer, "preservesDepth"): replicator.preservesDepth = s.replicator.preservesDepth
        case (let replicator as CAReplicatorLayer, "instanceDelay"): replicator.instanceDelay = s.replicator.instanceDelay
        case (let replicator as CAReplicatorLayer, "instanceTransform"): replicator.instanceTransform = s.replicator.instanceTransform
        case (let replicator as CAReplicatorLayer, "instanceColor"): replicator.instanceColor = s.replicator.instanceColor
        case (let replicator as CAReplicatorLayer, "instanceRedOffset"): replicator.instanceRedOffset = s.replicator.instanceRedOffset
        case (let replicator as CAReplicatorLayer, "instanceGreenOffset"): replicator.instanceGreenOffset = s.replicator.instanceGreenOffset
        case (let replicator as CAReplicatorLayer, "instanceBlueOffset"): replicator.instanceBlueOffset = s.replicator.instanceBlueOffset
        case (let replicator as CAReplicatorLayer, "instanceAlphaOffset"): replicator.instanceAlphaOffset = s.replicator.instanceAlphaOffset
        case (let gradient as CAGradientLayer, "colors"): gradient.colors = s.gradient.colors
        case (let gradient as CAGradientLayer, "locations"): gradient.locations = s.gradient.locations.map { $0.map { NSNumber(value: $0) } }
        case (let gradient as CAGradientLayer, "startPoint"): gradient.startPoint = s.gradient.startPoint
        case (let gradient as CAGradientLayer, "endPoint"): gradient.endPoint = s.gradient.endPoint
        case (let gradient as CAGradientLayer, "type"): gradient.type = s.gradient.type
        case (let tiled as CATiledLayer, "levelsOfDetail"): tiled.levelsOfDetail = s.tiled.levelsOfDetail
        case (let tiled as CATiledLayer, "levelsOfDetailBias"): tiled.levelsOfDetailBias = s.tiled.levelsOfDetailBias
        case (let tiled as CATiledLayer, "tileSize"): tiled.tileSize = s.tiled.tileSize
        case (let scroll as CAScrollLayer, "scrollMode"): scroll.scrollMode = s.scroll.scrollMode
        case (let gl as any OpenGLLayerProperties, "asynchronous"): gl.isAsynchronous = s.openGL.isAsynchronous
        default: return false
        }
        return true
    }
}
