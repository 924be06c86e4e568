import CGLES3

/// Creates and deletes the renderer's GL objects and counts the live ones, so that a leak shows
/// as a count that grows.
final class GLObjectLedger {
    private(set) var counts = GLObjectCounts()

    func makeTexture() -> GLuint {
        var name: GLuint = 0
        glGenTextures(1, &name)
        counts.textures += 1
        return name
    }

    func deleteTexture(_ name: GLuint) {
        var name = name
        glDeleteTextures(1, &name)
        counts.textures -= 1
    }

    func makeBuffer() -> GLuint {
        var name: GLuint = 0
        glGenBuffers(1, &name)
        counts.buffers += 1
        return name
    }

    func deleteBuffer(_ name: GLuint) {
        var name = name
        glDeleteBuffers(1, &name)
        counts.buffers -= 1
    }

    func makeSampler() -> GLuint {
        var name: GLuint = 0
        glGenSamplers(1, &name)
        counts.samplers += 1
        return name
    }

    func deleteSampler(_ name: GLuint) {
        var name = name
        glDeleteSamplers(1, &name)
        counts.samplers -= 1
    }

    func makeVertexArray() -> GLuint {
        var name: GLuint = 0
        glGenVertexArrays(1, &name)
        counts.vertexArrays += 1
        return name
    }

    func deleteVertexArray(_ name: GLuint) {
        var name = name
        glDeleteVertexArrays(1, &name)
        counts.vertexArrays -= 1
    }

    func adoptProgram() { counts.programs += 1 }

    func deleteProgram(_ name: GLuint) {
        glDeleteProgram(name)
        counts.programs -= 1
    }
}
