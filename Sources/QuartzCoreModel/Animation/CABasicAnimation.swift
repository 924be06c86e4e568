/// A single-keyframe animation of a property between a start and an end value, given by any
/// two of `fromValue`, `toValue` and `byValue` — or fewer, the rest taken from the layer
/// (001:4580-4610; the combinations are listed on `BasicValueRule`).
open class CABasicAnimation: CAPropertyAnimation {
    /// The value the animation starts from.
    open var fromValue: Any?
    /// The value the animation ends at.
    open var toValue: Any?
    /// The value added to the start value to give the end value.
    open var byValue: Any?
    /// Set on the implicit animation `CALayer.action(forKey:)` makes: the layer that runs it
    /// fills in `fromValue` in place instead of copying it first (not copied).
    var isFreshImplicitAnimation = false

    /// Creates a basic animation with no values.
    public override init() { super.init() }

    /// Creates an animation from an archive, with its from, to and by values.
    public required init?(coder: NSCoder) {
        fromValue = coder.decodeAnimationValue(forKey: "fromValue")
        toValue = coder.decodeAnimationValue(forKey: "toValue")
        byValue = coder.decodeAnimationValue(forKey: "byValue")
        super.init(coder: coder)
    }

    /// Archives the animation with its from, to and by values.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encodeAnimationValue(fromValue, forKey: "fromValue")
        coder.encodeAnimationValue(toValue, forKey: "toValue")
        coder.encodeAnimationValue(byValue, forKey: "byValue")
    }

    /// Returns an independent copy with the same values.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CABasicAnimation
        copy.fromValue = fromValue
        copy.toValue = toValue
        copy.byValue = byValue
        return copy
    }

    /// The property named `key`, or the value stored under it (see `CAAnimation`).
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "fromValue": return fromValue
        case "toValue": return toValue
        case "byValue": return byValue
        default: return super.value(forKey: key)
        }
    }

    /// Sets the property named `key`, or stores `value` under it (see `CAAnimation`).
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: super.setValue(value, forKey: key)
        }
    }
}
