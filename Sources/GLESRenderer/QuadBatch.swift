import CGLES3

/// A run of consecutive instances drawn by one instanced draw call: they share a texture, a
/// sampler and a blend state. Untextured quads join any batch, since they sample nothing.
struct QuadBatch {
    var firstInstance: Int
    var instanceCount: Int
    /// The texture sampled, or 0 while the batch holds only untextured quads.
    var texture: GLuint
    var samplerKey: Int
    var isBlended: Bool
    /// The shader features any of its quads needs; the batch is drawn with their union.
    var features: ShaderFeatures

    /// Whether a quad with this state can join the batch.
    @inline(__always)
    func accepts(texture newTexture: GLuint, samplerKey newKey: Int, isBlended blended: Bool) -> Bool {
        guard blended == isBlended else { return false }
        return newTexture == 0 || texture == 0 || (newTexture == texture && newKey == samplerKey)
    }
}
