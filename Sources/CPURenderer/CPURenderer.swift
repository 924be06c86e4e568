import CompositorCore
import CoreGraphics
import Foundation
import Logging

/// Why the CPU renderer could not draw a frame.
public enum CPURendererError: Error, Equatable, CustomStringConvertible {
    /// The canvas or a group's intermediate image has a size that cannot be allocated.
    case invalidSize(width: Int, height: Int)
    /// The attached framebuffer is smaller than the canvas.
    case framebufferTooSmall(width: Int, height: Int)

    /// A textual description, for logs and error messages.
    public var description: String {
        switch self {
        case let .invalidSize(width, height): return "invalid pixel size \(width)x\(height)"
        case let .framebufferTooSmall(width, height): return "the framebuffer is smaller than the \(width)x\(height) canvas"
        }
    }
}

/// Draws flattened frames on the CPU, producing the pixels the GLES renderer produces: the same
/// coverage, border, texture sampling and clip maths, evaluated eight pixels at a time, with the
/// canvas split into bands of rows painted on every core.
///
/// Frames are kept in memory as premultiplied RGBA8; `readPixels()` returns them as an image and
/// `framebuffer`, when set, receives every frame in the layout a display needs.
public final class CPURenderer: FrameRenderer, CacheBudgetedRenderer {
    /// The width of the canvas, in pixels (follows the last list rendered).
    public private(set) var pixelWidth: Int
    /// The height of the canvas, in pixels.
    public private(set) var pixelHeight: Int
    /// The statistics of the last frame rendered.
    public private(set) var lastStatistics = RenderStatistics()
    /// Caller-owned memory that receives the pixels of every frame (the redrawn region of a
    /// damage-limited frame), or nil.
    public var framebuffer: CPUFramebuffer?
    /// The most bytes of rasterized group contents (`CompositingGroup.rasterizationKey`) kept
    /// between frames; lowering it evicts at once.
    public var rasterizationCacheLimit: Int {
        get { rasterizations.byteLimit }
        set { rasterizations.byteLimit = max(0, newValue) }
    }

    /// The budget of each of the renderer's caches (converted images, rasterized group
    /// contents), by default scaled to the canvas size (`CacheBudget.default(pixelWidth:pixelHeight:)`).
    /// Setting it replaces `rasterizationCacheLimit`; the images follow it from the end of the next frame.
    public var cacheBudget: CacheBudget {
        didSet { for cache in caches { cache.budget = cacheBudget } }
    }

    /// Every cache the renderer keeps between frames, each following `cacheBudget`.
    private var caches: [any CacheBudgetFollowing] { [textures, rasterizations, shadowMasks, offscreen] }

    private var canvas: PixelBuffer
    private let painter: BandPainter
    /// How the renderer paints (not what), as given at creation.
    public let options: Options
    private let textures: TextureStore
    private let rasterizations: RasterizationCache
    private var nestingReporter = NestingReporter()
    private let logger = Logger(label: "CPURenderer")
    private let shadowMasks: ShadowMaskCache
    /// Groups' intermediate images and blurred shadows, reused from frame to frame.
    private let offscreen: PixelBufferPool
    /// The frame's prepared drawables; the storage is kept from frame to frame (see `FrameCompositor.prepare`).
    private var preparedQuads = PreparedQuadList()
    /// Picks the drawables that may touch a damage-limited frame's region, remembering bounds between frames.
    private var culling = DamageCulling(exact: true)
    /// Each frame's draw-list tree, kept from the last frame's where the list nests alike.
    private var trees = DrawListTreeCache()
    /// Orders each frame's offscreen passes (`PassPlan`), its storage kept from frame to frame.
    private let planner = PassPlanner()
    /// The filtered backdrops of canvas-level backdrop quads, kept while what lies behind them
    /// does not change.
    private let keptBackdrops: KeptBackdrops<KeptBackdropBuffer>
    /// The images of the plan's targets while it runs, the storage kept from frame to frame.
    private let passImages = PassImages()
    /// Hands the heap back to the system after large evictions.
    private var trimmer = FreedMemoryTrimmer(threshold: 4 << 20)

    /// Creates a renderer with a transparent canvas of `pixelWidth` x `pixelHeight`.
    ///
    /// - Parameters:
    ///   - threadCount: the threads that paint bands: by default the value of the environment
    ///     variable `QC_CPU_THREADS` when it is a positive integer (to take single-thread figures
    ///     with tools that use the default), otherwise every active processor.
    ///   - rasterizationCacheLimit: bytes of rasterized group contents kept between frames; nil
    ///     for `cacheBudget.byteLimit`.
    ///   - textureEvictionAge: frames after which anything cached and not drawn is released
    ///     (`cacheBudget.evictionAge`).
    ///   - options: how the renderer paints; by default what `QC_DEBUG` asks for.
    /// - Throws: `CPURendererError.invalidSize` when a side is not positive or the canvas is too large.
    public init(pixelWidth: Int, pixelHeight: Int, threadCount: Int = CPURenderer.defaultThreadCount,
                rasterizationCacheLimit: Int? = nil, textureEvictionAge: Int = CacheBudget.defaultEvictionAge,
                options: Options = .fromEnvironment) throws {
        try Self.validate(width: pixelWidth, height: pixelHeight)
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight
        self.options = options
        canvas = PixelBuffer(width: pixelWidth, height: pixelHeight)
        painter = BandPainter(threadCount: threadCount, options: options)
        let budget = CacheBudget(byteLimit: CacheBudget.defaultByteLimit(pixelWidth: pixelWidth, pixelHeight: pixelHeight),
                                 evictionAge: textureEvictionAge)
        cacheBudget = budget
        textures = TextureStore(budget: budget)
        var rasterizationBudget = budget
        if let rasterizationCacheLimit { rasterizationBudget.byteLimit = max(0, rasterizationCacheLimit) }
        rasterizations = RasterizationCache(budget: rasterizationBudget)
        shadowMasks = ShadowMaskCache(budget: budget)
        shadowMasks.cutsCoveredInteriors = options.cutsShadowsUnderOpaqueLayers
        offscreen = PixelBufferPool(budget: budget, maximumSide: Self.maximumSide)
        keptBackdrops = KeptBackdrops(
            byteCount: { $0.buffer.storage?.bucket.byteCount ?? $0.buffer.width * $0.buffer.height * 4 },
            discard: { [offscreen] kept in
                if let storage = kept.buffer.storage { offscreen.recycle(storage, bucket: storage.bucket) }
            })
    }

    /// The threads a renderer paints with unless told: `QC_CPU_THREADS` when set to a positive
    /// integer, otherwise the number of active processors.
    public static var defaultThreadCount: Int {
        threadCount(environment: ProcessInfo.processInfo.environment["QC_CPU_THREADS"])
    }

    /// The thread count an environment value asks for: a positive integer, otherwise every active processor.
    static func threadCount(environment value: String?) -> Int {
        if let value, let count = Int(value.trimmingCharacters(in: .whitespaces)), count > 0 { return count }
        return ProcessInfo.processInfo.activeProcessorCount
    }

    /// The number of images converted for drawing and still held.
    public var cachedImageCount: Int { textures.count }
    /// The number of rasterized group contents held, and their bytes.
    public var cachedRasterizations: (count: Int, bytes: Int) { (rasterizations.count, rasterizations.byteCount) }

    /// Draws the whole of `list`.
    ///
    /// - Throws: `CPURendererError` for a canvas or group size that cannot be allocated, or a framebuffer too small.
    public func render(_ list: DrawList) throws -> RenderStatistics {
        try render(list, regions: [PixelRect(x: 0, y: 0, width: list.pixelWidth, height: list.pixelHeight)])
    }

    /// Redraws the pixels of `damage` from `list`; the others keep the last frame's values. A
    /// list of another size than the last one is drawn whole.
    public func render(_ list: DrawList, damage: PixelRect) throws -> RenderStatistics {
        try render(list, regions: [damage])
    }

    /// Redraws the pixels of every rectangle of `damage` (disjoint, as `DamageTracker` gives
    /// them): only the drawables that may touch a rectangle are prepared, once, and the
    /// rectangles are painted together, band by band on every core; no rectangle paints
    /// nothing. A list of another size than the last one is drawn whole.
    public func render(_ list: DrawList, damageRegion damage: [PixelRect]) throws -> RenderStatistics {
        guard !damage.isEmpty || list.pixelWidth != pixelWidth || list.pixelHeight != pixelHeight else {
            keptBackdrops.begin(list) // the kept images follow the list's commands
            lastStatistics = RenderStatistics()
            return lastStatistics
        }
        return try render(list, regions: damage)
    }

    /// The last frame, top row first.
    public func readPixels() throws -> CGImage { canvas.makeImage() }

    private func render(_ list: DrawList, regions requested: [PixelRect]) throws -> RenderStatistics {
        try Self.validate(width: list.pixelWidth, height: list.pixelHeight)
        let whole = PixelRect(x: 0, y: 0, width: list.pixelWidth, height: list.pixelHeight)
        // Bands of overlapping rectangles would paint the same pixels from two threads.
        var regions = DamageRegion.disjoint(requested.map { $0.intersection(whole) })
        if list.pixelWidth != pixelWidth || list.pixelHeight != pixelHeight {
            canvas = PixelBuffer(width: list.pixelWidth, height: list.pixelHeight)
            pixelWidth = list.pixelWidth; pixelHeight = list.pixelHeight
            regions = [whole]
        }
        if let framebuffer, !framebuffer.fits(width: pixelWidth, height: pixelHeight) {
            throw CPURendererError.framebufferTooSmall(width: pixelWidth, height: pixelHeight)
        }
        textures.beginFrame()
        rasterizations.beginFrame()
        shadowMasks.beginFrame()
        offscreen.beginFrame()
        // Caches age with frames drawn whole only: a damage-limited frame skips what lies elsewhere.
        let isWhole = regions == [whole]
        var hasEnded = false
        defer { if !hasEnded { endFrame(isWhole: isWhole) } }
        var statistics = RenderStatistics()
        let clips = list.clips.enumerated().map { PreparedClip($1, index: $0, count: list.clips.count) }
        let tree = trees.tree(for: list)
        if let warning = nestingReporter.warning(for: tree) { logger.warning("\(warning)") }
        keptBackdrops.begin(list)
        let isBackdropKept = { [keptBackdrops] (command: Int) in keptBackdrops.image(for: command) != nil }
        // A group of a size the CPU cannot draw is an error, as such a canvas is (the plan leaves
        // out groups of no pixels, which the GLES renderer skips).
        for node in tree.groups {
            let g = node.group
            guard g.opacity > 0, g.rect.width > 0, g.rect.height > 0, g.isDoubleSided || !g.transform.facesAway else { continue }
            try Self.validate(width: g.pixelWidth, height: g.pixelHeight)
        }
        var roots = tree.nodes[tree.roots]
        // A backdrop meeting the damage is redrawn with all it reads (`BackdropFilter.grow`).
        if tree.hasBackdrops && regions != [whole] {
            regions = DamageRegion.disjoint(BackdropFilter.grow(regions, for: list, isKept: isBackdropKept))
        }
        let plan: PassPlan
        // A rasterized group's image kept from an earlier frame is composited as it is.
        let isKept = { [rasterizations, passImages] (index: Int) -> Bool in
            let g = tree.groups[index].group
            guard let key = g.rasterizationKey,
                  let kept = rasterizations.texture(for: key, width: g.pixelWidth, height: g.pixelHeight) else { return false }
            passImages.groupImages[index] = kept
            return true
        }
        passImages.begin(groups: tree.groups.count)
        if regions != [whole] {
            // Only drawables that may touch the damage are prepared (groups not drawn at all).
            let damage = DamageTiles(rects: regions, width: pixelWidth, height: pixelHeight)
            culling.select(trees, touching: damage)
            roots = ArraySlice(culling.selected.map { tree.nodes[$0] })
            plan = planner.plan(tree, roots: culling.selected, canvasWidth: pixelWidth, canvasHeight: pixelHeight, isKept: isKept,
                                isBackdropKept: isBackdropKept)
        } else {
            plan = planner.plan(tree, roots: tree.roots, canvasWidth: pixelWidth, canvasHeight: pixelHeight, isKept: isKept,
                                isBackdropKept: isBackdropKept)
        }
        passImages.setTargetCount(plan.targets.count)
        defer { passImages.clear() }
        let compositor = FrameCompositor(tree: tree, clips: clips, painter: painter, textures: textures,
                                         rasterizations: rasterizations, shadowMasks: shadowMasks, offscreen: offscreen,
                                         plan: plan, images: passImages, keptBackdrops: keptBackdrops)
        try compositor.runOffscreenPasses(statistics: &statistics)
        let target = PaintTarget(buffer: canvas, regions: regions, clear: packPixel(list.clearColor.raw))
        try compositor.prepare(roots, width: pixelWidth, height: pixelHeight, statistics: &statistics, into: &preparedQuads,
                               target: target, host: plan.canvasPass)
        let quads = preparedQuads
        var finish: (@Sendable (Range<Int>, Range<Int>) -> Void)?
        if let target = framebuffer {
            let canvas = self.canvas
            finish = { rows, columns in
                for y in rows { target.write(row: y, from: columns.lowerBound, to: columns.upperBound, of: canvas) }
            }
        }
        painter.paint(quads, clips: clips, into: canvas, regions: regions, clear: target.clear, finishRows: finish)
        statistics.quads += quads.count
        statistics.textureUploads = textures.uploadsThisFrame
        hasEnded = true
        endFrame(isWhole: isWhole)
        statistics.contentImages = textures.usage
        statistics.rasterizedGroups = rasterizations.usage
        statistics.shadowMasks = shadowMasks.usage
        statistics.offscreenTargets = offscreen.usage + keptBackdrops.usage
        lastStatistics = statistics
        return statistics
    }

    /// Ends a frame: the caches evict what their budget no longer keeps (age counting only
    /// frames drawn whole), and the heap is trimmed after large evictions.
    private func endFrame(isWhole: Bool) {
        textures.endFrame(isWhole: isWhole)
        rasterizations.endFrame(countForAge: isWhole)
        shadowMasks.endFrame(countForAge: isWhole)
        offscreen.endFrame()
        trimmer.noteFreed(textures.takeFreedBytes() + rasterizations.takeFreedBytes() + shadowMasks.takeFreedBytes()
                          + offscreen.takeFreedBytes())
        trimmer.trimIfWorthwhile()
    }

    /// The largest side of the canvas or of a group's image, in pixels.
    static let maximumSide = 32768

    /// Sizes up to `maximumSide` pixels a side are accepted.
    static func validate(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide else {
            throw CPURendererError.invalidSize(width: width, height: height)
        }
    }
}
