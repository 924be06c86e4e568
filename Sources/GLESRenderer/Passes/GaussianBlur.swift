import CGLES3
import CompositorCore
import CoreGraphics
import Foundation

/// One pass of a `BlurPlan`: `destination`'s content is `source`'s alpha blurred along one axis
/// (or, with one weight, resampled: a halving).
struct BlurStep {
    var source: RenderTarget
    var destination: RenderTarget
    /// Maps `gl_FragCoord` in the destination to the source's texture coordinates: xy scale, zw offset.
    var map: SIMD4<Float>
    /// The texture-coordinate step between taps.
    var step: SIMD2<Float>
    /// Normalized weights by tap distance (index 0 is the centre).
    var weights: [Float]
    /// Whether all four channels are blurred (a layer's filters), not the alpha alone (a shadow).
    var allChannels = false
    /// The source coordinates taps are clamped to (min xy, max xy): the centres of the content's
    /// edge texels where the plan duplicates edges, unbounded otherwise.
    var clamp = BlurStep.unclamped

    /// No clamping: taps beyond the content read the target's transparent border.
    static let unclamped = SIMD4<Float>(-1e6, -1e6, 1e6, 1e6)

    /// The clamp to the centres of `target`'s content's edge texels.
    static func clamp(to target: RenderTarget) -> SIMD4<Float> {
        let b = Float(RenderTarget.border), w = Float(target.allocatedWidth), h = Float(target.allocatedHeight)
        return SIMD4((b + 0.5) / w, (b + 0.5) / h, (b + Float(target.width) - 0.5) / w, (b + Float(target.height) - 0.5) / h)
    }
}

/// The GLES execution of a `BlurPlan`: each halving is a pass of one bilinear tap at the corner
/// of four texels (their 2x2 box average), then the two directions of the Gaussian.
extension BlurPlan {
    /// The passes blurring `content`'s alpha, with targets from `pool` (the intermediate ones
    /// handed back once the passes are encoded), and the target holding the blurred image
    /// (covering `coveredRect` of the content's pixel space).
    /// With `allChannels`, every channel of the premultiplied colour is blurred.
    func passes(blurring content: RenderTarget, pool: RenderTargetPool,
                allChannels: Bool = false) throws -> (passes: [RenderPass], result: RenderTarget) {
        var passes: [RenderPass] = []
        var source = content, sourcePadding = padding
        for size in levelSizes.dropFirst() {
            let level = try pool.acquire(width: size.width, height: size.height)
            var step = Self.step(from: source, padding: sourcePadding, scale: 2, direction: SIMD2(0, 0), weights: [1], into: level)
            step.allChannels = allChannels
            if edges == .duplicated { step.clamp = BlurStep.clamp(to: source) }
            passes.append(RenderPass(destination: level, canvasWidth: size.width, canvasHeight: size.height, work: .blur(step)))
            source = level
            sourcePadding = 0
        }
        let horizontal = try pool.acquire(width: width, height: height)
        let vertical = try pool.acquire(width: width, height: height)
        var across = Self.step(from: source, padding: sourcePadding, scale: 1, direction: SIMD2(1, 0), weights: weights, into: horizontal)
        var down = Self.step(from: horizontal, padding: 0, scale: 1, direction: SIMD2(0, 1), weights: weights, into: vertical)
        across.allChannels = allChannels
        down.allChannels = allChannels
        if edges == .duplicated {
            across.clamp = BlurStep.clamp(to: source)
            down.clamp = BlurStep.clamp(to: horizontal)
        }
        passes.append(RenderPass(destination: horizontal, canvasWidth: width, canvasHeight: height, work: .blur(across)))
        passes.append(RenderPass(destination: vertical, canvasWidth: width, canvasHeight: height, work: .blur(down)))
        // The levels and the horizontal pass are read by the passes above alone.
        for pass in passes.dropLast() { if let level = pass.destination { pool.release(level) } }
        return (passes, vertical)
    }

    /// A step whose destination pixel i reads `source` at its padded position (i + 0.5) * `scale`
    /// (the source's pixel 0 lies `padding` pixels into the padded space), taps `direction` apart.
    private static func step(from source: RenderTarget, padding: Int, scale: Int, direction: SIMD2<Float>,
                             weights: [Float], into destination: RenderTarget) -> BlurStep {
        // gl_FragCoord.x = i + border + 0.5 in the destination; the source's texel position of
        // padded position p is p - padding + border.
        let s = Float(scale), border = Float(RenderTarget.border)
        let sw = Float(source.allocatedWidth), sh = Float(source.allocatedHeight)
        let offset = border - border * s - Float(padding)
        return BlurStep(source: source, destination: destination,
                        map: SIMD4(s / sw, s / sh, offset / sw, offset / sh),
                        step: SIMD2(direction.x / sw, direction.y / sh), weights: weights)
    }
}

/// The blur shader program and its uniform locations.
struct BlurProgram {
    let program: GLuint
    private let mapLocation: GLint
    private let stepLocation: GLint
    private let radiusLocation: GLint
    private let weightsLocation: GLint
    private let allChannelsLocation: GLint
    private let clampLocation: GLint

    /// Compiles and links the embedded blur shaders.
    init() throws {
        program = try ShaderCompiler.link(vertex: (ShaderSources.blurVert, "blur.vert.glsl"),
                                          fragment: (ShaderSources.blurFrag, "blur.frag.glsl"))
        mapLocation = glGetUniformLocation(program, "u_map")
        stepLocation = glGetUniformLocation(program, "u_step")
        radiusLocation = glGetUniformLocation(program, "u_radius")
        weightsLocation = glGetUniformLocation(program, "u_weights[0]")
        allChannelsLocation = glGetUniformLocation(program, "u_allChannels")
        clampLocation = glGetUniformLocation(program, "u_clamp")
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
        glUniform1i(allChannelsLocation, step.allChannels ? 1 : 0)
        glUniform4f(clampLocation, step.clamp.x, step.clamp.y, step.clamp.z, step.clamp.w)
        step.weights.withUnsafeBufferPointer { glUniform1fv(weightsLocation, GLsizei($0.count), $0.baseAddress) }
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }
}
