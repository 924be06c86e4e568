/// Reads of a committed layer's animations where the layer table keeps them, for the render
/// server's walk of the layers it draws in parts.
extension RenderLayer {
    /// Whether the animations of the layer at `layer` include a transition
    /// (`containsTransition`). Asked from another module, `layer.pointee.animations
    /// .containsTransition` retains and releases the list around the getter's call (about 40
    /// instructions a layer and frame); here the getter is inlined, its loop calls nothing that
    /// could release the list, and the list is read where it lies.
    package static func animationsContainTransition(_ layer: UnsafePointer<RenderLayer>) -> Bool {
        layer.pointee.animations.containsTransition
    }
}
