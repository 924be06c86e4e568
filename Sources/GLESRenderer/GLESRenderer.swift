import CEGL
import CGLES3
import CompositorCore
import CoreGraphics
import Foundation

/// Draws flattened frames with OpenGL ES 3.0: every quad through one instanced shader, in as few
/// draw calls as the frame's texture and blend changes allow.
///
/// `render(_:)` waits for the GPU (`glFinish`) before it returns, so the time it takes is the
/// time of a whole frame. Set `QC_RENDER_STATS=1` to print each frame's statistics to stderr.
public final class GLESRenderer: FrameRenderer {
    /// The framebuffer frames are drawn into.
    public let target: OffscreenTarget
    /// The statistics of the last frame rendered.
    public private(set) var lastStatistics = RenderStatistics()

    private let ledger = GLObjectLedger()
    private var programs: [QuadProgram?] = Array(repeating: nil, count: ShaderFeatures.combinations)
    private let vertexArray: GLuint
    private let instanceBuffer: GLuint
    private let textures: TextureCache
    private let samplers: SamplerSet
    private let clipTable: ClipTable
    private var instanceData: [Float] = []
    private var batches: [QuadBatch] = []
    private var hasWarnedAboutDeepClips = false
    private let printsStatistics = ProcessInfo.processInfo.environment["QC_RENDER_STATS"] == "1"
    private var isReleased = false

    /// Creates a renderer that draws into `target`.
    ///
    /// - Parameter textureEvictionAge: frames after which an image not drawn is released from the GPU.
    /// - Throws: `GLError` naming the call that failed while compiling shaders or creating objects.
    public init(target: OffscreenTarget, textureEvictionAge: Int = 60) throws {
        self.target = target
        try target.context.makeCurrent()
        programs[0] = try QuadProgram(features: [])
        ledger.adoptProgram()
        vertexArray = ledger.makeVertexArray()
        instanceBuffer = ledger.makeBuffer()
        textures = TextureCache(ledger: ledger, evictionAge: max(1, textureEvictionAge))
        samplers = SamplerSet(ledger: ledger)
        clipTable = try ClipTable(ledger: ledger)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        for attribute in QuadInstance.attributes {
            glEnableVertexAttribArray(attribute.location)
            glVertexAttribDivisor(attribute.location, 1)
        }
        try GLError.check("GLESRenderer.init")
    }

    /// Creates an offscreen context and target of the given pixel size and a renderer drawing into it.
    ///
    /// - Parameter platform: the EGL platform, or nil for `QC_EGL_PLATFORM` or the default order.
    public convenience init(pixelWidth: Int, pixelHeight: Int, platform: GLESContext.Platform? = nil) throws {
        let context = try GLESContext(platform: platform)
        try self.init(target: OffscreenTarget(context: context, pixelWidth: pixelWidth, pixelHeight: pixelHeight))
    }

    deinit { releaseObjects() }

    /// The GL objects this renderer has created and not deleted (the target's own framebuffer excluded).
    public var liveObjects: GLObjectCounts { ledger.counts }

    /// The largest texture side the GPU accepts; larger images are drawn scaled down.
    public var maximumTextureSize: Int { textures.maximumTextureSize }

    /// The number of images currently held on the GPU.
    public var cachedImageCount: Int { textures.count }

    /// Draws `list` into the target and waits for the GPU to finish.
    ///
    /// An owned target is resized to the list's pixel size first.
    /// - Throws: `GLError.contextLost` after a GPU reset (recreate the context and the renderer),
    ///   or `GLError.call` naming the failing call.
    public func render(_ list: DrawList) throws -> RenderStatistics {
        guard !isReleased else { throw GLError.unsupported("rendering with a released renderer") }
        let context = target.context
        try context.makeCurrent()
        try context.checkReset()
        if list.pixelWidth != target.pixelWidth || list.pixelHeight != target.pixelHeight {
            try target.resize(pixelWidth: list.pixelWidth, pixelHeight: list.pixelHeight)
        }
        var statistics = RenderStatistics()
        textures.beginFrame()
        if try !clipTable.upload(list.clips) && !hasWarnedAboutDeepClips {
            hasWarnedAboutDeepClips = true
            FileHandle.standardError.write(Data("GLESRenderer: warning: clips nested deeper than \(ClipTable.maximumDepth) levels (or in a loop); outer ones are ignored\n".utf8))
        }
        let instanceCount = try encode(list, statistics: &statistics)
        statistics.textureUploads = textures.uploadsThisFrame

        try target.bind()
        let clear = list.clearColor
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(clear.red, clear.green, clear.blue, clear.alpha)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        if instanceCount > 0 {
            try draw(instanceCount: instanceCount, width: list.pixelWidth, height: list.pixelHeight)
            statistics.drawCalls = batches.count
        }
        glFinish()
        try GLError.check("frame")
        try context.checkReset()
        textures.endFrame()
        lastStatistics = statistics
        if printsStatistics {
            FileHandle.standardError.write(Data("GLESRenderer: \(statistics.drawCalls) draw calls, \(statistics.quads) quads, \(statistics.textureUploads) uploads; live \(ledger.counts)\n".utf8))
        }
        return statistics
    }

    /// Reads the last frame back, top row first.
    public func readPixels() throws -> CGImage { try target.readPixels() }

    /// Deletes every GL object the renderer created; later `render(_:)` calls throw.
    /// Call it before destroying the context when the renderer may outlive it.
    public func releaseObjects() {
        guard !isReleased, (try? target.context.makeCurrent()) != nil else { return }
        isReleased = true
        textures.releaseAll()
        samplers.release(ledger: ledger)
        ledger.deleteTexture(clipTable.texture)
        ledger.deleteBuffer(instanceBuffer)
        ledger.deleteVertexArray(vertexArray)
        for program in programs.compactMap({ $0 }) { ledger.deleteProgram(program.program) }
        programs = Array(repeating: nil, count: ShaderFeatures.combinations)
    }

    // MARK: - Frame building

    /// Writes the instances of every visible quad and groups them into batches.
    private func encode(_ list: DrawList, statistics: inout RenderStatistics) throws -> Int {
        let needed = list.commands.count * QuadInstance.stride
        if instanceData.count < needed { instanceData = [Float](repeating: 0, count: needed) }
        batches.removeAll(keepingCapacity: true)
        var count = 0
        try instanceData.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            for command in list.commands {
                guard case let .quad(quad) = command else { continue }
                if !quad.isDoubleSided && QuadInstance.facesAway(quad.transform) { continue }
                if quad.opacity <= 0 { continue }
                var texture: GLuint = 0
                var samplerKey = 0
                var coordinates: (rect: SIMD4<Float>, clamp: SIMD4<Float>)?
                if let source = quad.texture {
                    let placement = try textures.placement(for: source)
                    texture = placement.texture
                    samplerKey = SamplerSet.key(minification: source.minificationFilter,
                                                magnification: source.magnificationFilter)
                    coordinates = placement.coordinates(for: source.unitRect)
                }
                let opaque = QuadInstance.isOpaque(quad)
                let clip = quad.clipIndex.flatMap { $0 >= 0 && Int($0) < list.clips.count ? $0 : nil } ?? -1
                let features = QuadInstance.features(quad, textured: coordinates != nil, clipped: clip >= 0)
                QuadInstance.write(quad, texture: coordinates, clip: clip, into: base + count * QuadInstance.stride)
                if let last = batches.indices.last, batches[last].accepts(texture: texture, samplerKey: samplerKey, isBlended: !opaque) {
                    batches[last].instanceCount += 1
                    batches[last].features.formUnion(features)
                    if batches[last].texture == 0 && texture != 0 {
                        batches[last].texture = texture; batches[last].samplerKey = samplerKey
                    }
                } else {
                    batches.append(QuadBatch(firstInstance: count, instanceCount: 1, texture: texture,
                                             samplerKey: samplerKey, isBlended: !opaque, features: features))
                }
                count += 1
            }
        }
        statistics.quads = count
        return count
    }

    // MARK: - Drawing

    /// The program variant for `features`, compiled on first use.
    private func program(for features: ShaderFeatures) throws -> QuadProgram {
        if let program = programs[features.rawValue] { return program }
        let program = try QuadProgram(features: features)
        ledger.adoptProgram()
        programs[features.rawValue] = program
        return program
    }

    private func draw(instanceCount: Int, width: Int, height: Int) throws {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        // Orphan and refill: the driver hands out fresh storage instead of waiting on the last frame.
        instanceData.withUnsafeBytes { bytes in
            glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(instanceCount * QuadInstance.stride * 4),
                         bytes.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        glBindVertexArray(vertexArray)
        glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(QuadProgram.clipTableUnit))
        glBindTexture(GLenum(GL_TEXTURE_2D), clipTable.texture)
        glBindSampler(GLuint(QuadProgram.clipTableUnit), 0)
        glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(QuadProgram.contentUnit))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        var blending: Bool?
        var boundTexture: GLuint?
        var boundSampler = -1
        var currentFeatures: ShaderFeatures?
        let stride = GLsizei(QuadInstance.stride * 4)
        for batch in batches {
            if currentFeatures != batch.features {
                let program = try program(for: batch.features)
                glUseProgram(program.program)
                glUniform3f(program.canvasLocation, 2 / Float(width), 2 / Float(height), target.isYFlipped ? -1 : 1)
                currentFeatures = batch.features
            }
            if blending != batch.isBlended {
                if batch.isBlended { glEnable(GLenum(GL_BLEND)) } else { glDisable(GLenum(GL_BLEND)) }
                blending = batch.isBlended
            }
            if boundTexture != batch.texture {
                glBindTexture(GLenum(GL_TEXTURE_2D), batch.texture)
                boundTexture = batch.texture
            }
            if batch.texture != 0 && boundSampler != batch.samplerKey {
                glBindSampler(GLuint(QuadProgram.contentUnit), samplers.sampler(forKey: batch.samplerKey))
                boundSampler = batch.samplerKey
            }
            // GLES 3.0 has no base instance: point the attributes at the batch's first instance.
            let first = batch.firstInstance * QuadInstance.stride * 4
            for attribute in QuadInstance.attributes {
                glVertexAttribPointer(attribute.location, GLint(attribute.components), GLenum(GL_FLOAT), GLboolean(GL_FALSE),
                                      stride, UnsafeRawPointer(bitPattern: first + attribute.offset * 4))
            }
            glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(batch.instanceCount))
        }
        glBindVertexArray(0)
    }
}
