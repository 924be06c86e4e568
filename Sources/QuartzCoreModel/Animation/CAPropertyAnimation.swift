/// An abstract animation of one property of a layer, named by a key path relative to the layer:
/// `position`, `position.x`, `transform.rotation.z`, a custom key (001:4576; 003:891-916).
open class CAPropertyAnimation: CAAnimation {
    /// The key path of the animated property.
    open var keyPath: String?
    /// Whether the animated value is added to the property's current value instead of
    /// replacing it (for transforms: concatenated). Defaults to false.
    open var isAdditive: Bool = false
    /// Whether each repetition continues from where the previous one ended instead of starting
    /// over. Defaults to false.
    open var isCumulative: Bool = false
    /// A function that turns the animation's scalar values into transforms; nil by default.
    open var valueFunction: CAValueFunction?

    /// Creates an animation with no key path.
    public override init() { super.init() }

    /// Creates an animation from an archive: the timing of `CAAnimation` and the key path, flags
    /// and value function.
    public required init?(coder: NSCoder) {
        keyPath = coder.decodeString(forKey: "keyPath")
        isAdditive = coder.decodeBool(forKey: "additive")
        isCumulative = coder.decodeBool(forKey: "cumulative")
        valueFunction = coder.decodeAnimationValue(forKey: "valueFunction") as? CAValueFunction
        super.init(coder: coder)
    }

    /// Archives the animation's timing, key path, flags and value function.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        if let keyPath { coder.encode(keyPath as NSString, forKey: "keyPath") }
        coder.encode(isAdditive, forKey: "additive")
        coder.encode(isCumulative, forKey: "cumulative")
        coder.encodeAnimationValue(valueFunction, forKey: "valueFunction")
    }

    /// Creates an animation of the property at `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    /// Returns an independent copy with the same key path, flags and value function.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CAPropertyAnimation
        copy.keyPath = keyPath
        copy.isAdditive = isAdditive
        copy.isCumulative = isCumulative
        copy.valueFunction = valueFunction
        return copy
    }

    /// The property named `key`, or the value stored under it (see `CAAnimation`).
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "keyPath": return keyPath
        case "additive", "isAdditive": return isAdditive
        case "cumulative", "isCumulative": return isCumulative
        case "valueFunction": return valueFunction
        default: return super.value(forKey: key)
        }
    }

    /// Sets the property named `key`, or stores `value` under it (see `CAAnimation`).
    open override func setValue(_ value: Any?, forKey key: String) {
        switch (key, value) {
        case ("keyPath", let path as String): keyPath = path
        case ("keyPath", nil): keyPath = nil
        case ("additive", let flag as Bool), ("isAdditive", let flag as Bool): isAdditive = flag
        case ("cumulative", let flag as Bool), ("isCumulative", let flag as Bool): isCumulative = flag
        case ("valueFunction", let function as CAValueFunction): valueFunction = function
        case ("valueFunction", nil): valueFunction = nil
        default: super.setValue(value, forKey: key)
        }
    }
}
