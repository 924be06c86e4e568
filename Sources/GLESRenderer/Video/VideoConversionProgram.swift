import CGLES3
import CompositorCore

/// The program that turns a video frame's Y'CbCr planes into an RGBA8 texture: one triangle
/// over the target, each pixel reading its luma sample and the chroma sample of its 2×2 block
/// (`texelFetch`, no filtering) and applying the frame's `YCbCrConversion`.
struct VideoConversionProgram {
    let program: GLuint
    private let interleaved: GLint
    private let rows: (GLint, GLint, GLint)

    static let vertexSource = """
        #version 300 es
        void main() {
            // One triangle covering the viewport: (-1,-1), (3,-1), (-1,3).
            vec2 p = vec2(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0);
            gl_Position = vec4(p, 0.0, 1.0);
        }
        """

    static let fragmentSource = """
        #version 300 es
        precision highp float;
        precision highp int;
        uniform highp sampler2D lumaPlane;
        uniform highp sampler2D blueChromaPlane;  // NV12: Cb and Cr interleaved
        uniform highp sampler2D redChromaPlane;
        uniform int interleaved;
        uniform vec4 toRed;
        uniform vec4 toGreen;
        uniform vec4 toBlue;
        out vec4 color;
        void main() {
            ivec2 p = ivec2(gl_FragCoord.xy);
            ivec2 c = p / 2;
            float cb;
            float cr;
            if (interleaved == 1) {
                vec2 both = texelFetch(blueChromaPlane, c, 0).rg;
                cb = both.r;
                cr = both.g;
            } else {
                cb = texelFetch(blueChromaPlane, c, 0).r;
                cr = texelFetch(redChromaPlane, c, 0).r;
            }
            vec4 s = vec4(vec3(texelFetch(lumaPlane, p, 0).r, cb, cr) * 255.0, 1.0);
            color = vec4(clamp(vec3(dot(toRed, s), dot(toGreen, s), dot(toBlue, s)), 0.0, 1.0), 1.0);
        }
        """

    init() throws {
        program = try ShaderCompiler.link(vertex: (Self.vertexSource, "video-conversion.vert"),
                                          fragment: (Self.fragmentSource, "video-conversion.frag"))
        glUseProgram(program)
        for (unit, name) in ["lumaPlane", "blueChromaPlane", "redChromaPlane"].enumerated() {
            glUniform1i(glGetUniformLocation(program, name), GLint(unit))
        }
        interleaved = glGetUniformLocation(program, "interleaved")
        rows = (glGetUniformLocation(program, "toRed"), glGetUniformLocation(program, "toGreen"),
                glGetUniformLocation(program, "toBlue"))
    }

    /// Sets the layout and the conversion (the program must be in use).
    func setUniforms(layout: VideoFrameImage.Layout, conversion: YCbCrConversion) {
        glUniform1i(interleaved, layout == .nv12 ? 1 : 0)
        let c = conversion.coefficients
        for (location, row) in [rows.0, rows.1, rows.2].enumerated().map({ ($0.element, c[$0.offset]) }) {
            glUniform4f(location, row.x, row.y, row.z, row.w)
        }
    }
}
