@_spi(RenderTables) import QuartzCoreModel

/// The kind of a committed layer told by its case. `kind == .plain` from this module calls the
/// synthesized `==` of `QuartzCoreModel` through its `Equatable` witness (about 16 instructions,
/// several times a layer a frame); matching the case is a comparison of the tag.
extension RenderLayerKind {
    /// Whether the layer is an ordinary one (it flattens its sublayers into its plane).
    var isPlain: Bool {
        if case .plain = self { return true }
        return false
    }

    /// Whether the layer is a transform layer (it keeps its sublayers in 3D).
    var isTransform: Bool { !isPlain }
}
