/// An animation that runs several animations of one layer together, in the group's time.
///
/// Children's times are measured from the group's start; a child with no duration of its own
/// takes the group's, and a child that runs longer is cut at the group's end (000:945-982;
/// the documents disagree, and this follows Apple's current QuartzCore).
open class CAAnimationGroup: CAAnimation {
    /// The animations in the group.
    open var animations: [CAAnimation]?

    /// Creates an empty group.
    public override init() { super.init() }

    /// Creates a group from an archive, with its animations (unarchived too).
    public required init?(coder: NSCoder) {
        animations = coder.decodeAnimationValue(forKey: "animations") as? [CAAnimation]
        super.init(coder: coder)
    }

    /// Archives the group with its animations.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encodeAnimationValue(animations, forKey: "animations")
    }

    /// Returns a copy of the group holding the same child animations, not copies of them, as
    /// Apple's measurably does (GNUstep libs-quartzcore `Tests/quartzcore/CAAnimationGroup/group.m`).
    /// A group added to a layer is compiled when it is added, so changing a child afterwards does
    /// not change the running animation.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CAAnimationGroup
        copy.animations = animations
        return copy
    }
}
