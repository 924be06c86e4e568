import CGLES3
import CompositorCore

/// The program that turns a video frame's Y'CbCr planes into an RGBA8 texture: one triangle
/// over the target, each pixel reading its luma sample (`texelFetch`) and its chroma upsampled
/// bilinearly from the four chroma samples around it, placed as the frame's `ChromaSiting` says
/// (one filtered read per chroma plane at the pixel's chroma position: the texture unit does the
/// blend), then applying the frame's `YCbCrConversion`.
struct VideoConversionProgram {
    let program: GLuint
    private let interleaved: GLint
    private let chromaOrigin: GLint
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
        uniform vec2 chromaOrigin;  // per axis: 1/2 where chroma is co-sited, 1/4 where halfway
        uniform vec4 toRed;
        uniform vec4 toGreen;
        uniform vec4 toBlue;
        out vec4 color;
        void main() {
            ivec2 p = ivec2(gl_FragCoord.xy);
            // Pixel p's chroma position in chroma texels: p / 2 on a co-sited axis, p / 2 - 1/4
            // halfway, plus 1/2 to the texel's centre; the chroma planes filter linearly, so the
            // texture unit blends the samples around it with the weights 0, 1/4, 1/2 or 3/4 of
            // ChromaSiting.neighbours, and clamps at the edges as the CPU conversion does.
            vec2 t = (vec2(p) * 0.5 + chromaOrigin) / vec2(textureSize(blueChromaPlane, 0));
            vec2 chroma = interleaved == 1 ? texture(blueChromaPlane, t).rg
                                           : vec2(texture(blueChromaPlane, t).r, texture(redChromaPlane, t).r);
            chroma *= 255.0;
            vec4 s = vec4(texelFetch(lumaPlane, p, 0).r * 255.0, chroma, 1.0);
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
        chromaOrigin = glGetUniformLocation(program, "chromaOrigin")
        rows = (glGetUniformLocation(program, "toRed"), glGetUniformLocation(program, "toGreen"),
                glGetUniformLocation(program, "toBlue"))
    }

    /// Sets the layout, the chroma siting and the conversion (the program must be in use).
    func setUniforms(layout: VideoFrameImage.Layout, siting: ChromaSiting, conversion: YCbCrConversion) {
        glUniform1i(interleaved, layout == .nv12 ? 1 : 0)
        glUniform2f(chromaOrigin, siting.isHorizontallyCosited ? 0.5 : 0.25, siting.isVerticallyCosited ? 0.5 : 0.25)
        let c = conversion.coefficients
        for (location, row) in [rows.0, rows.1, rows.2].enumerated().map({ ($0.element, c[$0.offset]) }) {
            glUniform4f(location, row.x, row.y, row.z, row.w)
        }
    }
}
