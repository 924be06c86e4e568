/// An animation that runs several animations of one layer together, in the group's time.
///
/// Children's times are measured from the group's start; a child with no duration of its own
/// takes the group's, and a child that runs longer is cut at the group's end (000:945-982;
/// DESIGN.md "Where the seeds disagree").
open class CAAnimationGroup: CAAnimation {
    /// The animations in the group.
    open var animations: [CAAnimation]?

    /// Creates an empty group.
    public override init() { super.init() }

    /// Returns an independent copy; the children are copied too.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CAAnimationGroup
        copy.animations = animations?.map { $0.copy() as! CAAnimation }
        return copy
    }
}
