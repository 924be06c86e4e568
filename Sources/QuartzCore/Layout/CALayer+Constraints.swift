import Foundation

extension CALayer {
    /// The constraints that `CAConstraintLayoutManager` uses to lay out the layer within its
    /// superlayer; nil when there are none. Setting it schedules a layout of the superlayer.
    public var constraints: [CAConstraint]? {
        get { constraintStorage.isEmpty ? nil : constraintStorage }
        set {
            constraintStorage = newValue ?? []
            superlayerStorage?.setNeedsLayout()
        }
    }

    /// Appends `constraint` to the layer's constraints and schedules a layout of the superlayer.
    public func addConstraint(_ constraint: CAConstraint) {
        constraintStorage.append(constraint)
        superlayerStorage?.setNeedsLayout()
    }
}
