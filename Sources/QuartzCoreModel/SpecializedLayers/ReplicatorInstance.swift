import Foundation

/// One copy of a replicator layer's sublayers, as the renderer draws it.
///
/// Instance 0 is the sublayers themselves. Instance k is drawn with `instanceTransform` applied
/// k times, its colours multiplied by `color` and its animations evaluated `timeOffset` seconds
/// earlier than the original's.
package struct ReplicatorInstance: Sendable, Equatable {
    /// The index of the copy, from 0 to `instanceCount - 1`.
    var index: Int
    /// `instanceTransform` applied `index` times (instance k's transform is instance k-1's
    /// followed by `instanceTransform`'s ... in Core Animation's row-vector order, T^k).
    var transform: CATransform3D
    /// The same transform expressed in the replicator's bounds coordinates: applied about the
    /// replicator's anchor point, the way `sublayerTransform` is.
    package var boundsTransform: CATransform3D
    /// The red, green, blue and alpha factors, each `instanceColor`'s component plus `index`
    /// times its offset, clamped to 0...1.
    package var color: (red: Double, green: Double, blue: Double, alpha: Double)
    /// How much earlier the copy's animations run: `index * instanceDelay` seconds; the renderer
    /// evaluates the copy's sublayers at time `t - timeOffset`.
    package var timeOffset: Double

    package static func == (a: ReplicatorInstance, b: ReplicatorInstance) -> Bool {
        a.index == b.index && a.transform == b.transform && a.boundsTransform == b.boundsTransform
            && a.color == b.color && a.timeOffset == b.timeOffset
    }
}

extension ReplicatorLayerState {
    /// Every instance the renderer draws for a replicator whose own state is `layer`; none when
    /// `instanceCount` is 0 or less.
    package static func instances(of layer: LayerState) -> [ReplicatorInstance] {
        let r = layer.replicator
        guard r.instanceCount > 0 else { return [] }
        let anchor = LayerGeometry.anchorLocation(of: layer)
        let toAnchor = CATransform3DMakeTranslation(-anchor.x, -anchor.y, 0)
        let fromAnchor = CATransform3DMakeTranslation(anchor.x, anchor.y, 0)
        let base = r.instanceColor?.rgbaComponents ?? [1, 1, 1, 1]
        let offsets = [r.instanceRedOffset, r.instanceGreenOffset, r.instanceBlueOffset, r.instanceAlphaOffset].map(Double.init)
        var instances: [ReplicatorInstance] = []
        instances.reserveCapacity(r.instanceCount)
        var power = CATransform3DIdentity
        for k in 0..<r.instanceCount {
            let c = (0..<4).map { min(max(base[$0] + Double(k) * offsets[$0], 0), 1) }
            let about = power.isIdentityFast ? power : toAnchor.concatenating(power).concatenating(fromAnchor)
            instances.append(ReplicatorInstance(index: k, transform: power, boundsTransform: about,
                                                color: (c[0], c[1], c[2], c[3]),
                                                timeOffset: Double(k) * r.instanceDelay))
            power = power.concatenating(r.instanceTransform)
        }
        return instances
    }
}

extension CGColor {
    /// Red, green, blue and alpha in 0...1 (grey colours expanded); nil for other spaces.
    var rgbaComponents: [Double]? {
        switch components {
        case let c? where c.count == 4: return c.map(Double.init)
        case let c? where c.count == 2: return [Double(c[0]), Double(c[0]), Double(c[0]), Double(c[1])]
        default: return nil
        }
    }
}
