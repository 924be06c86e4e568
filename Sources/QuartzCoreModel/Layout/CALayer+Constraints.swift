import Foundation

extension CALayer {
    /// The behaviour of `constraints` (the overridable member in `CALayer`'s body forwards here).
    var baseConstraints: [CAConstraint]? {
        get { constraintStorage.isEmpty ? nil : constraintStorage }
        set {
            constraintStorage = newValue ?? []
            superlayerStorage?.setNeedsLayout()
        }
    }

    /// The behaviour of `addConstraint` (the overridable member in `CALayer`'s body forwards here).
    func baseAddConstraint(_ constraint: CAConstraint) {
        constraintStorage.append(constraint)
        superlayerStorage?.setNeedsLayout()
    }
}
