import CGLES3
import CompositorCore
import CoreGraphics
import Foundation

/// One direction of a separable Gaussian blur: `destination`'s content is the blur of `source`'s
/// alpha along one axis.
struct BlurStep {
    var source: RenderTarget
    var destination: RenderTarget
    /// Maps `gl_FragCoord` in the destination to the source's texture coordinates: xy scale, zw offset.
    var map: SIMD4<Float>
    /// The texture-coordinate step between taps.
    var step: SIMD2<Float>
    /// Normalized weights by tap distance (index 0 is the centre).
    var weights: [Float]
}

/// The geometry of a shadow's blur: the content's alpha, padded by 3 sigma on every side so that
/// the blur can spread, at 1/`downsample` resolution when sigma is large (then a blur of a few
/// pixels at low resolution does the work of a wide one, and bilinear filtering scales it back).
struct ShadowBlurPlan {
    /// The most taps on each side of the centre that the blur shader takes.
    static let maximumRadius = 32
    /// The largest sigma, in blurred-image pixels, before the plan halves the resolution again.
    static let preferredSigma = 4.0

    /// Content pixels per blurred-image pixel.
    let downsample: Int
    /// Content pixels of padding around the content (3 sigma, whole pixels).
    let padding: Int
    /// The blurred image's size.
    let width: Int, height: Int
    /// Sigma in blurred-image pixels.
    let sigma: Double

    /// Plans the blur of a `contentWidth` x `contentHeight` image by `sigma` content pixels into
    /// images no larger than `maximumSize` on a side.
    init(sigma contentSigma: Double, contentWidth: Int, contentHeight: Int, maximumSize: Int) {
        let padding = Int((3 * contentSigma).rounded(.up))
        var downsample = 1
        func size(_ content: Int) -> Int { (content + 2 * padding + downsample - 1) / downsample }
        while downsample < 64,
              contentSigma / Double(downsample) > Self.preferredSigma
                || size(contentWidth) > maximumSize || size(contentHeight) > maximumSize {
            downsample *= 2
        }
        self.downsample = downsample
        self.padding = padding
        width = min(size(contentWidth), maximumSize)
        height = min(size(contentHeight), maximumSize)
        let sigma = contentSigma / Double(downsample)
        self.sigma = sigma
        let radius = min(Self.maximumRadius, max(1, Int((3 * sigma).rounded(.up))))
        let raw = (0...radius).map { k in exp(-Double(k * k) / (2 * sigma * sigma)) }
        let total = raw[0] + 2 * raw.dropFirst().reduce(0, +)
        weights = raw.map { Float($0 / total) }
    }

    /// The region the blurred image covers, in content pixels (origin at the content's top-left).
    var coveredRect: CGRect {
        CGRect(x: -padding, y: -padding, width: width * downsample, height: height * downsample)
    }

    /// The Gaussian's weights by tap distance, normalized to a sum of 1 over both sides
    /// (computed once: both passes use them).
    let weights: [Float]

    /// The horizontal pass: reads the content at full resolution, writes the downsampled image.
    func horizontal(from content: RenderTarget, into destination: RenderTarget) -> BlurStep {
        // Destination pixel i (gl_FragCoord.x = i + border + 0.5) shows content position
        // (i + 0.5) * downsample - padding, which is texel position that + border in the source.
        let d = Float(downsample), border = Float(RenderTarget.border)
        let sw = Float(content.allocatedWidth), sh = Float(content.allocatedHeight)
        let offset = border - border * d - Float(padding)
        return BlurStep(source: content, destination: destination,
                        map: SIMD4(d / sw, d / sh, offset / sw, offset / sh),
                        step: SIMD2(d / sw, 0), weights: weights)
    }

    /// The vertical pass: reads the horizontal pass's image texel for texel.
    func vertical(from horizontal: RenderTarget, into destination: RenderTarget) -> BlurStep {
        let sw = Float(horizontal.allocatedWidth), sh = Float(horizontal.allocatedHeight)
        return BlurStep(source: horizontal, destination: destination,
                        map: SIMD4(1 / sw, 1 / sh, 0, 0), step: SIMD2(0, 1 / sh), weights: weights)
    }
}

/// The blur shader program and its uniform locations.
struct BlurProgram {
    let program: GLuint
    private let mapLocation: GLint
    private let stepLocation: GLint
    private let radiusLocation: GLint
    private let weightsLocation: GLint

    /// Compiles and links the embedded blur shaders.
    init() throws {
        program = try ShaderCompiler.link(vertex: (ShaderSources.blurVert, "blur.vert.glsl"),
                                          fragment: (ShaderSources.blurFrag, "blur.frag.glsl"))
        mapLocation = glGetUniformLocation(program, "u_map")
        stepLocation = glGetUniformLocation(program, "u_step")
        radiusLocation = glGetUniformLocation(program, "u_radius")
        weightsLocation = glGetUniformLocation(program, "u_weights[0]")
        glUseProgram(program)
        glUniform1i(glGetUniformLocation(program, "u_source"), QuadProgram.contentUnit)
        try GLError.check("blur program")
    }

    /// Draws `step` into its destination, which must be bound, with the program in use and the
    /// source's texture and a linear sampler on the content unit.
    func draw(_ step: BlurStep) {
        glUniform4f(mapLocation, step.map.x, step.map.y, step.map.z, step.map.w)
        glUniform2f(stepLocation, step.step.x, step.step.y)
        glUniform1i(radiusLocation, GLint(step.weights.count - 1))
        step.weights.withUnsafeBufferPointer { glUniform1fv(weightsLocation, GLsizei($0.count), $0.baseAddress) }
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }
}
