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

/// The GLES execution of a group's `GroupFilter` steps: each colour step one pass, each blur a
/// `BlurPlan` over all four channels (halvings, then the two directions of the Gaussian) and a
/// pass resampling the result back onto the group's pixels, a bloom the same plus a pass adding
/// the blur to the image.
enum GroupFilterPasses {
    /// The passes filtering `content` (the group's image, `scale` target pixels per group
    /// pixel) by `filters`, the target holding the result, and the number of blur passes
    /// (`RenderStatistics.filterPasses`). Blurs read `edges` beyond the content (a backdrop's
    /// edge pixels repeat: `BackdropFilter`).
    static func passes(filtering content: RenderTarget, by filters: [GroupFilter], scale: Double,
                       pool: RenderTargetPool, edges: BlurPlan.Edges = .transparent)
        throws -> (passes: [RenderPass], result: RenderTarget, blurs: Int) {
        var passes: [RenderPass] = []
        var current = content, blurs = 0
        func next(_ step: (RenderTarget) -> FilterStep) throws {
            let destination = try pool.acquire(width: content.width, height: content.height)
            passes.append(RenderPass(destination: destination, canvasWidth: content.width, canvasHeight: content.height,
                                     work: .filter(step(destination))))
            current = destination
        }
        for filter in filters {
            switch filter {
            case .color(let matrix):
                guard !matrix.isIdentity else { continue }
                let source = current
                try next { FilterStep(mode: .colorMatrix, source: source, destination: $0, map: identityMap(source), matrix: matrix) }
            case .vibrance(let amount):
                let source = current
                try next { FilterStep(mode: .vibrance, source: source, destination: $0, map: identityMap(source), amount: amount) }
            case .blur(let sigma):
                guard let blurred = try blurred(current, sigma: Double(GroupFilter.renderedSigma(sigma)) * scale,
                                                pool: pool, edges: edges, into: &passes) else { continue }
                blurs += 1
                try next {
                    var step = FilterStep(mode: .resample, source: blurred.target, destination: $0, map: blurred.map)
                    if edges == .duplicated { step.clamp = BlurStep.clamp(to: blurred.target) }
                    return step
                }
            case .bloom(let sigma, let intensity):
                guard let blurred = try blurred(current, sigma: Double(GroupFilter.renderedSigma(sigma)) * scale,
                                                pool: pool, edges: edges, into: &passes) else { continue }
                blurs += 1
                let source = current
                try next {
                    var step = FilterStep(mode: .bloom, source: source, destination: $0, map: identityMap(source),
                                          second: blurred.target, secondMap: blurred.map, amount: intensity)
                    if edges == .duplicated { step.secondClamp = BlurStep.clamp(to: blurred.target) }
                    return step
                }
            }
        }
        return (passes, current, blurs)
    }

    /// The passes running a backdrop's `filters` over its `copy` (`scale` copy pixels per
    /// target pixel, edges duplicated), the target holding the result, the part of the result's
    /// content that shows the copy (unit coordinates), and the number of blur passes. A chain
    /// that ends in a blur leaves the blurred image at the blur's resolution: the quad drawing it
    /// samples it bilinearly at its pixels' centres, as the resampling pass would have (a pass
    /// over every pixel of the copy saved, the costliest on a software rasterizer).
    static func backdropPasses(filtering copy: RenderTarget, by filters: [GroupFilter], scale: Double,
                               pool: RenderTargetPool) throws -> (passes: [RenderPass], result: RenderTarget, unitRect: CGRect, blurs: Int) {
        let whole = CGRect(x: 0, y: 0, width: 1, height: 1)
        guard case .blur(let sigma)? = filters.last else {
            let all = try passes(filtering: copy, by: filters, scale: scale, pool: pool, edges: .duplicated)
            return (all.passes, all.result, whole, all.blurs)
        }
        let before = try passes(filtering: copy, by: Array(filters.dropLast()), scale: scale, pool: pool, edges: .duplicated)
        let plan = BlurPlan(sigma: Double(GroupFilter.renderedSigma(sigma)) * scale, contentWidth: before.result.width,
                            contentHeight: before.result.height, maximumSize: pool.maximumContentSize, edges: .duplicated)
        guard !plan.isIdentity else { return (before.passes, before.result, whole, before.blurs) }
        let (blurPasses, blurred) = try plan.passes(blurring: before.result, pool: pool, allChannels: true)
        // The blurred image covers plan.width x downsample copy pixels, a little more than the copy.
        let unit = CGRect(x: 0, y: 0, width: Double(copy.width) / Double(plan.width * plan.downsample),
                          height: Double(copy.height) / Double(plan.height * plan.downsample))
        return (before.passes + blurPasses, blurred, unit, before.blurs + 1)
    }

    /// Appends the passes of a `BlurPlan` of `sigma` over `source`'s four channels; returns
    /// the blurred target and the map that samples it at the centres of `source`'s pixels (nil
    /// when the plan blurs nothing).
    private static func blurred(_ source: RenderTarget, sigma: Double, pool: RenderTargetPool, edges: BlurPlan.Edges,
                                into passes: inout [RenderPass]) throws -> (target: RenderTarget, map: SIMD4<Float>)? {
        let plan = BlurPlan(sigma: sigma, contentWidth: source.width, contentHeight: source.height,
                            maximumSize: pool.maximumContentSize, edges: edges)
        guard !plan.isIdentity else { return nil }
        let (blurPasses, result) = try plan.passes(blurring: source, pool: pool, allChannels: true)
        passes.append(contentsOf: blurPasses)
        // Destination pixel i (gl_FragCoord.x = i + border + 0.5) lies at padded position
        // i + 0.5 + padding, which is texel (i + 0.5 + padding) / downsample + border of the result.
        let s = 1 / Float(plan.downsample), border = Float(RenderTarget.border), pad = Float(plan.padding)
        let offset = (pad - border) * s + border
        let w = Float(result.allocatedWidth), h = Float(result.allocatedHeight)
        return (result, SIMD4(s / w, s / h, offset / w, offset / h))
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
