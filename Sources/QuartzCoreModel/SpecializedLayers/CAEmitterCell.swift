import Foundation

/// The definition of a particle emitted by a `CAEmitterLayer`: a template for particles, with
/// a start value, a range and a per-second change for most attributes.
///
/// The layer copies its cells when `emitterCells` is set: later changes to a cell reach the
/// layer when the array is set again, or through the layer's key paths
/// (`emitterCells.<name>.<key>`), which are also how cell values are animated.
open class CAEmitterCell: NSObject, CAMediaTiming {
    /// The cell's values (its sub-cells are kept as objects in `emitterCells`).
    var state = EmitterCellState()

    /// Creates a cell with Apple's defaults: no births, white colour, scale 1.
    public override init() {
        super.init()
    }

    /// Creates a cell through the dynamic type's `init()`: the framework's way to call an
    /// initializer on a cell class known only at run time (see `CARuntimeInstantiation`).
    public required convenience init(_ instantiation: CARuntimeInstantiation) {
        self.init()
    }

    /// Returns a new emitter cell, as `CAEmitterCell()` does.
    open class func emitterCell() -> Self {
        self.init(CARuntimeInstantiation())
    }

    /// Returns the default value of the cell property `key`; nil for unknown keys and, as
    /// Apple's, for properties whose default is the zero of their type (measured: `enabled` and
    /// `scale` are answered, `birthRate` and `lifetime` are not; GNUstep libs-quartzcore
    /// `Tests/quartzcore/CAEmitterLayer/emitter.m`).
    open class func defaultValue(forKey key: String) -> Any? {
        guard let value = EmitterCellPropertyAccessor.named(key[...])?.get(EmitterCellState()).anyValue,
              !LayerClassDefaults.isZero(value) else { return nil }
        return value
    }

    /// The cell and its sub-cells as the Sendable copy the layer keeps.
    var snapshot: EmitterCellState {
        var copy = state
        copy.emitterCells = (emitterCells ?? []).map(\.snapshot)
        return copy
    }

    /// The cells emitted by each particle of this cell (a particle acts as an emitter for its
    /// sub-cells while it lives); defaults to nil.
    open var emitterCells: [CAEmitterCell]?

    /// An optional dictionary of values for properties that have none set; defaults to nil.
    open var style: [AnyHashable: Any]?

    /// The image drawn for each particle (a `CGImage`); defaults to nil. Other values are
    /// ignored and reported. Animatable.
    open var contents: Any? {
        get { state.contents }
        set {
            if let newValue, !(newValue is CGImage) {
                Diagnostics.reject("CAEmitterCell: ignored contents of type \(type(of: newValue))")
                return
            }
            state.contents = newValue as? CGImage
        }
    }

    /// What the cell shows outside its active time; defaults to `.removed`.
    open var fillMode: CAMediaTimingFillMode {
        get { state.fillMode }
        set { state.fillMode = newValue }
    }

    /// The name of the cell, used in key paths such as `emitterCells.fire.birthRate`; defaults to nil.
    open var name: String? {
        get { state.name }
        set { state.name = newValue }
    }

    /// Whether the cell emits particles; defaults to true.
    open var isEnabled: Bool {
        get { state.isEnabled }
        set { state.isEnabled = newValue }
    }

    /// The number of particles created each second, multiplied by the layer's `birthRate`; defaults to
    /// 0. Animatable.
    open var birthRate: Float {
        get { state.birthRate }
        set { state.birthRate = newValue }
    }

    /// The mean lifetime of each particle, in seconds; defaults to 0. Animatable.
    open var lifetime: Float {
        get { state.lifetime }
        set { state.lifetime = newValue }
    }

    /// The amount by which a particle's lifetime may vary either way from `lifetime`; defaults to 0.
    /// Animatable.
    open var lifetimeRange: Float {
        get { state.lifetimeRange }
        set { state.lifetimeRange = newValue }
    }

    /// The angle of the emission direction out of the xy-plane, in radians; defaults to 0. Animatable.
    open var emissionLatitude: CGFloat {
        get { state.emissionLatitude }
        set { state.emissionLatitude = newValue }
    }

    /// The angle of the emission direction in the xy-plane, in radians from the x axis; defaults to 0.
    /// Animatable.
    open var emissionLongitude: CGFloat {
        get { state.emissionLongitude }
        set { state.emissionLongitude = newValue }
    }

    /// The angle, in radians, of a cone around the emission direction across which particles are spread
    /// uniformly; defaults to 0. Animatable.
    open var emissionRange: CGFloat {
        get { state.emissionRange }
        set { state.emissionRange = newValue }
    }

    /// The initial speed of each particle, in points per second; defaults to 0. Animatable.
    open var velocity: CGFloat {
        get { state.velocity }
        set { state.velocity = newValue }
    }

    /// The amount by which a particle's initial speed may vary either way from `velocity`; defaults to
    /// 0. Animatable.
    open var velocityRange: CGFloat {
        get { state.velocityRange }
        set { state.velocityRange = newValue }
    }

    /// The x component of the acceleration applied to particles, in points per second squared; defaults
    /// to 0. Animatable.
    open var xAcceleration: CGFloat {
        get { state.xAcceleration }
        set { state.xAcceleration = newValue }
    }

    /// The y component of the acceleration applied to particles, in points per second squared; defaults
    /// to 0. Animatable.
    open var yAcceleration: CGFloat {
        get { state.yAcceleration }
        set { state.yAcceleration = newValue }
    }

    /// The z component of the acceleration applied to particles, in points per second squared; defaults
    /// to 0. Animatable.
    open var zAcceleration: CGFloat {
        get { state.zAcceleration }
        set { state.zAcceleration = newValue }
    }

    /// The scale factor applied to the particle's contents; defaults to 1. Animatable.
    open var scale: CGFloat {
        get { state.scale }
        set { state.scale = newValue }
    }

    /// The amount by which a particle's scale may vary either way from `scale`; defaults to 0.
    /// Animatable.
    open var scaleRange: CGFloat {
        get { state.scaleRange }
        set { state.scaleRange = newValue }
    }

    /// The change of a particle's scale per second; defaults to 0. Animatable.
    open var scaleSpeed: CGFloat {
        get { state.scaleSpeed }
        set { state.scaleSpeed = newValue }
    }

    /// The rotational velocity of each particle, in radians per second; defaults to 0. Animatable.
    open var spin: CGFloat {
        get { state.spin }
        set { state.spin = newValue }
    }

    /// The amount by which a particle's spin may vary either way from `spin`; defaults to 0.
    /// Animatable.
    open var spinRange: CGFloat {
        get { state.spinRange }
        set { state.spinRange = newValue }
    }

    /// The colour the particle's contents are multiplied by; defaults to opaque white. Animatable.
    open var color: CGColor? {
        get { state.color }
        set { state.color = newValue }
    }

    /// The amount by which a particle's red component may vary either way from `color`'s; defaults to
    /// 0. Animatable.
    open var redRange: Float {
        get { state.redRange }
        set { state.redRange = newValue }
    }

    /// The amount by which a particle's green component may vary either way from `color`'s; defaults to
    /// 0. Animatable.
    open var greenRange: Float {
        get { state.greenRange }
        set { state.greenRange = newValue }
    }

    /// The amount by which a particle's blue component may vary either way from `color`'s; defaults to
    /// 0. Animatable.
    open var blueRange: Float {
        get { state.blueRange }
        set { state.blueRange = newValue }
    }

    /// The amount by which a particle's alpha may vary either way from `color`'s; defaults to 0.
    /// Animatable.
    open var alphaRange: Float {
        get { state.alphaRange }
        set { state.alphaRange = newValue }
    }

    /// The change of a particle's red component per second; defaults to 0. Animatable.
    open var redSpeed: Float {
        get { state.redSpeed }
        set { state.redSpeed = newValue }
    }

    /// The change of a particle's green component per second; defaults to 0. Animatable.
    open var greenSpeed: Float {
        get { state.greenSpeed }
        set { state.greenSpeed = newValue }
    }

    /// The change of a particle's blue component per second; defaults to 0. Animatable.
    open var blueSpeed: Float {
        get { state.blueSpeed }
        set { state.blueSpeed = newValue }
    }

    /// The change of a particle's alpha per second (-0.4 fades a particle out in 2.5 s); defaults to 0.
    /// Animatable.
    open var alphaSpeed: Float {
        get { state.alphaSpeed }
        set { state.alphaSpeed = newValue }
    }

    /// The part of `contents`, in unit coordinates, each particle shows; defaults to the whole image.
    /// Animatable.
    open var contentsRect: CGRect {
        get { state.contentsRect }
        set { state.contentsRect = newValue }
    }

    /// The scale factor between the contents image's pixels and points; defaults to 1.
    open var contentsScale: CGFloat {
        get { state.contentsScale }
        set { state.contentsScale = newValue }
    }

    /// The filter used when a particle's contents are drawn smaller; defaults to `.linear`.
    open var minificationFilter: CALayerContentsFilter {
        get { state.minificationFilter }
        set { state.minificationFilter = newValue }
    }

    /// The filter used when a particle's contents are drawn larger; defaults to `.linear`.
    open var magnificationFilter: CALayerContentsFilter {
        get { state.magnificationFilter }
        set { state.magnificationFilter = newValue }
    }

    /// The bias added to the level of detail of the minification filter; defaults to 0.
    open var minificationFilterBias: Float {
        get { state.minificationFilterBias }
        set { state.minificationFilterBias = newValue }
    }

    /// When the cell starts emitting, in seconds of its parent's time (the layer's, or the parent
    /// particle's age for a sub-cell); defaults to 0.
    open var beginTime: CFTimeInterval {
        get { state.beginTime }
        set { state.beginTime = newValue }
    }

    /// How long the cell emits, in seconds of its own time; 0 (the default) emits as long as the parent
    /// lives.
    open var duration: CFTimeInterval {
        get { state.duration }
        set { state.duration = newValue }
    }

    /// How fast the cell's time runs relative to its parent's; defaults to 1 (0 stops emission).
    open var speed: Float {
        get { state.speed }
        set { state.speed = newValue }
    }

    /// An offset added to the cell's local time; defaults to 0.
    open var timeOffset: CFTimeInterval {
        get { state.timeOffset }
        set { state.timeOffset = newValue }
    }

    /// The number of times the cell's timing repeats; defaults to 0.
    open var repeatCount: Float {
        get { state.repeatCount }
        set { state.repeatCount = newValue }
    }

    /// How long the cell's timing repeats for, in seconds; defaults to 0.
    open var repeatDuration: CFTimeInterval {
        get { state.repeatDuration }
        set { state.repeatDuration = newValue }
    }

    /// Whether the cell's timing plays backwards after playing forwards; defaults to false.
    open var autoreverses: Bool {
        get { state.autoreverses }
        set { state.autoreverses = newValue }
    }
}
