import CGLES3

/// Compiles and links GLSL ES programs, turning driver failures into `GLError`s with the log.
enum ShaderCompiler {
    /// The source with its includes spliced in (`ShaderIncludes`) and `defines` inserted after its
    /// `#version` line, which must stay first.
    static func source(_ text: String, _ defines: String) -> String {
        let text = ShaderIncludes.resolve(text)
        guard !defines.isEmpty, let newline = text.firstIndex(of: "\n") else { return text }
        return String(text[...newline]) + defines + String(text[text.index(after: newline)...])
    }

    /// Compiles both stages and links them into a program.
    ///
    /// - Throws: `GLError.call("glCompileShader" / "glLinkProgram", ...)` with the driver's log.
    static func link(vertex: (source: String, file: String), fragment: (source: String, file: String)) throws -> GLuint {
        let vertexShader = try compile(vertex.source, stage: GLenum(GL_VERTEX_SHADER), file: vertex.file)
        defer { glDeleteShader(vertexShader) }
        let fragmentShader = try compile(fragment.source, stage: GLenum(GL_FRAGMENT_SHADER), file: fragment.file)
        defer { glDeleteShader(fragmentShader) }
        let program = glCreateProgram()
        guard program != 0 else { throw GLError.call("glCreateProgram", code: glGetError(), log: "") }
        glAttachShader(program, vertexShader)
        glAttachShader(program, fragmentShader)
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = infoLog(program, length: glGetProgramiv, read: glGetProgramInfoLog)
            glDeleteProgram(program)
            throw GLError.call("glLinkProgram", code: GLenum(GL_INVALID_OPERATION), log: "\(fragment.file): \(log)")
        }
        return program
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
