/// The timing of a layer or an animation: when it starts, how fast its time runs, how long it
/// lasts, how often it repeats, and what it shows outside its active interval.
///
/// Local time is `(parentTime - beginTime) * speed + timeOffset` (the formula under the pause
/// and resume recipe of 000:1336-1362), with `beginTime` in the parent's time space.
public protocol CAMediaTiming: AnyObject {
    /// The begin time of the receiver, in its parent's time space (0 means "now" for an animation).
    var beginTime: CFTimeInterval { get set }
    /// The basic duration of one iteration, in seconds; 0 means 0.25 s for an animation (001:5633).
    var duration: CFTimeInterval { get set }
    /// How fast local time runs relative to the parent's; 0 pauses, negative runs backwards.
    var speed: Float { get set }
    /// An additional offset, in local time, that fast-forwards into the animation (001:5773).
    var timeOffset: CFTimeInterval { get set }
    /// The number of iterations; 0 means one, `.infinity` repeats forever (001:5629-5633).
    var repeatCount: Float { get set }
    /// How long the receiver repeats for, in local seconds; 0 means "use `repeatCount`".
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each iteration plays forwards and then backwards (000:1333).
    var autoreverses: Bool { get set }
    /// What the receiver shows before and after its active interval (001:5866-5885).
    var fillMode: CAMediaTimingFillMode { get set }
}

/// The values of `fillMode`: whether an animation's values fill the time before its start and
/// after its end.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The constant's string value.
    public let rawValue: String

    /// Creates a fill mode from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The animation's end value is held after it ends (needs `isRemovedOnCompletion = false`).
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The animation's start value is shown before it begins (000:1331).
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both `forwards` and `backwards`.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    /// The model value is shown outside the active interval; the default (001:5880).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")

    /// Whether the start value fills the time before the active interval.
    var fillsBackwards: Bool { self == .backwards || self == .both }
    /// Whether the end value fills the time after the active interval.
    var fillsForwards: Bool { self == .forwards || self == .both }
}
