import CGLES3

/// The optional parts of the uber shader; each combination is compiled once, on first use, so a
/// batch runs only the code its quads need (Mesa's llvmpipe executes both sides of a branch).
struct ShaderFeatures: OptionSet {
    let rawValue: Int
    static let textured = ShaderFeatures(rawValue: 1)
    static let clipped = ShaderFeatures(rawValue: 2)
    static let hardEdges = ShaderFeatures(rawValue: 4)
    static let border = ShaderFeatures(rawValue: 8)
    /// The number of combinations.
    static let combinations = 16

    /// The `#define` lines the shader files test with `#ifdef`.
    var defines: String {
        [(ShaderFeatures.textured, "QC_TEXTURED"), (.clipped, "QC_CLIPPED"), (.hardEdges, "QC_HARD_EDGES"), (.border, "QC_BORDER")]
            .filter { contains($0.0) }.map { "#define \($0.1) 1\n" }.joined()
    }
}

/// A linked variant of the uber quad program and its uniform locations, looked up once.
struct QuadProgram {
    let program: GLuint
    let canvasLocation: GLint
    let textureLocation: GLint
    let clipTableLocation: GLint

    /// Texture units the program samples.
    static let contentUnit: GLint = 0
    static let clipTableUnit: GLint = 1

    /// Compiles and links the embedded shaders with `features` defined.
    ///
    /// - Throws: `GLError.call("glCompileShader" / "glLinkProgram", ...)` with the driver's log.
    init(features: ShaderFeatures) throws {
        let defines = features.defines
        let vertex = try Self.compile(Self.source(ShaderSources.quadVert, defines), stage: GLenum(GL_VERTEX_SHADER), file: "quad.vert.glsl")
        defer { glDeleteShader(vertex) }
        let fragment = try Self.compile(Self.source(ShaderSources.quadFrag, defines), stage: GLenum(GL_FRAGMENT_SHADER), file: "quad.frag.glsl")
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
        if textureLocation >= 0 { glUniform1i(textureLocation, Self.contentUnit) }
        if clipTableLocation >= 0 { glUniform1i(clipTableLocation, Self.clipTableUnit) }
        try GLError.check("glUseProgram")
    }

    /// The source with `defines` inserted after its `#version` line, which must stay first.
    static func source(_ text: String, _ defines: String) -> String {
        guard !defines.isEmpty, let newline = text.firstIndex(of: "\n") else { return text }
        return String(text[...newline]) + defines + String(text[text.index(after: newline)...])
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
