import Foundation

/// A layer's `position` and `transform`: all of its presentation that animations which only
/// move it (`transform.rotation.z`, `position.x`, ...) change, evaluated without the rest of
/// the state (`LayerStateBox.animatePlacement(_:by:localTime:owner:timings:)`).
package struct LayerPlacement: Sendable {
    /// The presentation `position`.
    package var position: CGPoint
    /// The presentation `transform`.
    package var transform: CATransform3D

    /// The identity transform at the origin, to be overwritten.
    package init() {
        position = .zero
        transform = CATransform3DIdentity
    }

    /// A placement of the given position and transform.
    package init(position: CGPoint, transform: CATransform3D) {
        self.position = position
        self.transform = transform
    }
}
