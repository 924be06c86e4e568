import Foundation

/// The abstract superclass of all animations: media timing, a timing function, a delegate, and
/// a dictionary of arbitrary values (001:4570-4574).
///
/// Adding an animation to a layer copies it (001:5914-5916); the copy is compiled into the
/// Sendable form the render side evaluates, so changing the original afterwards has no effect.
open class CAAnimation: NSObject, NSSecureCoding, NSCopying, CAMediaTiming, CAAction {
    /// The duration used when `duration` is 0: 0.25 seconds (001:5633).
    static let defaultDuration: CFTimeInterval = 0.25

    /// The begin time, in the parent's time space; 0 means "when added".
    open var beginTime: CFTimeInterval = 0
    /// The duration of one iteration; 0 means 0.25 s (001:5633).
    open var duration: CFTimeInterval = 0
    /// The time multiplier; defaults to 1.
    open var speed: Float = 1
    /// The offset added to local time; defaults to 0.
    open var timeOffset: CFTimeInterval = 0
    /// The number of iterations; 0 (the default) means one.
    open var repeatCount: Float = 0
    /// How long to repeat for; 0 (the default) means "use `repeatCount`".
    open var repeatDuration: CFTimeInterval = 0
    /// Whether iterations play forwards then backwards; defaults to false.
    open var autoreverses: Bool = false
    /// What the animation shows outside its active interval; defaults to `.removed`.
    open var fillMode: CAMediaTimingFillMode = .removed
    /// The pacing of the animation; nil means linear.
    open var timingFunction: CAMediaTimingFunction?
    /// The delegate, held strongly as Apple's animations hold it.
    open var delegate: CAAnimationDelegate?
    /// Whether the layer removes the animation when its active duration ends; defaults to true.
    open var isRemovedOnCompletion: Bool = true

    /// Values set through `setValue(_:forKey:)` under keys that are not properties.
    private var extraValues: [String: Any] = [:]

    /// Creates an animation with the default values.
    public override init() { super.init() }

    /// Animations archive with `NSKeyedArchiver` and unarchive as secure coding asks.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the animation: its timing, timing function, fill mode, removal flag and the
    /// values stored under keys that are not properties (values that cannot be archived, such as
    /// images, are logged and left out). The delegate is not archived. Subclasses override it to
    /// archive their own properties after calling super, as on Apple platforms.
    open func encode(with coder: NSCoder) {
        coder.encode(beginTime, forKey: "beginTime")
        coder.encode(duration, forKey: "duration")
        coder.encode(speed, forKey: "speed")
        coder.encode(timeOffset, forKey: "timeOffset")
        coder.encode(repeatCount, forKey: "repeatCount")
        coder.encode(repeatDuration, forKey: "repeatDuration")
        coder.encode(autoreverses, forKey: "autoreverses")
        coder.encodeConstant(fillMode, forKey: "fillMode")
        coder.encodeAnimationValue(timingFunction, forKey: "timingFunction")
        coder.encode(isRemovedOnCompletion, forKey: "removedOnCompletion")
        if !extraValues.isEmpty { coder.encodeAnimationValue(extraValues, forKey: "extraValues") }
    }

    /// Creates an animation from an archive written by `encode(with:)`; properties missing from
    /// the archive keep their defaults. Subclasses override it to read their own properties.
    public required init?(coder: NSCoder) {
        super.init()
        if coder.containsValue(forKey: "beginTime") { beginTime = coder.decodeDouble(forKey: "beginTime") }
        if coder.containsValue(forKey: "duration") { duration = coder.decodeDouble(forKey: "duration") }
        if coder.containsValue(forKey: "speed") { speed = coder.decodeFloat(forKey: "speed") }
        if coder.containsValue(forKey: "timeOffset") { timeOffset = coder.decodeDouble(forKey: "timeOffset") }
        if coder.containsValue(forKey: "repeatCount") { repeatCount = coder.decodeFloat(forKey: "repeatCount") }
        if coder.containsValue(forKey: "repeatDuration") { repeatDuration = coder.decodeDouble(forKey: "repeatDuration") }
        autoreverses = coder.decodeBool(forKey: "autoreverses")
        fillMode = coder.decodeConstant(CAMediaTimingFillMode.self, forKey: "fillMode") ?? .removed
        timingFunction = coder.decodeAnimationValue(forKey: "timingFunction") as? CAMediaTimingFunction
        if coder.containsValue(forKey: "removedOnCompletion") {
            isRemovedOnCompletion = coder.decodeBool(forKey: "removedOnCompletion")
        }
        extraValues = coder.decodeAnimationValue(forKey: "extraValues") as? [String: Any] ?? [:]
    }

    /// Creates an animation through the dynamic type's `init()`: the framework's way to call an
    /// initializer on an animation class known only at run time (see `CARuntimeInstantiation`).
    public required convenience init(_ instantiation: CARuntimeInstantiation) {
        self.init()
    }

    /// Creates a new animation object, as `CAAnimation.animation()` does in Objective-C.
    open class func animation() -> Self { self.init(CARuntimeInstantiation()) }

    /// The default value for `key`, returned by `value(forKey:)` when nothing was set. Subclasses
    /// override it to give custom keys defaults; the base class returns the documented defaults
    /// of its own properties and nil for other keys.
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "beginTime", "duration", "timeOffset", "repeatDuration": return CFTimeInterval(0)
        case "speed": return Float(1)
        case "repeatCount": return Float(0)
        case "autoreverses": return false
        case "fillMode": return CAMediaTimingFillMode.removed
        case "removedOnCompletion", "isRemovedOnCompletion": return true
        default: return nil
        }
    }

    /// Whether the property named `key` should be archived; true for every key here.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// Sets the property named `key`, or stores `value` under `key` when it names no property
    /// (animations are key-value containers; the book tags them this way, 001:4829-4835).
    /// A value of the wrong type for a property is stored as an extra value instead.
    open func setValue(_ value: Any?, forKey key: String) {
        if setTimingValue(value, forKey: key) { return }
        extraValues[key] = value
    }

    /// The property named `key`, or the value stored under `key`, or `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "beginTime": return beginTime
        case "duration": return duration
        case "speed": return speed
        case "timeOffset": return timeOffset
        case "repeatCount": return repeatCount
        case "repeatDuration": return repeatDuration
        case "autoreverses": return autoreverses
        case "fillMode": return fillMode
        case "timingFunction": return timingFunction
        case "delegate": return delegate
        case "removedOnCompletion", "isRemovedOnCompletion": return isRemovedOnCompletion
        default: return extraValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
    }

    /// Sets one of the base class's properties from a KVC value; false when `key` is not one of
    /// them or `value` has the wrong type.
    private func setTimingValue(_ value: Any?, forKey key: String) -> Bool {
        let number = (value as? NSNumber)?.doubleValue ?? (value as? Double)
            ?? (value as? Float).map(Double.init) ?? (value as? Int).map(Double.init)
        switch (key, number) {
        case ("beginTime", let n?): beginTime = n
        case ("duration", let n?): duration = n
        case ("speed", let n?): speed = Float(n)
        case ("timeOffset", let n?): timeOffset = n
        case ("repeatCount", let n?): repeatCount = Float(n)
        case ("repeatDuration", let n?): repeatDuration = n
        default:
            switch key {
            case "autoreverses": guard let b = value as? Bool else { return false }; autoreverses = b
            case "fillMode": guard let m = value as? CAMediaTimingFillMode else { return false }; fillMode = m
            case "timingFunction":
                guard value == nil || value is CAMediaTimingFunction else { return false }
                timingFunction = value as? CAMediaTimingFunction
            case "removedOnCompletion", "isRemovedOnCompletion":
                guard let b = value as? Bool else { return false }; isRemovedOnCompletion = b
            default: return false
            }
        }
        return true
    }

    /// Returns an independent copy, as `copy(with: nil)` does.
    open override func copy() -> Any { copy(with: nil) }

    /// Returns an independent copy: same class (made through the subclass's `init()`), same
    /// property values, same delegate and extra values. Subclasses override it, as on Apple
    /// platforms (`NSCopying`), to copy their own properties after calling super; layers copy
    /// an animation through it when it is added.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init(CARuntimeInstantiation())
        copy.beginTime = beginTime
        copy.duration = duration
        copy.speed = speed
        copy.timeOffset = timeOffset
        copy.repeatCount = repeatCount
        copy.repeatDuration = repeatDuration
        copy.autoreverses = autoreverses
        copy.fillMode = fillMode
        copy.timingFunction = timingFunction
        copy.delegate = delegate
        copy.isRemovedOnCompletion = isRemovedOnCompletion
        copy.extraValues = extraValues
        return copy
    }

    /// The key under which `run(forKey:object:arguments:)` adds the animation: the event itself
    /// (a transition overrides it with `"transition"`).
    func actionKey(forEvent event: String) -> String { event }

    /// Runs the animation as an action: adds it (the layer copies it) to `anObject` under the
    /// event's key. Does nothing when `anObject` cannot hold animations.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? AnimationHost)?.add(self, forKey: actionKey(forEvent: event))
    }
}
