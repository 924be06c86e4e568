import CGLES3
import CompositorCore
import CoreGraphics
import Foundation

/// One pass of a layer filter over a group's image (see `Shaders/filter.frag.glsl`).
struct FilterStep {
    /// What the pass computes (the shader's `u_mode`).
    enum Mode: Int32 {
        case resample = 0
        case colorMatrix = 1
        case vibrance = 2
        case bloom = 3
        /// The source's colour mixed with the backdrop (`second`) by `blend`, for compositing
        /// source-over (`CGBlendMode.blended(source:backdrop:)`).
        case blend = 4
    }

    var mode: Mode
    var source: RenderTarget
    var destination: RenderTarget
    /// Maps `gl_FragCoord` in the destination to the source's texture coordinates.
    var map: SIMD4<Float>
    /// A bloom's blurred image and its map.
    var second: RenderTarget?
    var secondMap = SIMD4<Float>(0, 0, 0, 0)
    var matrix = ColorMatrix.identity
    var amount: Float = 0
    /// The coordinates `source` and `second` are read at are clamped to these (min xy, max xy):
    /// a backdrop's edge texels repeat; unbounded by default.
    var clamp = BlurStep.unclamped
    var secondClamp = BlurStep.unclamped
    /// A blend step's formula.
    var blend = CGBlendMode.normal
}

/// The GLES execution of one `GroupFilter` step (a group's or a backdrop's): a colour step one
/// pass, a blur a `BlurPlan` over all four channels (halvings, then the two directions of the
/// Gaussian) and a pass resampling the result back onto the image's pixels, a bloom the same
/// plus a pass adding the blur to the image.
enum GroupFilterPasses {
    /// The passes running `filter` over `current` (an image of `scale` target pixels per pass
    /// pixel), the target holding the result (`current` itself when the step changes nothing),
    /// and the number of blur passes (`RenderStatistics.filterPasses`). Blurs read `edges`
    /// beyond the image (a backdrop's edge pixels repeat: `BackdropFilter`). The step's
    /// intermediate targets go back to `pool` once its passes are encoded.
    static func passes(for filter: GroupFilter, over current: RenderTarget, scale: Double, pool: RenderTargetPool,
                       edges: BlurPlan.Edges = .transparent) throws -> (passes: [RenderPass], result: RenderTarget, blurs: Int) {
        func pass(_ step: (RenderTarget) -> FilterStep) throws -> RenderPass {
            let destination = try pool.acquire(width: current.width, height: current.height)
            return RenderPass(destination: destination, canvasWidth: current.width, canvasHeight: current.height,
                              work: .filter(step(destination)))
        }
        switch filter {
        case .color(let matrix):
            guard !matrix.isIdentity else { return ([], current, 0) }
            let colored = try pass { FilterStep(mode: .colorMatrix, source: current, destination: $0, map: identityMap(current), matrix: matrix) }
            return ([colored], colored.destination!, 0)
        case .vibrance(let amount):
            let vivid = try pass { FilterStep(mode: .vibrance, source: current, destination: $0, map: identityMap(current), amount: amount) }
            return ([vivid], vivid.destination!, 0)
        case .blur(let sigma):
            guard let (blurPasses, blurredImage, map) = try blurred(current, sigma: Double(GroupFilter.renderedSigma(sigma)) * scale,
                                                                     pool: pool, edges: edges) else { return ([], current, 0) }
            var passes = blurPasses
            let resampled = try pass {
                var step = FilterStep(mode: .resample, source: blurredImage, destination: $0, map: map)
                if edges == .duplicated { step.clamp = BlurStep.clamp(to: blurredImage) }
                return step
            }
            pool.release(blurredImage)
            passes.append(resampled)
            return (passes, resampled.destination!, 1)
        case .bloom(let sigma, let intensity):
            guard let (blurPasses, blurredImage, map) = try blurred(current, sigma: Double(GroupFilter.renderedSigma(sigma)) * scale,
                                                                     pool: pool, edges: edges) else { return ([], current, 0) }
            var passes = blurPasses
            let bloomed = try pass {
                var step = FilterStep(mode: .bloom, source: current, destination: $0, map: identityMap(current),
                                      second: blurredImage, secondMap: map, amount: intensity)
                if edges == .duplicated { step.secondClamp = BlurStep.clamp(to: blurredImage) }
                return step
            }
            pool.release(blurredImage)
            passes.append(bloomed)
            return (passes, bloomed.destination!, 1)
        }
    }

    /// The passes of a backdrop's last step when it is a blur of `sigma` over `current` (`scale`
    /// copy pixels per target pixel, edges duplicated): the blurred image left at the blur's
    /// resolution, which the quad drawing it samples bilinearly at its pixels' centres, as the
    /// resampling pass would have (a pass over every pixel of the copy saved, the costliest on
    /// a software rasterizer). Also the part of the result that shows `current` (unit
    /// coordinates) and the number of blur passes.
    static func finalBackdropBlur(of current: RenderTarget, sigma: Float, scale: Double, pool: RenderTargetPool)
        throws -> (passes: [RenderPass], result: RenderTarget, unitRect: CGRect, blurs: Int) {
        let plan = BlurPlan(sigma: Double(GroupFilter.renderedSigma(sigma)) * scale, contentWidth: current.width,
                            contentHeight: current.height, maximumSize: pool.maximumContentSize, edges: .duplicated)
        guard !plan.isIdentity else { return ([], current, CGRect(x: 0, y: 0, width: 1, height: 1), 0) }
        let (blurPasses, blurred) = try plan.passes(blurring: current, pool: pool, allChannels: true)
        // The blurred image covers plan.width x downsample copy pixels, a little more than the copy.
        let unit = CGRect(x: 0, y: 0, width: Double(current.width) / Double(plan.width * plan.downsample),
                          height: Double(current.height) / Double(plan.height * plan.downsample))
        return (blurPasses, blurred, unit, 1)
    }

    /// The passes of a `BlurPlan` of `sigma` over `source`'s four channels, the blurred target
    /// and the map that samples it at the centres of `source`'s pixels (nil when the plan blurs
    /// nothing).
    private static func blurred(_ source: RenderTarget, sigma: Double, pool: RenderTargetPool, edges: BlurPlan.Edges)
        throws -> (passes: [RenderPass], target: RenderTarget, map: SIMD4<Float>)? {
        let plan = BlurPlan(sigma: sigma, contentWidth: source.width, contentHeight: source.height,
                            maximumSize: pool.maximumContentSize, edges: edges)
        guard !plan.isIdentity else { return nil }
        let (blurPasses, result) = try plan.passes(blurring: source, pool: pool, allChannels: true)
        // Destination pixel i (gl_FragCoord.x = i + border + 0.5) lies at padded position
        // i + 0.5 + padding, which is texel (i + 0.5 + padding) / downsample + border of the result.
        let s = 1 / Float(plan.downsample), border = Float(RenderTarget.border), pad = Float(plan.padding)
        let offset = (pad - border) * s + border
        let w = Float(result.allocatedWidth), h = Float(result.allocatedHeight)
        return (blurPasses, result, SIMD4(s / w, s / h, offset / w, offset / h))
    }

    /// The map reading `source` texel for texel (same size as the destination).
    static func identityMap(_ source: RenderTarget) -> SIMD4<Float> {
        let w = Float(source.allocatedWidth), h = Float(source.allocatedHeight)
        return SIMD4(1 / w, 1 / h, 0, 0)
    }
}

/// The filter shader program and its uniform locations.
struct FilterProgram {
    let program: GLuint
    private let mapLocation, secondMapLocation, modeLocation, matrixLocation, biasLocation, amountLocation: GLint
    private let clampLocation, secondClampLocation, blendLocation: GLint
    /// The texture unit of a bloom's blurred image (past the quad program's content and clip table).
    static let secondUnit: GLint = QuadProgram.clipTableUnit + 1

    /// Compiles and links the embedded filter shaders.
    init() throws {
        program = try ShaderCompiler.link(vertex: (ShaderSources.blurVert, "blur.vert.glsl"),
                                          fragment: (ShaderSources.filterFrag, "filter.frag.glsl"))
        mapLocation = glGetUniformLocation(program, "u_map")
        secondMapLocation = glGetUniformLocation(program, "u_secondMap")
        modeLocation = glGetUniformLocation(program, "u_mode")
        matrixLocation = glGetUniformLocation(program, "u_matrix")
        biasLocation = glGetUniformLocation(program, "u_bias")
        amountLocation = glGetUniformLocation(program, "u_amount")
        clampLocation = glGetUniformLocation(program, "u_clamp")
        secondClampLocation = glGetUniformLocation(program, "u_secondClamp")
        blendLocation = glGetUniformLocation(program, "u_blend")
        glUseProgram(program)
        glUniform1i(glGetUniformLocation(program, "u_source"), QuadProgram.contentUnit)
        glUniform1i(glGetUniformLocation(program, "u_second"), Self.secondUnit)
        try GLError.check("filter program")
    }

    /// Draws `step` into its destination, which must be bound, with the program in use and the
    /// textures bound.
    func draw(_ step: FilterStep) {
        let m = step.matrix
        // The matrix's rows as they lie in memory, transposed by GL (OpenGL ES 3.0 takes
        // transpose = GL_TRUE): no array made per step.
        var rows = (m.red, m.green, m.blue, m.alpha)
        glUniform4f(mapLocation, step.map.x, step.map.y, step.map.z, step.map.w)
        glUniform4f(secondMapLocation, step.secondMap.x, step.secondMap.y, step.secondMap.z, step.secondMap.w)
        glUniform1i(modeLocation, step.mode.rawValue)
        withUnsafeBytes(of: &rows) {
            glUniformMatrix4fv(matrixLocation, 1, GLboolean(GL_TRUE), $0.baseAddress?.assumingMemoryBound(to: GLfloat.self))
        }
        glUniform4f(biasLocation, m.bias.x, m.bias.y, m.bias.z, m.bias.w)
        glUniform1f(amountLocation, step.amount)
        glUniform4f(clampLocation, step.clamp.x, step.clamp.y, step.clamp.z, step.clamp.w)
        glUniform4f(secondClampLocation, step.secondClamp.x, step.secondClamp.y, step.secondClamp.z, step.secondClamp.w)
        glUniform1i(blendLocation, step.blend.rawValue)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }
}
