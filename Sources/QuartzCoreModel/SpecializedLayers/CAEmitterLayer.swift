import Foundation

/// A layer that emits, animates and renders a particle system.
///
/// The particles are defined by the `CAEmitterCell` templates in `emitterCells`. The layer's
/// `birthRate`, `lifetime`, `velocity`, `scale` and `spin` multiply the cells' values, so a
/// whole system can be sped up or damped with one property. The particles are a deterministic
/// function of the layer's values, `seed` and time (`EmitterSimulation`).
open class CAEmitterLayer: CALayer {
    /// The cells exactly as they were set.
    private var cellObjects: [CAEmitterCell]?

    /// Creates an emitter layer with Apple's defaults: a point emitter at the origin, every
    /// multiplier 1, unordered rendering.
    public override init() {
        super.init()
        installSpecializedState(.emitter(.newLayer()))
    }

    /// Creates an emitter layer from an archive (see `CALayer.init?(coder:)`): its defaults,
    /// then what the archive holds, its own properties included.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        installSpecializedState(.emitter(.newLayer()))
        decodeArchivedSpecializedProperties(from: coder)
    }

    /// Creates a copy of `layer`, as Core Animation does for presentation layers.
    public override init(layer: Any) {
        super.init(layer: layer)
        cellObjects = (layer as? CAEmitterLayer)?.cellObjects
    }

    /// Returns the default value of `key` for emitter layers.
    open override class func defaultValue(forKey key: String) -> Any? {
        specializedDefault(forKey: key, in: .emitter(EmitterLayerState())) ?? super.defaultValue(forKey: key)
    }

    /// The cells that define the particles; defaults to nil. The layer copies the cells when
    /// the array is set.
    open var emitterCells: [CAEmitterCell]? {
        get { cellObjects }
        set {
            cellObjects = newValue
            setProperty(\.emitter.cells, (newValue ?? []).map(\.snapshot), key: "emitterCells")
        }
    }

    /// The multiplier of every cell's `birthRate`; defaults to 1. Animatable.
    open var birthRate: Float {
        get { state.emitter.birthRate }
        set { setFinite(\.emitter.birthRate, newValue, key: "birthRate") }
    }

    /// The multiplier of every cell's `lifetime`; defaults to 1. Animatable.
    open var lifetime: Float {
        get { state.emitter.lifetime }
        set { setFinite(\.emitter.lifetime, newValue, key: "lifetime") }
    }

    /// The centre of the emission shape, in the layer's coordinates; defaults to (0, 0).
    /// Animatable.
    open var emitterPosition: CGPoint {
        get { state.emitter.emitterPosition }
        set { setFinite(\.emitter.emitterPosition, newValue, key: "emitterPosition") }
    }

    /// The z coordinate of the centre of the emission shape; defaults to 0. Animatable.
    open var emitterZPosition: CGFloat {
        get { state.emitter.emitterZPosition }
        set { setFinite(\.emitter.emitterZPosition, newValue, key: "emitterZPosition") }
    }

    /// The size of the emission shape; how it applies depends on `emitterShape`; defaults to
    /// zero. Animatable.
    open var emitterSize: CGSize {
        get { state.emitter.emitterSize }
        set { setFinite(\.emitter.emitterSize, newValue, key: "emitterSize") }
    }

    /// The depth of a cuboid emission shape; defaults to 0. Animatable.
    open var emitterDepth: CGFloat {
        get { state.emitter.emitterDepth }
        set { setFinite(\.emitter.emitterDepth, newValue, key: "emitterDepth") }
    }

    /// The shape particles are emitted from; defaults to `.point`.
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { state.emitter.emitterShape }
        set { setProperty(\.emitter.emitterShape, newValue, key: "emitterShape") }
    }

    /// Which part of the shape particles are emitted from; defaults to `.volume`.
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { state.emitter.emitterMode }
        set { setProperty(\.emitter.emitterMode, newValue, key: "emitterMode") }
    }

    /// The order and blending of the drawn particles; defaults to `.unordered`.
    open var renderMode: CAEmitterLayerRenderMode {
        get { state.emitter.renderMode }
        set { setProperty(\.emitter.renderMode, newValue, key: "renderMode") }
    }

    /// Whether the particles keep their depth among the layer's 3D siblings rather than being
    /// flattened into the layer; defaults to false.
    open var preservesDepth: Bool {
        get { state.emitter.preservesDepth }
        set { setProperty(\.emitter.preservesDepth, newValue, key: "preservesDepth") }
    }

    /// The multiplier of every cell's `velocity`; defaults to 1. Animatable.
    open var velocity: Float {
        get { state.emitter.velocity }
        set { setFinite(\.emitter.velocity, newValue, key: "velocity") }
    }

    /// The multiplier of every cell's `scale`; defaults to 1. Animatable.
    open var scale: Float {
        get { state.emitter.scale }
        set { setFinite(\.emitter.scale, newValue, key: "scale") }
    }

    /// The multiplier of every cell's `spin`; defaults to 1. Animatable.
    open var spin: Float {
        get { state.emitter.spin }
        set { setFinite(\.emitter.spin, newValue, key: "spin") }
    }

    /// The seed of the particles' random numbers: equal seeds give equal particles; defaults
    /// to 0.
    open var seed: UInt32 {
        get { state.emitter.seed }
        set { setProperty(\.emitter.seed, newValue, key: "seed") }
    }

    /// Sets a cell value through a key path such as `fire.birthRate` or
    /// `fire.emitterCells.spark.velocity` (the part after `emitterCells.`), in the layer's copy
    /// and in the cell object.
    func setCellValue(_ value: Any?, forPath path: Substring, keyPath: String) throws {
        guard let animatable = AnimatableValue(value) else {
            throw CALayerKeyValueError.typeMismatch(keyPath: keyPath, value: String(describing: value))
        }
        guard animatable.isFiniteValue else { throw CALayerKeyValueError.nonFinite(keyPath: keyPath) }
        var updated = state
        guard updated.specializedNestedValue(forKeyPath: keyPath) != nil else {
            throw CALayerKeyValueError.unknownKeyPath(keyPath)
        }
        guard updated.setSpecializedNestedValue(animatable, forKeyPath: keyPath) == true else {
            throw CALayerKeyValueError.typeMismatch(keyPath: keyPath, value: String(describing: value))
        }
        if let (indices, key) = EmitterCellState.resolve(path, in: state.emitter.cells),
           let accessor = EmitterCellPropertyAccessor.named(key),
           let object = Self.cellObject(at: indices, in: cellObjects) {
            _ = accessor.set(&object.state, animatable)
        }
        let before = willChangeProperty(keyPath)
        state = updated
        didChangeProperty(keyPath, before: before)
    }

    private static func cellObject(at indices: [Int], in cells: [CAEmitterCell]?) -> CAEmitterCell? {
        var level = cells
        var found: CAEmitterCell?
        for index in indices {
            guard let current = level, current.indices.contains(index) else { return nil }
            found = current[index]
            level = found?.emitterCells
        }
        return found
    }
}
