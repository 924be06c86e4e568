import Foundation

/// A layer that draws a specified number of copies of its sublayers, each with a geometric,
/// temporal and colour transformation applied.
///
/// The copies are drawn by the renderer from the one set of sublayers; no layers are created.
/// Instance k applies `instanceTransform` k times (about the replicator's anchor point), has its
/// colours multiplied by `instanceColor` plus k times the colour offsets, and runs its
/// animations `k * instanceDelay` seconds later than the original.
open class CAReplicatorLayer: CALayer {
    /// Creates a replicator layer with Apple's defaults: one instance, identity transform,
    /// opaque white instance colour.
    public override init() {
        super.init()
        installSpecializedState(.replicator(ReplicatorLayerState()))
    }

    /// Creates a replicator layer from an archive (see `CALayer.init?(coder:)`): its defaults,
    /// then what the archive holds, its own properties included.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        installSpecializedState(.replicator(ReplicatorLayerState()))
        decodeArchivedSpecializedProperties(from: coder)
    }

    /// Creates a copy of `layer`, as Core Animation does for presentation layers.
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// Returns the default value of `key` for replicator layers.
    open override class func defaultValue(forKey key: String) -> Any? {
        specializedDefault(forKey: key, in: .replicator(ReplicatorLayerState())) ?? super.defaultValue(forKey: key)
    }

    /// The number of copies to draw, including the sublayers themselves; defaults to 1.
    /// Animatable.
    open var instanceCount: Int {
        get { state.replicator.instanceCount }
        set { setProperty(\.replicator.instanceCount, newValue, key: "instanceCount") }
    }

    /// Whether the copies are composited in 3D with the replicator's other content rather than
    /// flattened into its plane, as a transform layer's sublayers are; defaults to false.
    open var preservesDepth: Bool {
        get { state.replicator.preservesDepth }
        set { setProperty(\.replicator.preservesDepth, newValue, key: "preservesDepth") }
    }

    /// The delay, in seconds, between the animations of consecutive copies; defaults to 0.
    /// Animatable.
    open var instanceDelay: CFTimeInterval {
        get { state.replicator.instanceDelay }
        set { setFinite(\.replicator.instanceDelay, newValue, key: "instanceDelay") }
    }

    /// The transform that takes each copy to the next, applied cumulatively about the
    /// replicator's anchor point; defaults to the identity. Animatable.
    open var instanceTransform: CATransform3D {
        get { stateValue(\.replicator.instanceTransform) }
        set { setFinite(\.replicator.instanceTransform, newValue, key: "instanceTransform") }
    }

    /// The colour the first copy's colours are multiplied by; defaults to opaque white.
    /// Animatable.
    open var instanceColor: CGColor? {
        get { state.replicator.instanceColor }
        set { setProperty(\.replicator.instanceColor, newValue, key: "instanceColor") }
    }

    /// The amount added to the red component of the colour of each successive copy; defaults
    /// to 0. Animatable.
    open var instanceRedOffset: Float {
        get { state.replicator.instanceRedOffset }
        set { setFinite(\.replicator.instanceRedOffset, newValue, key: "instanceRedOffset") }
    }

    /// The amount added to the green component of the colour of each successive copy; defaults
    /// to 0. Animatable.
    open var instanceGreenOffset: Float {
        get { state.replicator.instanceGreenOffset }
        set { setFinite(\.replicator.instanceGreenOffset, newValue, key: "instanceGreenOffset") }
    }

    /// The amount added to the blue component of the colour of each successive copy; defaults
    /// to 0. Animatable.
    open var instanceBlueOffset: Float {
        get { state.replicator.instanceBlueOffset }
        set { setFinite(\.replicator.instanceBlueOffset, newValue, key: "instanceBlueOffset") }
    }

    /// The amount added to the alpha component of the colour of each successive copy; defaults
    /// to 0. Animatable.
    open var instanceAlphaOffset: Float {
        get { state.replicator.instanceAlphaOffset }
        set { setFinite(\.replicator.instanceAlphaOffset, newValue, key: "instanceAlphaOffset") }
    }
}
