/// The kinds of transition.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    /// The constant's string value.
    public let rawValue: String

    /// Creates a transition type from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The new content fades in over the old (a crossfade); the default.
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content slides in, pushing the old content out of the opposite side.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content slides away, revealing the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The directions of a transition.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    /// The constant's string value.
    public let rawValue: String

    /// Creates a transition subtype from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The transition moves from the right edge.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// The transition moves from the left edge.
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// The transition moves from the top edge.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// The transition moves from the bottom edge.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// An animation between a layer's appearance before a change and after it, applied to the
/// whole layer; a layer has at most one, under the key `"transition"` (000:1247-1310;
/// 001:5247-5394).
open class CATransition: CAAnimation {
    /// The kind of transition; defaults to `.fade`.
    open var type: CATransitionType = .fade
    /// The direction of a moving transition; nil means from the left (001:5262-5270).
    open var subtype: CATransitionSubtype?
    /// The progress at which the transition starts, 0...1; defaults to 0.
    open var startProgress: Float = 0
    /// The progress at which the transition ends, 0...1; defaults to 1.
    open var endProgress: Float = 1

    /// Creates a fade transition.
    public override init() { super.init() }

    /// Creates a transition from an archive, with its type, subtype and progress range.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        type = coder.decodeConstant(CATransitionType.self, forKey: "type") ?? .fade
        subtype = coder.decodeConstant(CATransitionSubtype.self, forKey: "subtype")
        if let n = coder.decodeNumber(forKey: "startProgress") { startProgress = n.floatValue }
        if let n = coder.decodeNumber(forKey: "endProgress") { endProgress = n.floatValue }
    }

    /// Archives the transition with its type, subtype and progress range.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encodeConstant(type, forKey: "type")
        coder.encodeConstant(subtype, forKey: "subtype")
        coder.encode(NSNumber(value: startProgress), forKey: "startProgress")
        coder.encode(NSNumber(value: endProgress), forKey: "endProgress")
    }

    /// Returns an independent copy with the same type, subtype and progress range.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CATransition
        copy.type = type
        copy.subtype = subtype
        copy.startProgress = startProgress
        copy.endProgress = endProgress
        return copy
    }

    /// A transition is always stored under `"transition"` (kCATransition), whatever the event.
    override func actionKey(forEvent event: String) -> String { "transition" }
}
