/// An animation that applies the motion of a damped spring to a property: a mass on a spring
/// released from the start value, settling on the end value.
///
/// The spring replaces the timing function; it is evaluated at the animation's local time
/// whatever its `duration`, which only bounds how long it runs (set it to `settlingDuration`).
open class CASpringAnimation: CABasicAnimation {
    /// The mass of the object attached to the spring; defaults to 1.
    open var mass: CGFloat = 1
    /// The spring stiffness coefficient; defaults to 100.
    open var stiffness: CGFloat = 100
    /// The damping coefficient (friction); defaults to 10.
    open var damping: CGFloat = 10
    /// The initial velocity of the object, in units of the whole distance per second; positive
    /// means towards the end value. Defaults to 0.
    open var initialVelocity: CGFloat = 0

    /// Creates a spring animation with the default spring.
    public override init() { super.init() }

    /// Creates a spring animation from an archive; a spring parameter missing from it keeps its default.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        if let n = coder.decodeNumber(forKey: "mass") { mass = CGFloat(n.doubleValue) }
        if let n = coder.decodeNumber(forKey: "stiffness") { stiffness = CGFloat(n.doubleValue) }
        if let n = coder.decodeNumber(forKey: "damping") { damping = CGFloat(n.doubleValue) }
        if let n = coder.decodeNumber(forKey: "initialVelocity") { initialVelocity = CGFloat(n.doubleValue) }
    }

    /// Archives the animation with its spring.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        for (key, value) in [("mass", mass), ("stiffness", stiffness), ("damping", damping), ("initialVelocity", initialVelocity)] {
            coder.encode(NSNumber(value: Double(value)), forKey: key)
        }
    }

    /// The estimated time for the spring to come to rest: the time after which its displacement
    /// stays within 0.1 % of the distance (see `DampedSpring.settlingTime`).
    open var settlingDuration: CFTimeInterval { dampedSpring.settlingTime() }

    /// The spring's closed-form motion for the current parameters.
    var dampedSpring: DampedSpring {
        DampedSpring(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                     initialVelocity: Double(initialVelocity))
    }

    /// Returns an independent copy with the same spring.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CASpringAnimation
        copy.mass = mass
        copy.stiffness = stiffness
        copy.damping = damping
        copy.initialVelocity = initialVelocity
        return copy
    }
}
