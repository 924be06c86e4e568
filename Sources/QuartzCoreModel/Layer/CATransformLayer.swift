/// Objects that are used to create true 3D layer hierarchies, rather than the flattened
/// hierarchy rendering model used by other layer types (001:3096-3222).
///
/// A transform layer draws nothing of its own (its background, border, contents and shadow are
/// ignored) and does not flatten its sublayers into its plane: they keep their depth in the
/// 3D space of its superlayer, where they are sorted back to front.
open class CATransformLayer: CALayer {
    override var renderKind: RenderLayerKind { .transform }
}
