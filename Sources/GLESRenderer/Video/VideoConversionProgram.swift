import CGLES3
import CompositorCore

/// The program that turns a video frame's Y'CbCr planes into an RGBA8 texture: one triangle
/// over the target, each pixel reading its luma sample and its chroma upsampled bilinearly from
/// the four chroma samples around it, placed as the frame's `ChromaSiting` says (`texelFetch`
/// and the weights of `ChromaSiting.neighbours`, the CPU renderer's order of operations), then
/// applying the frame's `YCbCrConversion`.
struct VideoConversionProgram {
    let program: GLuint
    private let interleaved: GLint
    private let cosited: GLint
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
        uniform ivec2 cosited;  // chroma co-sited horizontally, vertically (1) or halfway (0)
        uniform vec4 toRed;
        uniform vec4 toGreen;
        uniform vec4 toBlue;
        out vec4 color;
        // The first chroma sample around luma sample `i` on one axis, and the second's weight.
        void neighbours(int i, int isCosited, out int first, out float weight) {
            if (isCosited == 1) {
                first = i >> 1;
                weight = (i & 1) == 1 ? 0.5 : 0.0;
            } else if ((i & 1) == 1) {
                first = i >> 1;
                weight = 0.25;
            } else {
                first = (i >> 1) - 1;
                weight = 0.75;
            }
        }
        // Cb and Cr at chroma texel t.
        vec2 chromaAt(ivec2 t) {
            if (interleaved == 1) return texelFetch(blueChromaPlane, t, 0).rg;
            return vec2(texelFetch(blueChromaPlane, t, 0).r, texelFetch(redChromaPlane, t, 0).r);
        }
        void main() {
            ivec2 p = ivec2(gl_FragCoord.xy);
            ivec2 size = textureSize(blueChromaPlane, 0);
            int x0; int y0;
            float fx; float fy;
            neighbours(p.x, cosited.x, x0, fx);
            neighbours(p.y, cosited.y, y0, fy);
            ivec2 low = clamp(ivec2(x0, y0), ivec2(0), size - 1);
            ivec2 high = clamp(ivec2(x0 + 1, y0 + 1), ivec2(0), size - 1);
            // The chroma rows blended first, then the columns: the CPU renderer's order.
            vec2 left = chromaAt(ivec2(low.x, low.y)) * 255.0 * (1.0 - fy) + chromaAt(ivec2(low.x, high.y)) * 255.0 * fy;
            vec2 right = chromaAt(ivec2(high.x, low.y)) * 255.0 * (1.0 - fy) + chromaAt(ivec2(high.x, high.y)) * 255.0 * fy;
            vec2 chroma = left * (1.0 - fx) + right * fx;
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
        cosited = glGetUniformLocation(program, "cosited")
        rows = (glGetUniformLocation(program, "toRed"), glGetUniformLocation(program, "toGreen"),
                glGetUniformLocation(program, "toBlue"))
    }

    /// Sets the layout, the chroma siting and the conversion (the program must be in use).
    func setUniforms(layout: VideoFrameImage.Layout, siting: ChromaSiting, conversion: YCbCrConversion) {
        glUniform1i(interleaved, layout == .nv12 ? 1 : 0)
        glUniform2i(cosited, siting.isHorizontallyCosited ? 1 : 0, siting.isVerticallyCosited ? 1 : 0)
        let c = conversion.coefficients
        for (location, row) in [rows.0, rows.1, rows.2].enumerated().map({ ($0.element, c[$0.offset]) }) {
            glUniform4f(location, row.x, row.y, row.z, row.w)
        }
    }
}
