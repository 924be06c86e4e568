import CEGL
import CGLES3
import CompositorCore
import CoreGraphics
import Foundation

/// Draws flattened frames with OpenGL ES 3.0: every quad through one instanced shader, in as few
/// draw calls as the frame's texture, blend (`plusLighter` adds) and gradient changes allow, and
/// compositing groups (group opacity, masks, shadows, rasterization) through pooled offscreen targets.
///
/// Gradients are evaluated per pixel from uniforms; an image redrawn in part
/// (`CGImage.incrementalUpdate`) re-uploads only its changed rectangle into its base's texture.
/// A video frame is drawn straight from its Y'CbCr planes, uploaded as they are and converted
/// per fragment by the shader's video variant (`VideoPlanes`): no intermediate RGB image.
///
/// `render(_:)` waits for the GPU (`glFinish`) before it returns, so the time it takes is the
/// time of a whole frame. Its `Options` log each frame's statistics or pick the paths to measure
/// (by default from `QC_DEBUG`: `stats`, `clip-table`, `whole-batches`, `damage-scissors`).
public final class GLESRenderer: FrameRenderer, CacheBudgetedRenderer {
    /// The framebuffer frames are drawn into.
    public let target: OffscreenTarget
    /// The statistics of the last frame rendered.
    public private(set) var lastStatistics = RenderStatistics()

    private let ledger = GLObjectLedger()
    private var programs: [QuadProgram?] = Array(repeating: nil, count: 2 * ShaderFeatures.combinations)
    private var blurProgram: BlurProgram?
    private var filterProgram: FilterProgram?
    private let vertexArray: GLuint
    /// The vertex array of a damaged frame's canvas copies: the same attributes advancing per
    /// vertex (one per corner) instead of per instance, the damage rectangle attribute enabled,
    /// and the corner indices as its element buffer. Set up once, so a damaged frame switches
    /// vertex arrays instead of every attribute's divisor twice.
    private let damagedVertexArray: GLuint
    private let instanceBuffer: GLuint
    private let textures: TextureCache
    private let samplers: SamplerSet
    private let clipTable: ClipTable
    private let clips = ClipResolver()
    private let pool: RenderTargetPool
    private let rasterCache: RasterizationCache
    private let shadowMasks: ShadowMaskCache
    private let encoder: FrameEncoder
    private let damagedCanvas = DamagedCanvasDraws()
    /// The instances of a frame drawn whole, packed per batch as uploaded.
    private var packed = PackedInstances()
    /// The ranges of instances the frame's batches draw, gathered for `packed`.
    private var batchRanges: [(first: Int, count: Int)] = []
    /// Which of `vertexArray`'s attribute arrays are disabled for a packed batch.
    private var packedAttributes = PackedInstanceAttributes()
    /// Whether this frame's instances are uploaded packed (a frame drawn whole) rather than as encoded.
    private var drawsPackedInstances = false
    /// Whether a frame drawn whole uploads its instances packed per batch (`PackedInstances`),
    /// rather than as encoded; tests compare the two.
    var packsInstances = true
    /// The bytes of instances the last frame uploaded.
    private(set) var lastInstanceBytes = 0
    private var hasWarnedAboutDeepClips = false
    /// How the renderer draws (not what), as given at creation.
    public let options: Options
    private var isReleased = false
    /// Hands the heap back to the system after large evictions (llvmpipe keeps textures in it).
    private var trimmer = FreedMemoryTrimmer(threshold: 4 << 20)

    /// Whether each frame counts the fragments its quads shade into
    /// `RenderStatistics.fragmentsShaded`: the canvas area of every instance it submits, clipped
    /// to its pass's target and to the damage. Off by default, when it costs nothing per quad
    /// but a test; a benchmark turns it on for a frame it does not time.
    public var countsShadedFragments: Bool {
        get { encoder.fragments.isEnabled }
        set { encoder.fragments.isEnabled = newValue }
    }

    /// Creates a renderer that draws into `target`.
    ///
    /// - Parameters:
    ///   - textureEvictionAge: frames after which anything cached and not drawn is released
    ///     from the GPU (`cacheBudget.evictionAge`).
    ///   - rasterizationCacheByteLimit: the most GPU memory, in bytes, that the images of
    ///     rasterized groups (`CompositingGroup.rasterizationKey`) may hold, the least recently
    ///     used going first; nil for `cacheBudget.byteLimit`.
    ///   - options: how the renderer draws; by default what `QC_DEBUG` asks for.
    /// - Throws: `GLError` naming the call that failed while compiling shaders or creating objects.
    public init(target: OffscreenTarget, textureEvictionAge: Int = CacheBudget.defaultEvictionAge,
                rasterizationCacheByteLimit: Int? = nil, options: Options = .fromEnvironment) throws {
        self.target = target
        self.options = options
        try target.context.makeCurrent()
        programs[0] = try QuadProgram(features: [])
        ledger.adoptProgram()
        vertexArray = ledger.makeVertexArray()
        damagedVertexArray = ledger.makeVertexArray()
        instanceBuffer = ledger.makeBuffer()
        var budget = CacheBudget.default(pixelWidth: target.pixelWidth, pixelHeight: target.pixelHeight)
        budget.evictionAge = max(1, textureEvictionAge)
        cacheBudget = budget
        textures = TextureCache(ledger: ledger, budget: budget, displayWidth: target.pixelWidth, displayHeight: target.pixelHeight)
        samplers = SamplerSet(ledger: ledger)
        clipTable = try ClipTable(ledger: ledger)
        pool = RenderTargetPool(ledger: ledger, maximumTextureSize: textures.maximumTextureSize, budget: budget)
        var rasterizationBudget = budget
        if let rasterizationCacheByteLimit { rasterizationBudget.byteLimit = max(0, rasterizationCacheByteLimit) }
        rasterCache = RasterizationCache(budget: rasterizationBudget)
        rasterCache.onRelease = { [unowned pool] in pool.recycle($0) }
        shadowMasks = ShadowMaskCache(budget: budget)
        shadowMasks.cutsCoveredInteriors = options.cutsShadowsUnderOpaqueLayers
        encoder = FrameEncoder(textures: textures, pool: pool, rasterCache: rasterCache, shadowMasks: shadowMasks, clips: clips)
        clips.analyticClipsEnabled = options.usesAnalyticClips
        encoder.leanBatchesEnabled = options.usesLeanBatches
        encoder.hidesCoveredRoots = options.leavesOutHiddenDrawables
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        for (array, divisor) in [(damagedVertexArray, GLuint(0)), (vertexArray, GLuint(1))] {
            glBindVertexArray(array)
            for attribute in QuadInstance.attributes {
                glEnableVertexAttribArray(attribute.location)
                glVertexAttribDivisor(attribute.location, divisor)
            }
        }
        glBindVertexArray(damagedVertexArray)
        glEnableVertexAttribArray(DamagedCanvasDraws.damageLocation)
        glBindVertexArray(vertexArray)
        try GLError.check("GLESRenderer.init")
    }

    /// Creates an offscreen context and target of the given pixel size and a renderer drawing into it.
    ///
    /// - Parameters:
    ///   - platform: the EGL platform, or nil for `QC_EGL_PLATFORM` or the default order.
    ///   - options: how the renderer draws; by default what `QC_DEBUG` asks for.
    public convenience init(pixelWidth: Int, pixelHeight: Int, platform: GLESContext.Platform? = nil,
                            options: Options = .fromEnvironment) throws {
        let context = try GLESContext(platform: platform)
        try self.init(target: OffscreenTarget(context: context, pixelWidth: pixelWidth, pixelHeight: pixelHeight),
                      options: options)
    }

    deinit { releaseObjects() }

    /// The GL objects this renderer has created and not deleted (the target's own framebuffer excluded).
    public var liveObjects: GLObjectCounts { ledger.counts }

    /// The budget of each of the renderer's caches (images of layer contents, rasterized
    /// groups, idle offscreen targets), by default scaled to the target's size
    /// (`CacheBudget.default(pixelWidth:pixelHeight:)`). Setting it applies from the end of the
    /// next frame; it replaces a `rasterizationCacheByteLimit` given at creation.
    public var cacheBudget: CacheBudget {
        didSet { for cache in caches { cache.budget = cacheBudget } }
    }

    /// Every cache the renderer keeps between frames, each following `cacheBudget`.
    private var caches: [any CacheBudgetFollowing] { [textures, pool, rasterCache, shadowMasks] }

    /// The largest texture side the GPU accepts; larger images are drawn scaled down.
    public var maximumTextureSize: Int { textures.maximumTextureSize }

    /// The number of images currently held on the GPU.
    public var cachedImageCount: Int { textures.count }

    /// The number of rasterized group images currently cached.
    public var rasterizedGroupCount: Int { rasterCache.count }

    /// The GPU memory, in bytes, that the cached images of rasterized groups hold.
    public var rasterizationCacheByteCount: Int { rasterCache.bytes }

    /// The number of texture atlas pages allocated (images up to 256 pixels a side share them).
    public var atlasPageCount: Int { textures.atlasPageCount }

    /// Whether clips in the quad's own plane are evaluated from instance attributes (the default)
    /// rather than walked in the clip table; tests compare the two.
    var usesAnalyticClips: Bool {
        get { clips.analyticClipsEnabled }
        set { clips.analyticClipsEnabled = newValue }
    }

    /// Whether plain sprites are drawn by the lean shader variant (the default) rather than the
    /// full one; tests compare the two.
    var usesSpriteVariant: Bool {
        get { encoder.spriteVariantEnabled }
        set { encoder.spriteVariantEnabled = newValue }
    }

    /// Whether the distance fields' per-quad constants come from the vertex stage in the
    /// variants whose varyings allow it (the default) rather than being made per fragment in
    /// every variant; tests compare the two.
    var usesVertexConstants = true

    /// Whether quads with an analytic clip are drawn as only the part their clip can cover (the
    /// default) rather than whole; tests compare the two.
    var usesClipShrinking: Bool {
        get { encoder.clipShrinkingEnabled }
        set { encoder.clipShrinkingEnabled = newValue }
    }

    /// Whether a batch of quads that need different shader features is split into one lean batch
    /// per feature set where their order allows (the default) rather than drawn whole with their
    /// union; tests compare the two.
    var usesLeanBatches: Bool {
        get { encoder.leanBatchesEnabled }
        set { encoder.leanBatchesEnabled = newValue }
    }

    /// Whether runs of plain quads are written in chunks on several threads (the default) rather
    /// than one by one as they are reached (`ChunkedQuadRun`); tests compare the two.
    var usesChunkedRuns: Bool {
        get { encoder.chunkedRunsEnabled }
        set { encoder.chunkedRunsEnabled = newValue }
    }

    /// The last frame as encoded: its instances, their features and canvas bounds (a
    /// damage-limited frame's), and each pass's batches; tests compare encodings.
    var lastEncoding: (instances: [Float], features: [ShaderFeatures], bounds: [SIMD4<Int32>], batches: [[QuadBatch]]) {
        let count = encoder.instanceCount
        let batches = encoder.passes.map { pass -> [QuadBatch] in
            if case let .quads(batches) = pass.work { return batches }
            return []
        }
        return (Array(encoder.instanceData.prefix(count * QuadInstance.stride)), Array(encoder.instanceFeatures.prefix(count)),
                Array(encoder.instanceBounds.prefix(count)), batches)
    }

    /// The masks of the last frame's blocks of instances (`InstanceBlockMasks`); tests check them.
    var lastInstanceBlockMasks: InstanceBlockMasks { encoder.instanceBlockMasks }

    /// The instances the last frame's canvas pass drew laid out per damage rectangle (its clearing
    /// quads included; `DamagedCanvasDraws`), or 0 when it was not; tests count the copies.
    var damagedCanvasInstanceCount: Int { lastFrameDrewDamagedCanvas ? damagedCanvas.instanceCount : 0 }
    private var lastFrameDrewDamagedCanvas = false

    /// Draws `list` into the target and waits for the GPU to finish.
    ///
    /// An owned target is resized to the list's pixel size first.
    /// - Throws: `GLError.contextLost` after a GPU reset (recreate the context and the renderer),
    ///   or `GLError.call` naming the failing call.
    public func render(_ list: DrawList) throws -> RenderStatistics {
        try render(list, scissors: nil)
    }

    /// Redraws only the pixels of the rectangles of `damage`: the frame is encoded and uploaded
    /// once with only the drawables that may touch a rectangle (groups elsewhere are not drawn at
    /// all). One rectangle is cleared and drawn scissored to it; several disjoint ones are cleared
    /// in one draw and drawn in one draw per batch, each quad once per rectangle holding a pixel
    /// it can change, its fragments outside that rectangle discarded (overlapping ones are drawn
    /// scissored in turn). No rectangle draws nothing.
    /// - Throws: as `render(_:)`.
    public func render(_ list: DrawList, damageRegion damage: [PixelRect]) throws -> RenderStatistics {
        guard list.pixelWidth == target.pixelWidth, list.pixelHeight == target.pixelHeight else { return try render(list) }
        let canvas = PixelRect(x: 0, y: 0, width: list.pixelWidth, height: list.pixelHeight)
        let rects = damage.map { $0.intersection(canvas) }.filter { !$0.isEmpty }
        guard !rects.isEmpty else { return try renderNothing(list) }
        return try render(list, scissors: rects)
    }

    /// Redraws only the pixels of `damage` from `list`: the canvas pass is scissored to the damage
    /// and nothing outside it is cleared, so the rest of the target keeps the previous frame.
    ///
    /// Offscreen groups are still drawn whole. When the list's size differs from the target's,
    /// the target is resized and the whole canvas is drawn.
    /// - Throws: as `render(_:)`.
    public func render(_ list: DrawList, damage: PixelRect) throws -> RenderStatistics {
        guard list.pixelWidth == target.pixelWidth, list.pixelHeight == target.pixelHeight else { return try render(list) }
        let clamped = damage.intersection(PixelRect(x: 0, y: 0, width: list.pixelWidth, height: list.pixelHeight))
        guard !clamped.isEmpty else { return try renderNothing(list) }
        return try render(list, scissors: [clamped])
    }

    /// A frame of `list` with nothing to redraw: no GL work, but a GPU reset is still reported, so
    /// a still picture on a lost context is noticed and recreated, and the kept backdrops follow
    /// the list's commands (the next list marks what it keeps against this one's).
    private func renderNothing(_ list: DrawList) throws -> RenderStatistics {
        guard !isReleased else { throw GLError.unsupported("rendering with a released renderer") }
        try target.context.makeCurrent()
        try target.context.checkReset()
        encoder.beginKeptBackdrops(list)
        lastStatistics = RenderStatistics()
        return lastStatistics
    }

    /// Reads the last frame back, top row first.
    public func readPixels() throws -> CGImage { try target.readPixels() }

    /// Deletes every GL object the renderer created; later `render(_:)` calls throw.
    /// Call it before destroying the context when the renderer may outlive it.
    public func releaseObjects() {
        guard !isReleased, (try? target.context.makeCurrent()) != nil else { return }
        isReleased = true
        textures.releaseAll()
        rasterCache.removeAll()
        encoder.releaseKeptBackdrops()
        pool.releaseAll()
        samplers.release(ledger: ledger)
        ledger.deleteTexture(clipTable.texture)
        ledger.deleteBuffer(instanceBuffer)
        if cornerIndices != 0 { ledger.deleteBuffer(cornerIndices) }
        cornerIndices = 0
        ledger.deleteVertexArray(vertexArray)
        ledger.deleteVertexArray(damagedVertexArray)
        for program in programs.compactMap({ $0 }) { ledger.deleteProgram(program.program) }
        programs = Array(repeating: nil, count: 2 * ShaderFeatures.combinations)
        if let blurProgram { ledger.deleteProgram(blurProgram.program) }
        blurProgram = nil
        if let filterProgram { ledger.deleteProgram(filterProgram.program) }
        filterProgram = nil
    }

    // MARK: - Frames

    private func render(_ list: DrawList, scissors: [PixelRect]?) throws -> RenderStatistics {
        guard !isReleased else { throw GLError.unsupported("rendering with a released renderer") }
        let context = target.context
        try context.makeCurrent()
        try context.checkReset()
        do {
            return try renderCurrent(list, scissors: scissors)
        } catch {
            abandonFrame()
            throw error
        }
    }

    /// Leaves the context as a frame starts it after a frame failed part-way: the target bound,
    /// no program, blending and scissoring off, the error queue drained, no filtered backdrop
    /// kept (the frame may have left one half made). The target's pixels are unknown: the caller
    /// redraws the whole next frame.
    private func abandonFrame() {
        encoder.releaseKeptBackdrops()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        glUseProgram(0)
        glDisable(GLenum(GL_BLEND))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        while glGetError() != GLenum(GL_NO_ERROR) {}
        lastStatistics = RenderStatistics()
    }

    private func renderCurrent(_ list: DrawList, scissors given: [PixelRect]?) throws -> RenderStatistics {
        let context = target.context
        // A backdrop meeting the damage is redrawn with all it reads (`BackdropFilter.grow`),
        // unless its filtered image is kept.
        encoder.beginKeptBackdrops(list)
        let scissors = given.map { BackdropFilter.grow($0, for: list, isKept: encoder.keepsBackdrop) }
        if list.pixelWidth != target.pixelWidth || list.pixelHeight != target.pixelHeight {
            try target.resize(pixelWidth: list.pixelWidth, pixelHeight: list.pixelHeight)
        }
        var statistics = RenderStatistics()
        textures.beginFrame()
        pool.beginFrame()
        rasterCache.beginFrame()
        shadowMasks.beginFrame()
        // Caches age with frames drawn whole only: a damage-limited frame skips what lies elsewhere.
        let isWhole = scissors.map { $0 == [PixelRect(x: 0, y: 0, width: list.pixelWidth, height: list.pixelHeight)] } ?? true
        var hasEnded = false
        defer { if !hasEnded { endFrame(isWhole: isWhole) } }
        clips.prepare(list.clips)
        if try !clipTable.upload(clips) && !hasWarnedAboutDeepClips {
            hasWarnedAboutDeepClips = true
            GLESRendererLog.logger.warning("clips nested deeper than \(ClipTable.maximumDepth) levels (or in a loop); outer ones are ignored")
        }
        let damage = scissors.map { DamageTiles(rects: $0, width: list.pixelWidth, height: list.pixelHeight) }
        // With the statistics logged, where the frame's time goes on this thread: encoding, the
        // upload, the draw calls, and the wait for the GPU (`glFinish`).
        var phases = options.logsStatistics ? FramePhases() : nil
        try encoder.encode(list, damage: damage)
        phases?.mark(.encode)
        statistics.quads = encoder.quadCount
        if encoder.fragments.isEnabled { statistics.fragmentsShaded = Int(encoder.fragments.pixels.rounded()) }
        statistics.textureUploads = textures.uploadsThisFrame
        statistics.partialTextureUploads = textures.partialUploadsThisFrame
        // The passes of barriers (backdrops, blends) run inside the pass they split.
        statistics.offscreenPasses = encoder.passes.count - 1
            + encoder.passes.reduce(0) { sum, pass in pass.barriers.reduce(sum) { $0 + $1.passes.count } }
        statistics.filterPasses = encoder.filterPassCount

        var drawsDamagePerInstance = false
        if let scissors, scissors.count > 1, !options.scissorsEachDamageRectangle, let canvas = encoder.passes.last,
           canvas.destination == nil, canvas.barriers.isEmpty, case let .quads(batches) = canvas.work {
            drawsDamagePerInstance = damagedCanvas.plan(canvasBatches: batches, bounds: encoder.instanceBounds, rects: scissors,
                                                        height: target.pixelHeight, yFlipped: target.isYFlipped,
                                                        clearColor: list.clearColor) { instance, rect in
                encoder.canvasInstance(instance, canChangeAPixelOf: rect)
            }
        }
        lastFrameDrewDamagedCanvas = drawsDamagePerInstance
        try uploadInstances(withDamagedCanvas: drawsDamagePerInstance)
        phases?.mark(.upload)
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        for pass in encoder.passes {
            if drawsDamagePerInstance && pass.destination == nil {
                statistics.drawCalls += try drawDamagedCanvas(pass)
            } else {
                statistics.drawCalls += try draw(pass, clearColor: list.clearColor, scissors: scissors)
            }
        }
        phases?.mark(.submit)
        glFinish()
        phases?.mark(.finish)
        try GLError.check("frame")
        try context.checkReset()
        hasEnded = true
        endFrame(isWhole: isWhole)
        recordResources(in: &statistics)
        lastStatistics = statistics
        if options.logsStatistics {
            GLESRendererLog.logger.info("\(statistics.drawCalls) draw calls, \(statistics.offscreenPasses) offscreen passes, \(statistics.quads) quads, \(statistics.textureUploads) uploads (\(statistics.partialTextureUploads) partial), \(lastInstanceBytes) bytes of instances; live \(ledger.counts); \(phases?.description ?? "")")
        }
        return statistics
    }

    /// Ends a frame: the caches evict what their budget no longer keeps (age counting only
    /// frames drawn whole), and the heap is trimmed after large evictions.
    private func endFrame(isWhole: Bool) {
        textures.endFrame(isWhole: isWhole)
        rasterCache.endFrame(countForAge: isWhole)
        pool.endFrame()
        shadowMasks.endFrame(countForAge: isWhole)
        trimmer.noteFreed(textures.takeFreedBytes() + pool.takeFreedBytes() + shadowMasks.takeFreedBytes())
        _ = rasterCache.takeFreedBytes()  // its targets go back to the pool, which frees them
        trimmer.trimIfWorthwhile()
    }

    /// Records the caches' sizes and the live GL objects in `statistics`.
    private func recordResources(in statistics: inout RenderStatistics) {
        statistics.contentImages = textures.usage
        statistics.rasterizedGroups = rasterCache.usage
        statistics.offscreenTargets = pool.usage + encoder.keptBackdropUsage
        statistics.shadowMasks = shadowMasks.usage
        statistics.glTextures = ledger.counts.textures
        statistics.glFramebuffers = ledger.counts.framebuffers
        statistics.glBuffers = ledger.counts.buffers
    }

    // MARK: - Drawing

    /// The program variant for `features`, compiled on first use.
    private func program(for features: ShaderFeatures) throws -> QuadProgram {
        // The variants made with the per-quad constants in the fragment stage follow the others.
        let key = features.rawValue + (usesVertexConstants ? 0 : ShaderFeatures.combinations)
        if let program = programs[key] { return program }
        let program = try QuadProgram(features: features, vertexConstants: usesVertexConstants)
        ledger.adoptProgram()
        programs[key] = program
        return program
    }

    /// The byte offset of the damaged canvas's instances in the instance buffer, after the
    /// encoder's instances that offscreen passes draw (set by `uploadInstances`).
    private var damagedCanvasOffset = 0
    /// The bytes the instance buffer's storage holds.
    private var instanceBufferBytes = 0

    /// Uploads the encoder's instances, written straight into the mapped buffer: those of each
    /// batch packed (`PackedInstances`, unless `packsInstances` is off); with `withDamagedCanvas`,
    /// only those the offscreen passes draw, as encoded (the canvas pass is drawn from its
    /// copies), followed by `damagedCanvas`'s copies.
    private func uploadInstances(withDamagedCanvas: Bool) throws {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        drawsPackedInstances = false
        lastInstanceBytes = 0
        guard withDamagedCanvas else {
            let encoded = encoder.instanceCount * QuadInstance.stride * 4
            guard encoded > 0 else { return }
            guard packsInstances else {
                // Orphan and refill: the driver hands out fresh storage instead of waiting on the last frame.
                encoder.instanceData.withUnsafeBytes { bytes in
                    glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(encoded), bytes.baseAddress, GLenum(GL_STREAM_DRAW))
                }
                instanceBufferBytes = encoded
                lastInstanceBytes = encoded
                return
            }
            drawsPackedInstances = true
            batchRanges.removeAll(keepingCapacity: true)
            for pass in encoder.passes { gatherBatchRanges(of: pass) }
            try encoder.instanceData.withUnsafeBufferPointer { instances in
                encoder.instanceBlockMasks.withUnsafeMasks { packed.plan(batchRanges, instances: instances.baseAddress!, blockMasks: $0) }
                try writeMappedInstances(byteCount: packed.byteCount) { packed.write(into: $0, instances: instances.baseAddress!) }
            }
            return
        }
        let encoded = offscreenInstanceCount * QuadInstance.stride * 4
        damagedCanvasOffset = encoded
        try encoder.instanceData.withUnsafeBufferPointer { instances in
            try writeMappedInstances(byteCount: encoded + damagedCanvas.byteCount) { floats in
                if encoded > 0 { floats.update(from: instances.baseAddress!, count: encoded / 4) }
                damagedCanvas.write(into: floats + encoded / 4, instances: instances)
            }
        }
    }

    /// Adds the instance ranges of `pass`'s batches and of its barriers' passes to `batchRanges`.
    private func gatherBatchRanges(of pass: RenderPass) {
        if case let .quads(batches) = pass.work {
            for batch in batches { batchRanges.append((batch.firstInstance, batch.instanceCount)) }
        }
        for barrier in pass.barriers {
            for barrierPass in barrier.passes { gatherBatchRanges(of: barrierPass) }
        }
    }

    /// Maps the first `byteCount` bytes of the bound instance buffer, growing its storage when it
    /// holds fewer, and lets `write` fill them.
    private func writeMappedInstances(byteCount: Int, _ write: (UnsafeMutablePointer<Float>) -> Void) throws {
        guard byteCount > 0 else { return }
        lastInstanceBytes = byteCount
        if instanceBufferBytes < byteCount {
            instanceBufferBytes = max(byteCount, 2 * instanceBufferBytes)
            glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(instanceBufferBytes), nil, GLenum(GL_STREAM_DRAW))
        }
        // Invalidated: the driver need not keep (or wait on) the last frame's contents.
        let access = GLbitfield(GL_MAP_WRITE_BIT) | GLbitfield(GL_MAP_INVALIDATE_BUFFER_BIT)
        guard let mapped = glMapBufferRange(GLenum(GL_ARRAY_BUFFER), 0, GLsizeiptr(byteCount), access) else {
            try GLError.check("glMapBufferRange")
            throw GLError.unsupported("mapping the instance buffer")
        }
        write(mapped.bindMemory(to: Float.self, capacity: byteCount / 4))
        if glUnmapBuffer(GLenum(GL_ARRAY_BUFFER)) == GLboolean(GL_FALSE) {
            // The storage was lost while mapped (a rare driver event): its contents are undefined.
            throw GLError.unsupported("the instance buffer's contents were lost while mapped")
        }
    }

    /// The encoder's instances up to the last one an offscreen pass draws (0 when none does).
    private var offscreenInstanceCount: Int {
        var end = 0
        for pass in encoder.passes where pass.destination != nil {
            guard case let .quads(batches) = pass.work else { continue }
            for batch in batches { end = max(end, batch.firstInstance + batch.instanceCount) }
        }
        return end
    }

    /// Draws the canvas pass laid out by `damagedCanvas` (clearing batch first); returns the draw calls.
    private func drawDamagedCanvas(_ pass: RenderPass) throws -> Int {
        try target.bind()
        glDisable(GLenum(GL_SCISSOR_TEST))
        glBindVertexArray(damagedVertexArray)
        growCornerIndices(toHold: damagedCanvas.instanceCount)
        let layout = InstanceLayout(baseOffset: damagedCanvasOffset, stride: DamagedCanvasDraws.stride, hasDamage: true)
        return try draw(damagedCanvas.batches, width: pass.canvasWidth, height: pass.canvasHeight,
                        yFlip: target.isYFlipped ? -1 : 1, layout: layout)
    }

    /// The element buffer of `cornerIndexCapacity` quads' corner indices (0, 1, 2, 2, 1, 3 from
    /// 4 q: the two triangles the strip of quad q makes, in the strip's order), created on first use.
    private var cornerIndices: GLuint = 0
    private var cornerIndexCapacity = 0

    /// Grows the corner indices to at least `copies` quads; `damagedVertexArray` is bound and
    /// keeps them as its element buffer.
    private func growCornerIndices(toHold copies: Int) {
        guard copies > cornerIndexCapacity else { return }
        if cornerIndices == 0 { cornerIndices = ledger.makeBuffer() }
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), cornerIndices)
        let capacity = max(copies, 2 * cornerIndexCapacity, 1024)
        var indices = [UInt32](repeating: 0, count: 6 * capacity)
        for quad in 0..<capacity {
            let v = UInt32(4 * quad)
            indices[6 * quad] = v; indices[6 * quad + 1] = v + 1; indices[6 * quad + 2] = v + 2
            indices[6 * quad + 3] = v + 2; indices[6 * quad + 4] = v + 1; indices[6 * quad + 5] = v + 3
        }
        indices.withUnsafeBytes { glBufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), GLsizeiptr($0.count), $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
        cornerIndexCapacity = capacity
    }

    /// Binds and clears the pass's target, draws its work, and returns the number of draw calls.
    /// The canvas pass is drawn whole, or once per scissor rectangle (cleared inside it only).
    private func draw(_ pass: RenderPass, clearColor: PremultipliedColor, scissors: [PixelRect]?) throws -> Int {
        guard !pass.barriers.isEmpty, case let .quads(batches) = pass.work else {
            return try draw(pass, clearColor: clearColor, scissors: scissors, clears: true)
        }
        // The batches between barriers in turn, each barrier's passes after the batches before it
        // (`RenderPass.Barrier`); only the first part clears the target.
        var drawCalls = 0, start = 0
        let ends = pass.barriers.map(\.batchIndex) + [batches.count]
        for (part, end) in ends.enumerated() {
            var segment = pass
            segment.work = .quads(Array(batches[start..<max(start, end)]))
            segment.barriers = []
            drawCalls += try draw(segment, clearColor: clearColor, scissors: scissors, clears: part == 0)
            if part < pass.barriers.count {
                for barrierPass in pass.barriers[part].passes {
                    drawCalls += try draw(barrierPass, clearColor: clearColor, scissors: nil)
                }
            }
            start = max(start, end)
        }
        return drawCalls
    }

    /// Binds the pass's target, clears it when `clears` (else keeps its pixels: the part of a
    /// pass after a barrier), and draws its work.
    private func draw(_ pass: RenderPass, clearColor: PremultipliedColor, scissors: [PixelRect]?, clears: Bool) throws -> Int {
        if let destination = pass.destination {
            if clears {
                destination.bindAndClear(width: pass.targetWidth, height: pass.targetHeight)
            } else {
                destination.bindKeepingPixels(width: pass.targetWidth, height: pass.targetHeight)
            }
            return try drawWork(of: pass)
        }
        try target.bind()
        glClearColor(clearColor.red, clearColor.green, clearColor.blue, clearColor.alpha)
        guard let scissors else {
            glDisable(GLenum(GL_SCISSOR_TEST))
            if clears { glClear(GLbitfield(GL_COLOR_BUFFER_BIT)) }
            return try drawWork(of: pass)
        }
        glEnable(GLenum(GL_SCISSOR_TEST))
        defer { glDisable(GLenum(GL_SCISSOR_TEST)) }
        var drawCalls = 0
        for scissor in scissors {
            let y = target.isYFlipped ? target.pixelHeight - scissor.y - scissor.height : scissor.y
            glScissor(GLint(scissor.x), GLint(y), GLsizei(scissor.width), GLsizei(scissor.height))
            if clears { glClear(GLbitfield(GL_COLOR_BUFFER_BIT)) }
            if case let .quads(batches) = pass.work {
                drawCalls += try draw(batches, width: pass.canvasWidth, height: pass.canvasHeight,
                                      yFlip: target.isYFlipped ? -1 : 1, within: scissor)
            } else {
                drawCalls += try drawWork(of: pass)
            }
        }
        return drawCalls
    }

    /// Draws a pass's quads or blur step into the bound target; returns the draw calls.
    private func drawWork(of pass: RenderPass) throws -> Int {
        switch pass.work {
        case let .quads(batches):
            let flip: Float = pass.destination == nil && target.isYFlipped ? -1 : 1
            // A render target's viewport starts inside its border.
            let origin = pass.destination == nil ? 0 : RenderTarget.border
            return try draw(batches, width: pass.canvasWidth, height: pass.canvasHeight, yFlip: flip, viewportOrigin: origin)
        case let .blur(step):
            try blur(step)
            return 1
        case let .filter(step):
            try filter(step)
            return 1
        case let .copy(step):
            copy(step)
            return 1
        }
    }

    /// Copies a rectangle of the canvas or of an offscreen target into the content of the
    /// step's destination (bound, its content scissored), on the GPU: the destination's row 0
    /// is the rectangle's top row; a window surface's bottom-up rows are flipped on the way.
    private func copy(_ step: CopyStep) {
        let r = step.sourceRect
        var x0 = GLint(r.x), x1 = GLint(r.x + r.width), y0 = GLint(r.y), y1 = GLint(r.y + r.height)
        if let source = step.source {
            let b = GLint(RenderTarget.border)
            x0 += b; x1 += b; y0 += b; y1 += b
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), source.framebuffer)
        } else {
            if target.isYFlipped { (y0, y1) = (GLint(target.pixelHeight) - y0, GLint(target.pixelHeight) - y1) }
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), target.framebuffer)
        }
        let d = step.destination, b = GLint(RenderTarget.border)
        let width = step.destinationWidth, height = step.destinationHeight
        let scaled = width != r.width || height != r.height
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), d.framebuffer)
        glBlitFramebuffer(x0, y0, x1, y1, b, b, b + GLint(width), b + GLint(height), GLbitfield(GL_COLOR_BUFFER_BIT),
                          GLenum(scaled ? GL_LINEAR : GL_NEAREST))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), d.framebuffer)
    }

    private func blur(_ step: BlurStep) throws {
        if blurProgram == nil {
            blurProgram = try BlurProgram()
            ledger.adoptProgram()
        }
        guard let blurProgram else { return }
        glUseProgram(blurProgram.program)
        glDisable(GLenum(GL_BLEND))
        glBindVertexArray(0)
        glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(QuadProgram.contentUnit))
        glBindTexture(GLenum(GL_TEXTURE_2D), step.source.texture)
        glBindSampler(GLuint(QuadProgram.contentUnit), samplers.sampler(forKey: SamplerSet.key(minification: .linear, magnification: .linear)))
        blurProgram.draw(step)
    }

    private func filter(_ step: FilterStep) throws {
        if filterProgram == nil {
            filterProgram = try FilterProgram()
            ledger.adoptProgram()
        }
        guard let filterProgram else { return }
        glUseProgram(filterProgram.program)
        glDisable(GLenum(GL_BLEND))
        glBindVertexArray(0)
        let linear = samplers.sampler(forKey: SamplerSet.key(minification: .linear, magnification: .linear))
        glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(FilterProgram.secondUnit))
        glBindTexture(GLenum(GL_TEXTURE_2D), step.second?.texture ?? step.source.texture)
        glBindSampler(GLuint(FilterProgram.secondUnit), linear)
        glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(QuadProgram.contentUnit))
        glBindTexture(GLenum(GL_TEXTURE_2D), step.source.texture)
        glBindSampler(GLuint(QuadProgram.contentUnit), linear)
        filterProgram.draw(step)
    }

    /// Binds a video frame's chroma planes (filtered linearly: the shader reads between their
    /// samples) and sets the program's conversion uniforms; the content unit stays active.
    private func bindChroma(of video: VideoPlanes, program: QuadProgram) {
        let linear = samplers.sampler(forKey: SamplerSet.key(minification: .linear, magnification: .linear))
        // Two binds written out rather than a loop over an array, which would allocate per draw.
        func bind(_ texture: GLuint, unit: GLint) {
            glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(unit))
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            glBindSampler(GLuint(unit), linear)
        }
        bind(video.chroma, unit: VideoPlanes.chromaUnit)
        bind(video.redChroma, unit: VideoPlanes.redChromaUnit)
        glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(QuadProgram.contentUnit))
        program.video.set(video)
    }

    /// Where the instances a draw reads lie in the instance buffer.
    private struct InstanceLayout {
        /// The encoder's instances.
        static let encoded = InstanceLayout(baseOffset: 0, stride: QuadInstance.stride, hasDamage: false)
        /// The byte offset of instance 0.
        var baseOffset: Int
        /// Floats per instance.
        var stride: Int
        /// Whether the data are `DamagedCanvasDraws`' copies: each ends with a damage rectangle and
        /// is written once per corner, drawn as indexed triangles rather than instances.
        var hasDamage: Bool
    }

    /// Draws `batches`; with `rect` (a damage rectangle of the canvas pass), only the runs of
    /// instances whose bounds touch it. Returns the draw calls.
    @discardableResult
    private func draw(_ batches: [QuadBatch], width: Int, height: Int, yFlip: Float, viewportOrigin: Int = 0,
                      within rect: PixelRect? = nil, layout: InstanceLayout = .encoded) throws -> Int {
        guard !batches.isEmpty else { return 0 }
        var drawCalls = 0
        let bounds = encoder.instanceBounds
        let area = rect.map { SIMD4<Int32>(Int32(clamping: $0.x), Int32(clamping: $0.y),
                                           Int32(clamping: $0.x + $0.width), Int32(clamping: $0.y + $0.height)) }
        /// Whether instance `i` may touch the rectangle.
        func touches(_ i: Int) -> Bool {
            guard let a = area, i < bounds.count else { return true }
            let b = bounds[i]
            return b.x < a.z && b.z > a.x && b.y < a.w && b.w > a.y
        }
        glBindVertexArray(layout.hasDamage ? damagedVertexArray : vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(QuadProgram.clipTableUnit))
        glBindTexture(GLenum(GL_TEXTURE_2D), clipTable.texture)
        glBindSampler(GLuint(QuadProgram.clipTableUnit), 0)
        glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(QuadProgram.contentUnit))
        var blend: BatchBlend?
        var boundTexture: GLuint?
        var boundSampler = -1
        var currentFeatures: ShaderFeatures?
        var currentProgram: QuadProgram?
        var currentGradient: GradientUniforms?
        var currentVideo: VideoPlanes?
        let stride = GLsizei(layout.stride * 4)
        let packs = drawsPackedInstances && !layout.hasDamage
        if !packs && !layout.hasDamage { packedAttributes.enableAll() }
        for batch in batches {
            let end = batch.firstInstance + batch.instanceCount
            var runStart = batch.firstInstance
            if area != nil {
                while runStart < end && !touches(runStart) { runStart += 1 }
                if runStart == end { continue }
            }
            var packedLayout: PackedInstances.Layout?
            if packs {
                // Every batch's range was packed (`uploadInstances`).
                guard let found = packed.layout(first: batch.firstInstance, count: batch.instanceCount) else { continue }
                packedLayout = found
                encoder.instanceData.withUnsafeBufferPointer { instances in
                    packedAttributes.setConstants(of: found, packed: packed, instances: instances.baseAddress!)
                }
            }
            if currentFeatures != batch.features {
                let program = try program(for: batch.features)
                glUseProgram(program.program)
                glUniform3f(program.canvasLocation, 2 / Float(width), 2 / Float(height), yFlip)
                if program.canvasFromWindowLocation >= 0 {
                    glUniform4f(program.canvasFromWindowLocation, Float(viewportOrigin), Float(viewportOrigin), Float(height), yFlip)
                }
                currentFeatures = batch.features
                currentProgram = program
                currentGradient = nil
                currentVideo = nil
            }
            if let gradient = batch.gradient, gradient != currentGradient {
                currentProgram?.setGradient(gradient)
                currentGradient = gradient
            }
            if batch.features.contains(.video), let video = batch.video, video != currentVideo, let currentProgram {
                bindChroma(of: video, program: currentProgram)
                currentVideo = video
            }
            if blend != batch.blend {
                switch batch.blend {
                case .replace: glDisable(GLenum(GL_BLEND))
                case .sourceOver:
                    glEnable(GLenum(GL_BLEND))
                    glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
                case .additive:
                    glEnable(GLenum(GL_BLEND))
                    glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
                case .multiplyBySourceAlpha:
                    glEnable(GLenum(GL_BLEND))
                    glBlendFunc(GLenum(GL_ZERO), GLenum(GL_SRC_ALPHA))
                }
                blend = batch.blend
            }
            if boundTexture != batch.texture {
                glBindTexture(GLenum(GL_TEXTURE_2D), batch.texture)
                boundTexture = batch.texture
            }
            if batch.texture != 0 && boundSampler != batch.samplerKey {
                glBindSampler(GLuint(QuadProgram.contentUnit), samplers.sampler(forKey: batch.samplerKey))
                boundSampler = batch.samplerKey
            }
            // Runs of consecutive instances that may touch the rectangle (the whole batch without one).
            while runStart < end {
                var runEnd = runStart + 1
                while runEnd < end && touches(runEnd) { runEnd += 1 }
                // GLES 3.0 has no base instance: point the attributes at the run's first instance.
                if let packedLayout {
                    packedAttributes.point(packedLayout, at: runStart)
                } else {
                    let first = layout.baseOffset + runStart * layout.stride * 4 * (layout.hasDamage ? DamagedCanvasDraws.verticesPerCopy : 1)
                    for attribute in QuadInstance.attributes {
                        glVertexAttribPointer(attribute.location, GLint(attribute.components), GLenum(GL_FLOAT), GLboolean(GL_FALSE),
                                              stride, UnsafeRawPointer(bitPattern: first + attribute.offset * 4))
                    }
                    if layout.hasDamage {
                        glVertexAttribPointer(DamagedCanvasDraws.damageLocation, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE),
                                              stride, UnsafeRawPointer(bitPattern: first + QuadInstance.stride * 4))
                    }
                }
                if layout.hasDamage {
                    glDrawElements(GLenum(GL_TRIANGLES), GLsizei(6 * (runEnd - runStart)), GLenum(GL_UNSIGNED_INT), nil)
                } else {
                    glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(runEnd - runStart))
                }
                drawCalls += 1
                runStart = runEnd
                while runStart < end && !touches(runStart) { runStart += 1 }
            }
        }
        return drawCalls
    }
}
