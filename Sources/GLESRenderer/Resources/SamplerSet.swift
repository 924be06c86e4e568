import CGLES3
import CompositorCore

/// One sampler object per (minification, magnification) filter pair, clamped to the edge.
struct SamplerSet {
    private var samplers: [GLuint] = []

    init(ledger: GLObjectLedger) {
        for key in 0..<6 {
            let sampler = ledger.makeSampler()
            let minification = key / 2, magnification = key % 2
            let minFilter = [GL_NEAREST, GL_LINEAR, GL_LINEAR_MIPMAP_LINEAR][minification]
            glSamplerParameteri(sampler, GLenum(GL_TEXTURE_MIN_FILTER), minFilter)
            glSamplerParameteri(sampler, GLenum(GL_TEXTURE_MAG_FILTER), magnification == 0 ? GL_NEAREST : GL_LINEAR)
            glSamplerParameteri(sampler, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
            glSamplerParameteri(sampler, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
            samplers.append(sampler)
        }
    }

    /// A small key for a filter pair (trilinear magnification is linear).
    @inline(__always)
    static func key(minification: TextureFilter, magnification: TextureFilter) -> Int {
        let minIndex = minification == .nearest ? 0 : (minification == .linear ? 1 : 2)
        return minIndex * 2 + (magnification == .nearest ? 0 : 1)
    }

    func sampler(forKey key: Int) -> GLuint { samplers[key] }

    func release(ledger: GLObjectLedger) {
        for sampler in samplers { ledger.deleteSampler(sampler) }
    }
}
