/// How a keyframe animation computes the values between its keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    /// The constant's string value.
    public let rawValue: String

    /// Creates a calculation mode from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Straight-line interpolation between keyframes at the key times; the default.
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// No interpolation: each value holds from its key time until the next (000:922).
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Linear interpolation at constant velocity; `keyTimes` and `timingFunctions` are ignored.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A smooth spline through the keyframes at the key times.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// A smooth spline through the keyframes at constant velocity.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether a layer following a path rotates to match the path's direction.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    /// The constant's string value.
    public let rawValue: String

    /// Creates a rotation mode from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The layer rotates to the tangent of the path (001:5052-5080).
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// The layer rotates to the tangent of the path plus 180 degrees.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// An animation through a sequence of values, or along a path, with per-keyframe timing
/// (000:862-925; 001:4954-5080).
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values.
    open var values: [Any]?
    /// A path for a point property to follow; when set it takes precedence over `values`.
    open var path: CGPath?
    /// The time of each keyframe as a fraction 0...1 of the duration; nil means evenly spaced.
    open var keyTimes: [NSNumber]?
    /// One timing function per segment between keyframes; nil means linear.
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed; defaults to `.linear`.
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// The tension of each keyframe of a cubic spline (-1...1); nil means 0.
    open var tensionValues: [NSNumber]?
    /// The continuity of each keyframe of a cubic spline (-1...1); nil means 0.
    open var continuityValues: [NSNumber]?
    /// The bias of each keyframe of a cubic spline (-1...1); nil means 0.
    open var biasValues: [NSNumber]?
    /// Whether a layer following `path` rotates with it; nil (the default) means no rotation.
    open var rotationMode: CAAnimationRotationMode?

    /// Creates a keyframe animation with no keyframes.
    public override init() { super.init() }

    /// Creates a keyframe animation from an archive, with its keyframes and settings.
    public required init?(coder: NSCoder) {
        values = coder.decodeAnimationValue(forKey: "values") as? [Any]
        path = coder.decodeAnimationValue(forKey: "path") as? CGPath
        keyTimes = coder.decodeAnimationValue(forKey: "keyTimes") as? [NSNumber]
        timingFunctions = coder.decodeAnimationValue(forKey: "timingFunctions") as? [CAMediaTimingFunction]
        calculationMode = coder.decodeConstant(CAAnimationCalculationMode.self, forKey: "calculationMode") ?? .linear
        tensionValues = coder.decodeAnimationValue(forKey: "tensionValues") as? [NSNumber]
        continuityValues = coder.decodeAnimationValue(forKey: "continuityValues") as? [NSNumber]
        biasValues = coder.decodeAnimationValue(forKey: "biasValues") as? [NSNumber]
        rotationMode = coder.decodeConstant(CAAnimationRotationMode.self, forKey: "rotationMode")
        super.init(coder: coder)
    }

    /// Archives the animation with its keyframes and settings.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encodeAnimationValue(values, forKey: "values")
        coder.encodeAnimationValue(path, forKey: "path")
        coder.encodeAnimationValue(keyTimes, forKey: "keyTimes")
        coder.encodeAnimationValue(timingFunctions, forKey: "timingFunctions")
        coder.encodeConstant(calculationMode, forKey: "calculationMode")
        coder.encodeAnimationValue(tensionValues, forKey: "tensionValues")
        coder.encodeAnimationValue(continuityValues, forKey: "continuityValues")
        coder.encodeAnimationValue(biasValues, forKey: "biasValues")
        coder.encodeConstant(rotationMode, forKey: "rotationMode")
    }

    /// Returns the default of `key`: `.linear` for `calculationMode`, as Apple's
    /// `+defaultValueForKey:` measurably names it (GNUstep libs-quartzcore
    /// `Tests/quartzcore/CAKeyframeAnimation/properties.m`; nil for `values`), else the
    /// superclass's answer.
    open override class func defaultValue(forKey key: String) -> Any? {
        key == "calculationMode" ? CAAnimationCalculationMode.linear : super.defaultValue(forKey: key)
    }

    /// Returns an independent copy with the same keyframes and settings.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CAKeyframeAnimation
        copy.values = values
        copy.path = path
        copy.keyTimes = keyTimes
        copy.timingFunctions = timingFunctions
        copy.calculationMode = calculationMode
        copy.tensionValues = tensionValues
        copy.continuityValues = continuityValues
        copy.biasValues = biasValues
        copy.rotationMode = rotationMode
        return copy
    }
}
