import CGLES3

/// How a batch's fragments combine with the target's pixels (the GL blend state).
enum BatchBlend: Equatable {
    /// Blending off: the quads are opaque.
    case replace
    /// Premultiplied source-over.
    case sourceOver
    /// The fragment is added to the target, clamped (`BlendMode.plusLighter`).
    case additive
    /// The target is multiplied by the fragment's alpha (a mask applied to a group's content).
    case multiplyBySourceAlpha
}

/// A run of consecutive instances drawn by one instanced draw call: they share a texture, a
/// sampler and a blend state. Untextured quads join any batch, since they sample nothing.
/// Gradient quads (rare) get batches of their own, drawn with their stops as uniforms: only quads
/// with the same gradient join one, so ordinary batches never run the gradient code. Video quads
/// batch by their luma texture, so only quads of the same frame share one.
struct QuadBatch {
    var firstInstance: Int
    var instanceCount: Int
    /// The texture sampled, or 0 while the batch holds only untextured quads.
    var texture: GLuint
    var samplerKey: Int
    var blend: BatchBlend
    /// The shader features any of its quads needs; the batch is drawn with their union.
    var features: ShaderFeatures
    /// The gradient every quad of the batch paints, or nil.
    var gradient: GradientUniforms? = nil
    /// The video frame whose planes the batch's texture is the luma of, or nil.
    var video: VideoPlanes? = nil
    /// Whether its quads need different features (`LeanBatchSplitter` may split it).
    var isMixed = false

    /// Whether the quad written at `instance` with this state can join the batch.
    @inline(__always)
    func accepts(instance: Int, texture newTexture: GLuint, samplerKey newKey: Int, blend newBlend: BatchBlend,
                 gradient newGradient: GradientUniforms?, video newVideo: VideoPlanes?) -> Bool {
        guard newBlend == blend, instance == firstInstance + instanceCount else { return false }
        if gradient != nil || newGradient != nil, gradient != newGradient { return false }
        // A texture holds one frame's luma within a frame; its planes come with it.
        if newVideo != nil, newTexture == texture, video != newVideo { return false }
        return newTexture == 0 || texture == 0 || (newTexture == texture && newKey == samplerKey)
    }
}
