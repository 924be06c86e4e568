import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// A layer whose running animations only move it (each a scalar animation of its `position` or
/// `transform`: `transform.rotation.z`, `position.x`, ...) and whose model changed since the
/// last frame at most in its placement has, apart from its placement, the presentation it had
/// then: it is a moved layer (`redrawMoved`), whose last drawing is drawn again with its new
/// map. Only the position and transform are evaluated (`LayerStateBox.animatePlacement(_:by:
/// localTime:owner:)`), not the whole presentation state, and the layer is not placed.
extension FrameFlattener {
    /// Sets `toParent` to the map from the animated `layer`'s space to its superlayer's in
    /// `parent` (as `place(_:in:evaluated:)` finds it from the presentation) and `localTime` to
    /// the layer's local time, and returns true, when its animations only move it; false
    /// otherwise, or when the superlayer adds to the map (a flip or a `sublayerTransform`: left
    /// to `place`). (Written in place: an optional result was copied out.)
    func animatedToSuperlayer(_ layer: UnsafePointer<RenderLayer>, in parent: ParentContext,
                              toParent: inout CATransform3D, localTime: inout CFTimeInterval) -> Bool {
        guard !parent.superlayerAddsGeometry else { return false }
        // Not retained: the caller's table or copy holds the layer, and the layer its box.
        unowned(unsafe) let box = layer.pointee.stateStorage
        localTime = Self.localTime(of: box, parentTime: parent.time)
        var placement = LayerPlacement()
        guard box.animatePlacement(&placement, by: layer.pointee.animations, localTime: localTime,
                                   owner: stores.presentationOwner) else { return false }
        toParent = LayerGeometry.toPosition(of: box, placement: placement)
        return true
    }

    /// Notes the animations of `layer`, drawn moved at local time `localTime` in `parent`, as
    /// `place(_:in:evaluated:)` notes those of a layer it places.
    mutating func noteAnimations(of layer: UnsafePointer<RenderLayer>, localTime: CFTimeInterval, in parent: ParentContext) {
        changes.noteAnimations(layer.pointee.animations, localTime: localTime,
                               rate: parent.rate * Double(layer.pointee.stateStorage.value.speed))
    }
}
