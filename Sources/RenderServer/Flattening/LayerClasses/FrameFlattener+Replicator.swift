import Foundation
import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

/// Drawing a `CAReplicatorLayer`'s sublayers once per instance: nothing is copied;
/// the sublayers' subtrees are flattened again for each `ReplicatorInstance`, with its transform
/// about the replicator's anchor, its colour multiplied into what it draws, and its animations
/// evaluated `index × instanceDelay` seconds earlier.
extension FrameFlattener {
    /// Draws every instance of the replicator `p`'s sublayers: instance by instance (all
    /// sublayers of instance 0, then of instance 1, ...), each flattened into the replicator's
    /// plane; or, with `preservesDepth`, all of them depth-sorted in 3D as a transform layer's.
    mutating func drawReplicatorInstances(_ p: PlacedLayer, context: ParentContext) {
        let instances = ReplicatorLayerState.instances(of: p.state)
        // Each instance's commands are recoloured once drawn (`ColorMultiplier`): a sublayer's
        // drawing of the last frame, recoloured there, would be recoloured again if drawn moved
        // (a replicator of one instance, whose sublayers keep their context from frame to frame).
        let movesLayers = redrawsMovedLayers
        redrawsMovedLayers = false
        defer { redrawsMovedLayers = movesLayers }
        if p.state.replicator.preservesDepth {
            drawReplicatorInstancesInDepth(p, instances: instances, context: context)
            return
        }
        let order = paintOrder(p.layer.sublayerIDs, of: p.layer.id)
        for instance in instances {
            var instanceContext = context
            instanceContext.world = instance.boundsTransform.flattenedZ.concatenating(context.world)
            instanceContext.time = context.time - instance.timeOffset
            let start = commands.count
            visitSublayers(order, in: instanceContext)
            unchanged.forget(from: start)
            ColorMultiplier(instance).apply(to: &commands, from: start)
        }
    }

    /// The instances of a replicator that preserves depth: like a transform layer's subtree,
    /// the plain layers of every instance keep their depth in the replicator's superlayer's
    /// space and are drawn back to front.
    private mutating func drawReplicatorInstancesInDepth(_ p: PlacedLayer, instances: [ReplicatorInstance],
                                                         context: ParentContext) {
        var items: [PlacedLayer] = []
        var scenes: [CATransform3D] = []
        var multipliers: [ColorMultiplier] = []
        let order = paintOrder(p.layer.sublayerIDs, of: p.layer.id)
        for instance in instances {
            var instanceContext = context
            instanceContext.flattensSublayers = false
            instanceContext.world = instance.boundsTransform.concatenating(context.world)
            instanceContext.time = context.time - instance.timeOffset
            collect3D(order, in: instanceContext, scene: instance.boundsTransform.concatenating(p.toParent),
                      items: &items, scenes: &scenes)
            let multiplier = ColorMultiplier(instance)
            multipliers.append(contentsOf: repeatElement(multiplier, count: items.count - multipliers.count))
        }
        for index in DepthSorter.backToFront(items.map { $0.stateStorage.value.bounds }, scenes: scenes) {
            let start = commands.count
            draw(items[index])
            unchanged.forget(from: start)
            multipliers[index].apply(to: &commands, from: start)
        }
    }
}

extension ColorMultiplier {
    /// The factors of a replicator instance.
    init(_ instance: ReplicatorInstance) {
        self.init(red: Float(instance.color.red), green: Float(instance.color.green),
                  blue: Float(instance.color.blue), alpha: Float(instance.color.alpha))
    }
}
