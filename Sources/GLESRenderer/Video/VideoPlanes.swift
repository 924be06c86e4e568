import CGLES3
import CompositorCore

/// A video frame's planes on the GPU and what the quad shader's video variant (`QC_VIDEO`,
/// Shaders/include/quad.video.glsl) needs to read them: the luma texture is the batch's texture
/// (`placement`), the chroma textures and the conversion are set per batch. Two quads drawing
/// the same frame share one value, so they batch.
struct VideoPlanes: Equatable {
    /// The luma plane's texture, the whole frame.
    let placement: TexturePlacement
    /// Cb (I420) or the interleaved CbCr plane (NV12).
    let chroma: GLuint
    /// Cr (I420), or the NV12 plane again.
    let redChroma: GLuint
    /// Whether Cr is the second component of `redChroma` (NV12) rather than its only one.
    let isInterleaved: Bool
    /// Where the frame's chroma lies against its luma.
    let siting: ChromaSiting
    /// The frame's matrix and range.
    let conversion: YCbCrConversion

    static func == (a: VideoPlanes, b: VideoPlanes) -> Bool {
        a.placement.texture == b.placement.texture && a.chroma == b.chroma && a.redChroma == b.redChroma
            && a.isInterleaved == b.isInterleaved && a.siting == b.siting && a.conversion == b.conversion
    }

    /// The texture units the chroma planes are bound to (the luma plane takes the content unit).
    static let chromaUnit: GLint = 2
    static let redChromaUnit: GLint = 3
}

/// The video variant's uniform locations in a quad program (-1 in the other variants).
struct VideoUniformLocations {
    private let redChromaComponent: GLint
    private let chromaOrigin: GLint
    private let rows: (GLint, GLint, GLint)

    /// Looks the uniforms up in `program`, which must be in use, and points its chroma samplers at their units.
    init(program: GLuint) {
        redChromaComponent = glGetUniformLocation(program, "u_redChromaComponent")
        chromaOrigin = glGetUniformLocation(program, "u_chromaOrigin")
        rows = (glGetUniformLocation(program, "u_videoToRed"), glGetUniformLocation(program, "u_videoToGreen"),
                glGetUniformLocation(program, "u_videoToBlue"))
        let chroma = glGetUniformLocation(program, "u_chromaPlane"), redChroma = glGetUniformLocation(program, "u_redChromaPlane")
        if chroma >= 0 { glUniform1i(chroma, VideoPlanes.chromaUnit) }
        if redChroma >= 0 { glUniform1i(redChroma, VideoPlanes.redChromaUnit) }
    }

    /// Sets the layout, the chroma siting and the conversion of `planes` (the program must be in use).
    func set(_ planes: VideoPlanes) {
        glUniform2f(redChromaComponent, planes.isInterleaved ? 0 : 1, planes.isInterleaved ? 1 : 0)
        // In chroma texels, from a luma position p: p / 2 on a co-sited axis, p / 2 - 1/4 halfway,
        // plus 1/2 to the texel's centre (ChromaSiting.neighbours).
        glUniform2f(chromaOrigin, planes.siting.isHorizontallyCosited ? 0.5 : 0.25, planes.siting.isVerticallyCosited ? 0.5 : 0.25)
        let c = planes.conversion.coefficients
        for (location, row) in zip([rows.0, rows.1, rows.2], c) { glUniform4f(location, row.x, row.y, row.z, row.w) }
    }
}
