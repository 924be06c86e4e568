import CGLES3
import CompositorCore
import Foundation

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
    /// The chroma planes' size in samples.
    let chromaWidth: Int, chromaHeight: Int
    /// Where the frame's chroma lies against its luma.
    let siting: ChromaSiting
    /// The frame's matrix and range.
    let conversion: YCbCrConversion

    static func == (a: VideoPlanes, b: VideoPlanes) -> Bool {
        a.placement.texture == b.placement.texture && a.chroma == b.chroma && a.redChroma == b.redChroma
            && a.isInterleaved == b.isInterleaved && a.siting == b.siting && a.conversion == b.conversion
    }

    /// Whether `quad`, showing the texture coordinates `coordinates` of the luma plane, puts
    /// each luma texel on one pixel: unrotated, unscaled and on whole pixels. Every pixel centre
    /// then lies on a texel centre, where linear filtering returns the texel itself, so the luma
    /// is read nearest (one texel read instead of four) with the same result.
    static func mapsTexelsToPixels(_ quad: Quad, coordinates: SIMD4<Float>, width: Int, height: Int) -> Bool {
        let m = quad.transform
        guard m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 == 1 else { return false }
        let r = quad.rect
        /// Whether texel T of `texels` (texture coordinate T / texels, `low` at the rect's min
        /// edge and `high` at its max) lands at pixel start + T with start whole, on one axis
        /// whose pixel is `scale` times the local position plus `offset`.
        func isAligned(scale: Double, offset: Double, minimum: Double, length: Double, texels: Int, low: Float, high: Float) -> Bool {
            let span = Double(high - low) * Double(texels)
            guard span > 0 else { return false }
            let pixelsPerTexel = scale * length / span
            let start = scale * (minimum - Double(low) * Double(texels) * length / span) + offset
            return abs(pixelsPerTexel - 1) < 1e-6 && abs(start - start.rounded()) < 1.0 / 1024
        }
        return isAligned(scale: m.m11, offset: m.m41, minimum: r.minX, length: r.width, texels: width, low: coordinates.x, high: coordinates.z)
            && isAligned(scale: m.m22, offset: m.m42, minimum: r.minY, length: r.height, texels: height,
                         low: coordinates.y, high: coordinates.w)
    }

    /// The texture units the chroma planes are bound to (the luma plane takes the content unit).
    static let chromaUnit: GLint = 2
    static let redChromaUnit: GLint = 3
}

/// The video variant's uniform locations in a quad program (-1 in the other variants).
struct VideoUniformLocations {
    private let redChromaComponent: GLint
    private let chromaMap: GLint
    private let rows: (GLint, GLint, GLint)

    /// Looks the uniforms up in `program`, which must be in use, and points its chroma samplers at their units.
    init(program: GLuint) {
        redChromaComponent = glGetUniformLocation(program, "u_redChromaComponent")
        chromaMap = glGetUniformLocation(program, "u_chromaMap")
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
        // plus 1/2 to the texel's centre (ChromaSiting.neighbours); then over the plane's size.
        let w = Float(max(planes.chromaWidth, 1)), h = Float(max(planes.chromaHeight, 1))
        let originX: Float = planes.siting.isHorizontallyCosited ? 0.5 : 0.25, originY: Float = planes.siting.isVerticallyCosited ? 0.5 : 0.25
        glUniform4f(chromaMap, 0.5 / w, 0.5 / h, originX / w, originY / h)
        let c = planes.conversion.coefficients
        for (location, row) in zip([rows.0, rows.1, rows.2], c) { glUniform4f(location, row.x, row.y, row.z, row.w) }
    }
}
