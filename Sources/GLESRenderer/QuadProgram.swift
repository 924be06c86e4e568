import CGLES3

/// The optional parts of the uber shader; each combination is compiled once, on first use, so a
/// batch runs only the code its quads need (Mesa's llvmpipe executes both sides of a branch).
struct ShaderFeatures: OptionSet {
    let rawValue: Int
    static let textured = ShaderFeatures(rawValue: 1)
    static let clipped = ShaderFeatures(rawValue: 2)
    static let hardEdges = ShaderFeatures(rawValue: 4)
    static let border = ShaderFeatures(rawValue: 8)
    static let clipRect = ShaderFeatures(rawValue: 16)
    static let blur = ShaderFeatures(rawValue: 32)
    /// The number of combinations.
    static let combinations = 64

    /// The `#define` lines the shader files test with `#ifdef`.
    var defines: String {
        [(ShaderFeatures.textured, "QC_TEXTURED"), (.clipped, "QC_CLIPPED"), (.hardEdges, "QC_HARD_EDGES"), (.border, "QC_BORDER"),
         (.clipRect, "QC_CLIP_RECT"), (.blur, "QC_BLUR")]
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
        let program = try ShaderCompiler.link(vertex: (ShaderCompiler.source(ShaderSources.quadVert, defines), "quad.vert.glsl"),
                                              fragment: (ShaderCompiler.source(ShaderSources.quadFrag, defines), "quad.frag.glsl"))
        self.program = program
        canvasLocation = glGetUniformLocation(program, "u_canvas")
        textureLocation = glGetUniformLocation(program, "u_texture")
        clipTableLocation = glGetUniformLocation(program, "u_clipTable")
        glUseProgram(program)
        if textureLocation >= 0 { glUniform1i(textureLocation, Self.contentUnit) }
        if clipTableLocation >= 0 { glUniform1i(clipTableLocation, Self.clipTableUnit) }
        try GLError.check("glUseProgram")
    }
}
