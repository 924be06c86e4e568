import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// A layer whose running animations only move it (each a scalar animation of its `position` or
/// `transform`: `transform.rotation.z`, `position.x`, ...) and whose model changed since the
/// last frame at most in its placement has, apart from its placement, the presentation it had
/// then: it is a moved layer (`redrawMoved`), whose last drawing is drawn again with its new
/// map. Only the position and transform are evaluated (`LayerStateBox.placement(animatedBy:
/// localTime:owner:)`), not the whole presentation state, and the layer is not placed.
extension FrameFlattener {
    /// The map from the animated `layer`'s space to its superlayer's in `parent` (as
    /// `place(_:in:evaluated:)` finds it from the presentation), and the layer's local time,
    /// when its animations only move it; nil otherwise, or when the superlayer adds to the map
    /// (a flip or a `sublayerTransform`: left to `place`).
    func animatedToSuperlayer(_ layer: UnsafePointer<RenderLayer>, in parent: ParentContext)
        -> (toParent: CATransform3D, localTime: CFTimeInterval)? {
        guard !parent.superlayerAddsGeometry else { return nil }
        // Not retained: the caller's table or copy holds the layer, and the layer its box.
        unowned(unsafe) let box = layer.pointee.stateStorage
        let time = Self.localTime(of: box, parentTime: parent.time)
        guard let placement = box.placement(animatedBy: layer.pointee.animations, localTime: time,
                                            owner: stores.presentationOwner) else { return nil }
        return (LayerGeometry.toPosition(of: box, placement: placement), time)
    }

    /// Notes the animations of `layer`, drawn moved at local time `localTime` in `parent`, as
    /// `place(_:in:evaluated:)` notes those of a layer it places.
    mutating func noteAnimations(of layer: UnsafePointer<RenderLayer>, localTime: CFTimeInterval, in parent: ParentContext) {
        changes.noteAnimations(layer.pointee.animations, localTime: localTime,
                               rate: parent.rate * Double(layer.pointee.stateStorage.value.speed))
    }
}
