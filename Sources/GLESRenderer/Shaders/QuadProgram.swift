import CGLES3
import CompositorCore

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
    static let gradient = ShaderFeatures(rawValue: 64)
    /// A per-instance damage rectangle (`DamagedCanvasDraws`) outside which fragments are discarded.
    static let damage = ShaderFeatures(rawValue: 128)
    /// The fill colour alone on every covered pixel (the quads clearing damage rectangles).
    static let solid = ShaderFeatures(rawValue: 256)
    /// The lean variant for plain textured quads (`QuadInstance.isSprite`): the texel times opacity
    /// and edge coverage. With it, `hardEdges` means every edge of every quad is hard.
    static let sprite = ShaderFeatures(rawValue: 512)
    /// The texture is a video frame's luma plane, converted with its chroma planes per fragment
    /// (`VideoPlanes`).
    static let video = ShaderFeatures(rawValue: 1024)
    /// The number of combinations.
    static let combinations = 2048

    /// The features of a batch that `other`'s quads join: the union, except that the batch stays
    /// a sprite batch only when both are sprites with the same edge treatment.
    func merged(with other: ShaderFeatures) -> ShaderFeatures {
        var union = self.union(other)
        if !contains(.sprite) || !other.contains(.sprite) || contains(.hardEdges) != other.contains(.hardEdges) {
            union.remove(.sprite)
        }
        return union
    }

    /// The macros the shader files test with `#ifdef` for these features.
    var macroNames: [String] {
        [(ShaderFeatures.textured, "QC_TEXTURED"), (.clipped, "QC_CLIPPED"), (.hardEdges, "QC_HARD_EDGES"), (.border, "QC_BORDER"),
         (.clipRect, "QC_CLIP_RECT"), (.blur, "QC_BLUR"), (.gradient, "QC_GRADIENT"),
         (.damage, "QC_DAMAGE"), (.solid, "QC_SOLID"), (.sprite, "QC_SPRITE"), (.video, "QC_VIDEO")]
            .filter { contains($0.0) }.map(\.1)
    }

    /// The `#define` lines of `names`, inserted after the shaders' `#version` line.
    static func defines(_ names: [String]) -> String { names.map { "#define \($0) 1\n" }.joined() }

    /// The macro that moves the distance fields' per-quad constants to the vertex stage.
    static let vertexConstantsMacro = "QC_VERTEX_CONSTANTS"

    /// The varying vectors the variant's vertex stage passes with the per-quad constants made
    /// there (`vertexConstants`) or in the fragment stage; nil when the source cannot be read.
    func varyingVectors(vertexConstants: Bool) -> Int? {
        var names = Set(macroNames)
        if vertexConstants { names.insert(Self.vertexConstantsMacro) }
        return VaryingBudget.vectors(in: ShaderIncludes.resolve(ShaderSources.quadVert), defined: names)
    }

    /// Whether the variant takes its per-quad constants from the vertex stage: only where its
    /// varyings then stay within OpenGL ES 3.0's minimum (`VaryingBudget`), so that every
    /// variant links on every device. The constants cost up to three vectors more: the shape's
    /// frame and capped radii replace its radii (one more), and a border adds its inner frame
    /// and radii (two).
    var takesVertexConstants: Bool {
        guard let vectors = varyingVectors(vertexConstants: true) else { return false }
        return vectors <= VaryingBudget.minimumVectors
    }
}

/// A linked variant of the uber quad program and its uniform locations, looked up once.
struct QuadProgram {
    let program: GLuint
    let canvasLocation: GLint
    /// `u_canvasFromWindow`: the viewport's origin, the canvas height and its y sign, with which
    /// the fragment stage finds a pixel centre's exact canvas position (-1 where unused).
    let canvasFromWindowLocation: GLint
    let textureLocation: GLint
    let clipTableLocation: GLint
    /// The gradient variant's uniforms (-1 in other variants).
    let gradientKindLocation: GLint
    let gradientGeometryLocation: GLint
    let stopCountLocation: GLint
    let stopLocationsLocation: GLint
    let stopColorsLocation: GLint
    /// The video variant's uniforms.
    let video: VideoUniformLocations

    /// Texture units the program samples.
    static let contentUnit: GLint = 0
    static let clipTableUnit: GLint = 1

    /// Compiles and links the embedded shaders with `features` defined, taking the per-quad
    /// constants from the vertex stage where `vertexConstants` allows and the budget does
    /// (`ShaderFeatures.takesVertexConstants`).
    ///
    /// - Throws: `GLError.call("glCompileShader" / "glLinkProgram", ...)` with the driver's log.
    init(features: ShaderFeatures, vertexConstants: Bool = true) throws {
        var names = features.macroNames
        if vertexConstants && features.takesVertexConstants { names.append(ShaderFeatures.vertexConstantsMacro) }
        let defines = ShaderFeatures.defines(names)
        let program = try ShaderCompiler.link(vertex: (ShaderCompiler.source(ShaderSources.quadVert, defines), "quad.vert.glsl"),
                                              fragment: (ShaderCompiler.source(ShaderSources.quadFrag, defines), "quad.frag.glsl"))
        self.program = program
        canvasLocation = glGetUniformLocation(program, "u_canvas")
        canvasFromWindowLocation = glGetUniformLocation(program, "u_canvasFromWindow")
        textureLocation = glGetUniformLocation(program, "u_texture")
        clipTableLocation = glGetUniformLocation(program, "u_clipTable")
        gradientKindLocation = glGetUniformLocation(program, "u_gradientKind")
        gradientGeometryLocation = glGetUniformLocation(program, "u_gradientGeometry")
        stopCountLocation = glGetUniformLocation(program, "u_stopCount")
        stopLocationsLocation = glGetUniformLocation(program, "u_stopLocations")
        stopColorsLocation = glGetUniformLocation(program, "u_stopColors")
        glUseProgram(program)
        video = VideoUniformLocations(program: program)
        if textureLocation >= 0 { glUniform1i(textureLocation, Self.contentUnit) }
        if clipTableLocation >= 0 { glUniform1i(clipTableLocation, Self.clipTableUnit) }
        try GLError.check("glUseProgram")
    }

    /// Loads `gradient` into the gradient variant's uniforms; the program must be in use.
    func setGradient(_ gradient: GradientUniforms) {
        glUniform1i(gradientKindLocation, gradient.kind)
        glUniform4f(gradientGeometryLocation, gradient.geometry.x, gradient.geometry.y, gradient.geometry.z, gradient.geometry.w)
        glUniform1i(stopCountLocation, gradient.stopCount)
        glUniform1fv(stopLocationsLocation, GLsizei(GradientFill.maximumStops), gradient.locations)
        glUniform4fv(stopColorsLocation, GLsizei(GradientFill.maximumStops), gradient.colors)
    }
}
