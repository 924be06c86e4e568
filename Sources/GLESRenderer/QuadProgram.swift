import CGLES3

/// The linked uber quad program and its uniform locations, looked up once.
struct QuadProgram {
    let program: GLuint
    let canvasLocation: GLint
    let textureLocation: GLint
    let clipTableLocation: GLint

    /// Texture units the program samples.
    static let contentUnit: GLint = 0
    static let clipTableUnit: GLint = 1

    /// Compiles and links the embedded shaders.
    ///
    /// - Throws: `GLError.call("glCompileShader" / "glLinkProgram", ...)` with the driver's log.
    init() throws {
        let vertex = try Self.compile(ShaderSources.quadVert, stage: GLenum(GL_VERTEX_SHADER), file: "quad.vert.glsl")
        defer { glDeleteShader(vertex) }
        let fragment = try Self.compile(ShaderSources.quadFrag, stage: GLenum(GL_FRAGMENT_SHADER), file: "quad.frag.glsl")
        defer { glDeleteShader(fragment) }
        let program = glCreateProgram()
        guard program != 0 else { throw GLError.call("glCreateProgram", code: glGetError(), log: "") }
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = Self.infoLog(program, length: glGetProgramiv, read: glGetProgramInfoLog)
            glDeleteProgram(program)
            throw GLError.call("glLinkProgram", code: GLenum(GL_INVALID_OPERATION), log: log)
        }
        self.program = program
        canvasLocation = glGetUniformLocation(program, "u_canvas")
        textureLocation = glGetUniformLocation(program, "u_texture")
        clipTableLocation = glGetUniformLocation(program, "u_clipTable")
        glUseProgram(program)
        glUniform1i(textureLocation, Self.contentUnit)
        glUniform1i(clipTableLocation, Self.clipTableUnit)
        try GLError.check("glUseProgram")
    }

    private static func compile(_ source: String, stage: GLenum, file: String) throws -> GLuint {
        let shader = glCreateShader(stage)
        guard shader != 0 else { throw GLError.call("glCreateShader", code: glGetError(), log: file) }
        source.withCString { pointer in
            var text: UnsafePointer<GLchar>? = pointer
            glShaderSource(shader, 1, &text, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = infoLog(shader, length: glGetShaderiv, read: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw GLError.call("glCompileShader", code: GLenum(GL_INVALID_OPERATION), log: "\(file): \(log)")
        }
        return shader
    }

    private static func infoLog(_ object: GLuint,
                                length: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
                                read: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void) -> String {
        var size: GLint = 0
        length(object, GLenum(GL_INFO_LOG_LENGTH), &size)
        guard size > 1 else { return "" }
        var buffer = [GLchar](repeating: 0, count: Int(size))
        read(object, size, nil, &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
