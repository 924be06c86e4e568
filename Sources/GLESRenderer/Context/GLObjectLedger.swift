import CGLES3

/// Creates and deletes the renderer's GL objects and counts the live ones, so that a leak shows
/// as a count that grows.
final class GLObjectLedger {
    private(set) var counts = GLObjectCounts()

    /// The signature shared by glGen* and glDelete* for textures, buffers, samplers and vertex arrays.
    private typealias NameFunction = (GLsizei, UnsafeMutablePointer<GLuint>?) -> Void

    private func make(_ generate: NameFunction, counting count: WritableKeyPath<GLObjectCounts, Int>) -> GLuint {
        var name: GLuint = 0
        generate(1, &name)
        counts[keyPath: count] += 1
        return name
    }

    private func delete(_ name: GLuint, with destroy: NameFunction, counting count: WritableKeyPath<GLObjectCounts, Int>) {
        var name = name
        destroy(1, &name)
        counts[keyPath: count] -= 1
    }

    func makeTexture() -> GLuint { make({ glGenTextures($0, $1) }, counting: \.textures) }
    func deleteTexture(_ name: GLuint) { delete(name, with: { glDeleteTextures($0, $1) }, counting: \.textures) }
    func makeBuffer() -> GLuint { make({ glGenBuffers($0, $1) }, counting: \.buffers) }
    func deleteBuffer(_ name: GLuint) { delete(name, with: { glDeleteBuffers($0, $1) }, counting: \.buffers) }
    func makeSampler() -> GLuint { make({ glGenSamplers($0, $1) }, counting: \.samplers) }
    func deleteSampler(_ name: GLuint) { delete(name, with: { glDeleteSamplers($0, $1) }, counting: \.samplers) }
    func makeVertexArray() -> GLuint { make({ glGenVertexArrays($0, $1) }, counting: \.vertexArrays) }
    func deleteVertexArray(_ name: GLuint) {
        delete(name, with: { glDeleteVertexArrays($0, $1) }, counting: \.vertexArrays)
    }

    func makeFramebuffer() -> GLuint { make({ glGenFramebuffers($0, $1) }, counting: \.framebuffers) }
    func deleteFramebuffer(_ name: GLuint) {
        delete(name, with: { glDeleteFramebuffers($0, $1) }, counting: \.framebuffers)
    }

    func adoptProgram() { counts.programs += 1 }

    func deleteProgram(_ name: GLuint) {
        glDeleteProgram(name)
        counts.programs -= 1
    }
}
