import CGLES3
import CompositorCore
import CoreGraphics
import Foundation
import Logging

/// Turns a draw list into the frame's instance data and its passes, in execution order: the
/// frame's `PassPlan` run on the GPU.
///
/// Each of the plan's passes becomes GLES passes: a group's content or mask a pass of instanced
/// quads into a pooled target of its pixel size (its mask multiplied in by its alpha), a filter
/// step a filter pass (a blur its `BlurPlan`'s passes and a resampling one), a shadow the
/// separable Gaussian of the image's alpha; a backdrop's copy and filter steps, and a blend's copy
/// and mix, run as a `RenderPass.Barrier` of their host. A finished group is composited into its
/// host as two textured quads through the group's transform: its shadow, tinted and offset, then
/// its content. Passes are encoded in the order they run, so a target the plan releases goes
/// back to the pool at once, for a later pass of the frame. A pass's quads are gathered unread
/// and told apart in chunks on several threads (`GatheredQuads`); its runs of plain quads are
/// taken from them (their textures resolved in order) and written in chunks too
/// (`ChunkedQuadRun`), the same instances and batches as quads written one by one.
final class FrameEncoder {
    private let textures: TextureCache
    private let pool: RenderTargetPool
    private let rasterCache: RasterizationCache
    /// Blurred quads are drawn from cached masks where one applies.
    private let shadowMasks: ShadowMaskCache
    let clips: ClipResolver
    private var hasWarnedAboutOversizeGroups = false
    private var nestingReporter = NestingReporter()
    private let logger = Logger(label: "GLESRenderer")
    /// When false, plain sprites are drawn by the full shader too (for comparing the two).
    var spriteVariantEnabled = true { didSet { writer = makeWriter() } }
    /// When false, quads with an analytic clip are drawn whole (for comparing the two).
    var clipShrinkingEnabled = true { didSet { writer = makeWriter() } }
    // The writer and the run below are read or written for every quad, on the encoding thread
    // alone, so they are not checked at run time either (a check costs 85–125 instructions a quad).
    /// Writes each instance, with the settings above.
    @exclusivity(unchecked) private var writer: InstanceWriter
    /// When false, every quad is written on the encoding thread as it is reached, rather than
    /// runs of plain quads in chunks on several threads (`ChunkedQuadRun`; for comparing the two).
    var chunkedRunsEnabled = true
    /// The quads met since the last other drawable, told apart when it is reached.
    @exclusivity(unchecked) private var gathered = GatheredQuads()
    /// The run of plain quads taken from them, written when it ends.
    @exclusivity(unchecked) private var run = ChunkedQuadRun()
    /// When false, batches of quads needing different features are drawn whole with their union
    /// (for comparing the two).
    var leanBatchesEnabled = true
    /// Splits mixed batches into one batch per feature set.
    private let splitter = LeanBatchSplitter()
    // The per-quad state below is written for every quad on the encoding thread alone, with no
    // overlapping access, so it is not checked at run time (a check costs about as much as writing
    // an instance's features).
    /// The features each instance needs (`instanceCapacity` of them).
    @exclusivity(unchecked) private(set) var instanceFeatures: [ShaderFeatures] = []

    /// The frame's instances (`instanceCount` of them, `QuadInstance.stride` floats each).
    private(set) var instanceData: [Float] = []
    @exclusivity(unchecked) private(set) var instanceCount = 0
    /// The masks of the blocks of instances that runs wrote whole (`InstanceBlockMasks`), which
    /// spare the packed upload reading those instances again.
    @exclusivity(unchecked) private(set) var instanceBlockMasks = InstanceBlockMasks()
    /// The instances `instanceData` has room for (read while it is being written).
    private var instanceCapacity = 0
    /// Whether an instance found no room in this encoding.
    private var isShortOfInstances = false
    /// The frame's passes, the canvas pass last.
    private(set) var passes: [RenderPass] = []
    /// Blurs run for layers' filters this frame (`RenderStatistics.filterPasses`).
    private(set) var filterPassCount = 0
    /// Quads drawn (after culling), composited group images included.
    @exclusivity(unchecked) private(set) var quadCount = 0
    /// The fragments the frame's instances shade, when counted (`GLESRenderer.countsShadedFragments`).
    @exclusivity(unchecked) var fragments = ShadedFragmentCount()
    /// For each instance of the canvas pass of a damage-limited frame, the canvas pixels it can
    /// touch (minX, minY, maxX, maxY, exclusive); empty for other frames and passes.
    @exclusivity(unchecked) private(set) var instanceBounds: [SIMD4<Int32>] = []
    /// For the same instances, what `InstancePixelBounds` reads their reach from: whether each
    /// is blurred and whether it is drawn with blending off.
    @exclusivity(unchecked) private(set) var instanceReachKinds: [(blurred: Bool, replaces: Bool)] = []
    /// The damage of the frame being encoded: top-level drawables that cannot touch it are skipped.
    private var damage: DamageTiles?
    /// Picks the canvas drawables that may touch the damage, remembering bounds between frames.
    private var culling = DamageCulling(exact: true)
    /// Leaves out the canvas drawables that a later opaque quad hides whole.
    private var hiddenRoots = HiddenCanvasRoots()
    /// Whether `hiddenRoots.visible` holds the canvas drawables of the frame being encoded.
    private var drawsVisibleRoots = false
    /// When false, every canvas drawable is drawn, also those an opaque quad hides (for comparing the two).
    var hidesCoveredRoots = true
    /// Each frame's draw-list tree, kept from the last frame's where the list nests alike.
    private var trees = DrawListTreeCache()
    /// Orders each frame's offscreen passes, its storage kept from frame to frame.
    private let planner = PassPlanner()
    /// The frame's plan.
    private var plan = PassPlan()
    /// The render target of each of the plan's targets while the frame is encoded.
    private var targets: [RenderTarget?] = []
    /// Whether the target at each index was acquired for it (it goes back to the pool when the
    /// plan releases it), rather than kept by a cache or shared with another index.
    private var ownsTarget: [Bool] = []
    /// Each group's image kept from an earlier frame (`RasterizationCache`), by group index.
    private var keptImages: [RenderTarget?] = []
    /// The part of its content's space each group's shadow image covers, by group index.
    private var shadowCovered: [CGRect] = []
    /// The filtered backdrops of canvas-level backdrop quads, kept while what lies behind them
    /// does not change (their targets out of the pool meanwhile).
    private let keptBackdrops: KeptBackdrops<KeptBackdropImage>

    private var base: UnsafeMutablePointer<Float>?
    private var root = PassBuilder(destination: nil, canvasWidth: 1, canvasHeight: 1)

    init(textures: TextureCache, pool: RenderTargetPool, rasterCache: RasterizationCache, shadowMasks: ShadowMaskCache,
         clips: ClipResolver) {
        self.textures = textures; self.pool = pool; self.rasterCache = rasterCache; self.shadowMasks = shadowMasks
        self.clips = clips
        writer = InstanceWriter(clips: clips, clipShrinking: true, spriteVariant: true)
        keptBackdrops = KeptBackdrops(byteCount: { $0.target.byteCount }, discard: { [pool] kept in pool.recycle(kept.target) })
    }

    private func makeWriter() -> InstanceWriter {
        InstanceWriter(clips: clips, clipShrinking: clipShrinkingEnabled, spriteVariant: spriteVariantEnabled)
    }

    /// Moves the kept filtered backdrops to the commands of `list` (a frame about to be encoded,
    /// or one with nothing to redraw), letting go of those it does not mark unchanged.
    func beginKeptBackdrops(_ list: DrawList) { keptBackdrops.begin(list) }

    /// Whether the filtered image of the canvas-level backdrop quad at `command` is kept.
    func keepsBackdrop(_ command: Int) -> Bool { keptBackdrops.image(for: command) != nil }

    /// Hands the kept filtered backdrops' targets back to the pool (before it deletes its targets).
    func releaseKeptBackdrops() { keptBackdrops.removeAll() }

    /// The kept filtered backdrops' targets: out of the pool while kept, so not in its usage.
    var keptBackdropUsage: CacheUsage { keptBackdrops.usage }

    /// Encodes `list`; with `damage`, only the top-level drawables that may touch it (groups not
    /// drawn at all otherwise), recording each canvas instance's bounds. The kept backdrops are
    /// those `beginKeptBackdrops(_:)` left for `list`.
    func encode(_ list: DrawList, damage: DamageTiles? = nil) throws {
        self.damage = damage
        passes.removeAll(keepingCapacity: true)
        instanceCount = 0; quadCount = 0; filterPassCount = 0
        root = PassBuilder(destination: nil, canvasWidth: list.pixelWidth, canvasHeight: list.pixelHeight)
        let tree = trees.tree(for: list)
        if let warning = nestingReporter.warning(for: tree) { logger.warning("\(warning)") }
        // On a damage-limited canvas, the top-level drawables that may touch the damage, picked
        // once for however many times the frame is encoded.
        if let damage { culling.select(trees, touching: damage) }
        drawsVisibleRoots = hidesCoveredRoots && (damage != nil
            ? hiddenRoots.filter(culling.selected, of: tree, clips: list.clips, width: list.pixelWidth, height: list.pixelHeight)
            : hiddenRoots.filter(tree.roots, of: tree, clips: list.clips, width: list.pixelWidth, height: list.pixelHeight))
        planFrame(tree, width: list.pixelWidth, height: list.pixelHeight)
        // Every quad writes one instance (a shadow drawn as a nine-patch up to nine: then the
        // frame may be encoded again into a larger buffer), every group at most three (mask,
        // shadow, content); every group is one node of its parent.
        var capacity = tree.nodes.count + 2 * tree.groups.count
        while true {
            if instanceData.count < capacity * QuadInstance.stride {
                instanceData = [Float](repeating: 0, count: capacity * QuadInstance.stride)
                instanceFeatures = [ShaderFeatures](repeating: [], count: capacity)
            }
            if damage != nil && instanceBounds.count < capacity {
                instanceBounds = [SIMD4<Int32>](repeating: .zero, count: capacity)
                instanceReachKinds = Array(repeating: (false, false), count: capacity)
            }
            try encodeTree(tree)
            guard isShortOfInstances else { break }
            capacity = 2 * instanceData.count / QuadInstance.stride
        }
        passes.append(root.pass)
    }

    /// Plans the frame's passes (`PassPlanner`), looking up the images of rasterized groups
    /// kept from earlier frames.
    private func planFrame(_ tree: DrawListTree, width: Int, height: Int) {
        keptImages.removeAll(keepingCapacity: true)
        keptImages.append(contentsOf: repeatElement(nil, count: tree.groups.count))
        shadowCovered.removeAll(keepingCapacity: true)
        shadowCovered.append(contentsOf: repeatElement(.zero, count: tree.groups.count))
        let isKept = { [rasterCache] (index: Int) -> Bool in
            let group = tree.groups[index].group
            guard let key = group.rasterizationKey,
                  let kept = rasterCache.target(for: key, pixelWidth: group.pixelWidth, pixelHeight: group.pixelHeight) else { return false }
            self.keptImages[index] = kept
            return true
        }
        // The last frame's plan shares the planner's storage: let go of it first, so that the
        // planner refills its arrays in place instead of copying them.
        plan = PassPlan()
        let isBackdropKept = { [keptBackdrops] (command: Int) in keptBackdrops.image(for: command) != nil }
        if drawsVisibleRoots {
            plan = planner.plan(tree, roots: hiddenRoots.visible, canvasWidth: width, canvasHeight: height,
                                maximumSize: pool.maximumContentSize, isKept: isKept, isBackdropKept: isBackdropKept)
        } else if damage != nil {
            plan = planner.plan(tree, roots: culling.selected, canvasWidth: width, canvasHeight: height,
                                maximumSize: pool.maximumContentSize, isKept: isKept, isBackdropKept: isBackdropKept)
        } else {
            plan = planner.plan(tree, roots: tree.roots, canvasWidth: width, canvasHeight: height,
                                maximumSize: pool.maximumContentSize, isKept: isKept, isBackdropKept: isBackdropKept)
        }
    }

    /// Encodes the plan's passes, from the start.
    private func encodeTree(_ tree: DrawListTree) throws {
        passes.removeAll(keepingCapacity: true)
        instanceCount = 0; quadCount = 0; isShortOfInstances = false
        fragments.reset()
        root = PassBuilder(destination: nil, canvasWidth: root.canvasWidth, canvasHeight: root.canvasHeight)
        instanceCapacity = instanceData.count / QuadInstance.stride
        instanceBlockMasks.forgetAll(capacity: instanceCapacity)
        try instanceData.withUnsafeMutableBufferPointer { buffer in
            base = buffer.baseAddress
            defer { base = nil }
            // The commands are read in place: a copy of each (hundreds of bytes, retained
            // references) costs more than a skipped drawable's test in a frame that encodes 1% of them.
            try tree.commands.withUnsafeBufferPointer { commands in
                try encodePlan(of: tree, commands: commands)
            }
        }
    }

    // MARK: - Quads

    private func encode(_ given: Quad, into builder: PassBuilder) throws {
        // A backdrop quad is its host's barrier (`encodeBackdrop`), never drawn as it is.
        if given.backdrop != nil { return }
        if given.blurSigma > 0, try shadowMasks.drawShadow(given, { try encodeDrawn($0, into: builder) }) { return }
        try encodeDrawn(given, into: builder)
    }

    /// Encodes a quad as it is drawn (a blurred one in closed form).
    private func encodeDrawn(_ quad: Quad, into builder: PassBuilder) throws {
        if quad.opacity <= 0 || (!quad.isDoubleSided && quad.transform.facesAway) { return }
        var binding: InstanceWriter.Binding?
        var video: VideoPlanes?
        if let source = quad.texture, quad.blurSigma <= 0 {
            // A video frame is drawn from its planes: its luma texture is the quad's texture.
            if let frame = source.video { video = try textures.planes(for: frame) }
            binding = try self.binding(of: source, video: video, for: quad)
        }
        let gradient = quad.blurSigma <= 0 ? quad.gradient.flatMap(GradientUniforms.init) : nil
        let state = writer.drawnState(of: quad)
        append(quad, binding: binding, blend: state.blend, gradient: gradient, video: video, clip: state.clip,
               margin: state.margin, into: builder)
    }

    /// The texture, sampler and coordinates a quad samples `source` with (`video` its planes).
    private func binding(of source: TextureSource, video: VideoPlanes?, for quad: Quad) throws -> InstanceWriter.Binding {
        let placement = try video?.placement ?? textures.placement(for: source)
        let coordinates = placement.coordinates(for: source.unitRect)
        var samplerKey = SamplerSet.key(minification: source.minificationFilter, magnification: source.magnificationFilter)
        if let video, VideoPlanes.mapsTexelsToPixels(quad, coordinates: coordinates.rect, width: Int(video.placement.width),
                                                     height: Int(video.placement.height)) {
            samplerKey = SamplerSet.key(minification: .nearest, magnification: .nearest)
        }
        return (placement.texture, samplerKey, coordinates)
    }

    /// Writes one instance and adds it to the builder's last batch or a new one.
    private func append(_ quad: Quad, binding: InstanceWriter.Binding?, alphaTint: Bool = false, blend: BatchBlend,
                        gradient: GradientUniforms? = nil, video: VideoPlanes? = nil, clip: ClipResolver.Resolution, margin: Float,
                        into builder: PassBuilder) {
        guard let base else { return }
        let index = instanceCount
        // Nine-patched shadows can outgrow the estimate: the frame is encoded again, larger.
        guard index < instanceCapacity else { isShortOfInstances = true; return }
        let written = writer.write(quad, binding: binding, alphaTint: alphaTint, gradient: gradient != nil, video: video != nil,
                                   clip: clip, margin: margin, into: base + index * QuadInstance.stride)
        if fragments.isEnabled {
            let before = fragments.pixels
            fragments.add(quad, drawn: written.drawn, margin: margin, width: builder.canvasWidth, height: builder.canvasHeight,
                          damage: builder === root ? damage?.rectangles : nil)
        }
        if damage != nil && builder === root {
            instanceBounds[index] = InstanceWriter.canvasBounds(of: quad, written: base + index * QuadInstance.stride,
                                                                analyticClip: clip.analytic != nil, replaces: blend == .replace,
                                                                width: root.canvasWidth, height: root.canvasHeight)
            instanceReachKinds[index] = (quad.blurSigma > 0, blend == .replace)
        }
        instanceFeatures[index] = written.features
        builder.add(instance: index, texture: binding?.texture ?? 0, samplerKey: binding?.samplerKey ?? 0, blend: blend,
                    features: written.features, gradient: gradient, video: video)
        instanceCount += 1
        quadCount += 1
    }

    /// Splits the builder's batches whose quads need different features into lean ones
    /// (`LeanBatchSplitter`), once all of its quads are written.
    private func splitMixedBatches(of builder: PassBuilder) {
        guard leanBatchesEnabled, !isShortOfInstances, let base, builder.batches.contains(where: \.isMixed) else { return }
        // Pixel bounds are in the pass's canvas pixels: not for a group drawn scaled down.
        if let target = builder.destination, target.width != builder.canvasWidth || target.height != builder.canvasHeight { return }
        let splittable = builder.batches.map { $0.isMixed && ($0.blend == .sourceOver || $0.blend == .additive) }
        let keepsBounds = damage != nil && builder === root
        var batches: [QuadBatch] = []
        batches.reserveCapacity(builder.batches.count + 1)
        // Where each batch starts among the split ones, for the barriers between them.
        var starts: [Int] = []
        starts.reserveCapacity(builder.batches.count + 1)
        instanceFeatures.withUnsafeBufferPointer { features in
            instanceBounds.withUnsafeMutableBufferPointer { bounds in
                for (batch, canSplit) in zip(builder.batches, splittable) {
                    starts.append(batches.count)
                    if canSplit, let parts = splitter.split(batch, instances: base, features: features.baseAddress!,
                                                            width: builder.canvasWidth, height: builder.canvasHeight,
                                                            damageBounds: keepsBounds ? bounds.baseAddress : nil) {
                        // Its instances reordered: their blocks' masks no longer hold.
                        instanceBlockMasks.forget(first: batch.firstInstance, count: batch.instanceCount)
                        batches.append(contentsOf: parts)
                    } else {
                        batches.append(batch)
                    }
                }
            }
        }
        starts.append(batches.count)
        for i in builder.barriers.indices { builder.barriers[i].batchIndex = starts[builder.barriers[i].batchIndex] }
        builder.batches = batches
    }

    /// Whether the canvas instance `index` of a damage-limited frame can change a pixel of the
    /// canvas rectangle `rect` (minX, minY, maxX, maxY) that its bounds overlap
    /// (`InstancePixelBounds.canChange`).
    func canvasInstance(_ index: Int, canChangeAPixelOf rect: SIMD4<Int32>) -> Bool {
        guard index < instanceReachKinds.count, (index + 1) * QuadInstance.stride <= instanceData.count else { return true }
        let kind = instanceReachKinds[index]
        return instanceData.withUnsafeBufferPointer { data in
            InstancePixelBounds.canChange(data.baseAddress! + index * QuadInstance.stride, anyPixelOf: rect,
                                          blurred: kind.blurred, replaces: kind.replaces)
        }
    }

    /// Appends a quad showing a target's content (a group's image, its mask or its shadow).
    private func appendImage(_ quad: Quad, of target: RenderTarget, unitRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
                             filter: TextureFilter = .linear, alphaTint: Bool = false, blend: BatchBlend = .sourceOver,
                             into builder: PassBuilder) {
        if quad.opacity <= 0 || (!quad.isDoubleSided && quad.transform.facesAway) { return }
        let sampling: TextureFilter = filter == .nearest ? .nearest : .linear
        let binding = (target.texture, SamplerSet.key(minification: sampling, magnification: sampling),
                       target.placement.coordinates(for: unitRect))
        let state = writer.imageState(of: quad)
        append(quad, binding: binding, alphaTint: alphaTint, blend: blend, clip: state.clip, margin: state.margin, into: builder)
    }

    // MARK: - The plan's passes

    /// Encodes every pass of the plan in order (barriers inside their host, when its drawing
    /// reaches them), handing each target back to the pool once its last reader is encoded.
    private func encodePlan(of tree: DrawListTree, commands: UnsafeBufferPointer<DrawCommand>) throws {
        targets.removeAll(keepingCapacity: true)
        targets.append(contentsOf: repeatElement(nil, count: plan.targets.count))
        ownsTarget.removeAll(keepingCapacity: true)
        ownsTarget.append(contentsOf: repeatElement(false, count: plan.targets.count))
        for (index, group) in plan.groups.enumerated() where group.isKept {
            if let image = group.image { targets[image] = keptImages[index] }
        }
        for index in plan.passes.indices where plan.passes[index].host == nil {
            let pass = plan.passes[index]
            switch pass.kind {
            case .canvas:
                if drawsVisibleRoots {
                    try encode(hiddenRoots.visible, host: index, of: tree, commands: commands, into: root)
                } else if damage != nil {
                    try encode(culling.selected, host: index, of: tree, commands: commands, into: root)
                } else {
                    try encode(tree.roots, host: index, of: tree, commands: commands, into: root)
                }
                splitMixedBatches(of: root)
            case .content(let group), .mask(let group):
                let node = tree.groups[group], g = node.group
                let scale = plan.groups[group].scale
                if scale < 1 && !hasWarnedAboutOversizeGroups {
                    hasWarnedAboutOversizeGroups = true
                    logger.warning("offscreen group \(g.pixelWidth)x\(g.pixelHeight) exceeds GL_MAX_TEXTURE_SIZE \(pool.maximumSize); drawn at \(Int((scale * 100).rounded()))% resolution")
                }
                let target = try acquire(pass.target)
                let builder = PassBuilder(destination: target, canvasWidth: g.pixelWidth, canvasHeight: g.pixelHeight)
                let nodes = pass.kind == .mask(group: group) ? node.mask ?? 0..<0 : node.content
                try encode(nodes, host: index, of: tree, commands: commands, into: builder)
                if let mask = plan.target(read: .mask, by: index), let maskTarget = targets[mask] {
                    appendImage(cover(g), of: maskTarget, blend: .multiplyBySourceAlpha, into: builder)
                }
                splitMixedBatches(of: builder)
                passes.append(builder.pass)
                finishImage(of: group, written: pass.target)
            case .filter(let group, let step):
                guard let source = sourceTarget(of: index) else { continue }
                let filter = tree.groups[group].group.filters[step]
                let filtered = try GroupFilterPasses.passes(for: filter, over: source, scale: pass.scale, pool: pool)
                passes.append(contentsOf: filtered.passes)
                filterPassCount += filtered.blurs
                setResult(filtered.result, of: index, from: source)
                finishImage(of: group, written: pass.target)
            case .applyMask(let group):
                guard let source = sourceTarget(of: index), let mask = plan.target(read: .mask, by: index),
                      let maskTarget = targets[mask] else { continue }
                let g = tree.groups[group].group
                let masked = PassBuilder(destination: try acquire(pass.target), canvasWidth: g.pixelWidth, canvasHeight: g.pixelHeight)
                appendImage(cover(g), of: source, into: masked)
                appendImage(cover(g), of: maskTarget, blend: .multiplyBySourceAlpha, into: masked)
                passes.append(masked.pass)
                finishImage(of: group, written: pass.target)
            case .shadow(let group):
                try encodeShadow(of: group, pass: index)
            case .blend, .backdropCopy, .backdropFilter:
                continue
            }
            release(after: index)
        }
    }

    /// A quad covering a group's whole pixel space, for drawing a target over another of its size.
    private func cover(_ group: CompositingGroup) -> Quad {
        Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: group.pixelWidth, height: group.pixelHeight))
    }

    /// A pooled target for the plan's target `index`, at its size.
    private func acquire(_ index: Int) throws -> RenderTarget {
        let target = try pool.acquire(width: plan.targets[index].width, height: plan.targets[index].height)
        targets[index] = target
        ownsTarget[index] = true
        return target
    }

    /// The target pass `index` reads as its source.
    private func sourceTarget(of index: Int) -> RenderTarget? {
        plan.target(read: .source, by: index).flatMap { targets[$0] }
    }

    /// Records `result` as the target of pass `index`: when a step changed nothing it is its
    /// `source`, which the pass takes over when the plan lets it write its source in place.
    private func setResult(_ result: RenderTarget, of index: Int, from source: RenderTarget) {
        let pass = plan.passes[index]
        targets[pass.target] = result
        if result !== source {
            ownsTarget[pass.target] = true
        } else if pass.mayWriteInPlace, let read = plan.target(read: .source, by: index) {
            ownsTarget[pass.target] = ownsTarget[read]
            ownsTarget[read] = false
        }
    }

    /// Hands the targets whose lifetime ends with pass `index` back to the pool.
    private func release(after index: Int) {
        for target in plan.releases(of: index) where ownsTarget[target] {
            if let renderTarget = targets[target] { pool.release(renderTarget) }
            ownsTarget[target] = false
        }
    }

    /// When `written` is the finished image of the group at `index`, keeps it for a rasterized
    /// group (the cache takes it out of the pool's hands).
    private func finishImage(of index: Int, written: Int) {
        guard plan.groups[index].image == written, let image = targets[written] else { return }
        let group = trees.tree.groups[index].group
        guard let key = group.rasterizationKey,
              rasterCache.store(image, for: key, width: group.pixelWidth, height: group.pixelHeight) else { return }
        pool.detach(image)
        ownsTarget[written] = false
    }

    /// The group's image's alpha blurred for its shadow: for a rasterized group the blur kept
    /// with its cached image when there is one, else the blur's passes in this frame (kept when
    /// the image is); the image itself when the blur is too small to blur anything.
    private func encodeShadow(of index: Int, pass: Int) throws {
        let group = trees.tree.groups[index].group
        guard let shadow = group.shadow, let image = plan.groups[index].image,
              let content = targets[image] else { return }
        let scale = plan.groups[index].scale
        let sigma = Double(shadow.renderedSigma) * scale
        let blur = BlurPlan(sigma: sigma, contentWidth: content.width, contentHeight: content.height,
                            maximumSize: pool.maximumContentSize)
        let target = plan.passes[pass].target
        guard !blur.isIdentity else {
            targets[target] = content
            shadowCovered[index] = CGRect(x: 0, y: 0, width: content.width, height: content.height)
            return
        }
        shadowCovered[index] = blur.coveredRect
        if let key = group.rasterizationKey,
           let (kept, covered) = rasterCache.shadow(for: key, pixelWidth: group.pixelWidth, pixelHeight: group.pixelHeight, sigma: sigma) {
            targets[target] = kept
            shadowCovered[index] = covered
            return
        }
        let (blurPasses, blurred) = try blur.passes(blurring: content, pool: pool)
        passes.append(contentsOf: blurPasses)
        targets[target] = blurred
        ownsTarget[target] = true
        if let key = group.rasterizationKey,
           rasterCache.keepShadow(RasterizedShadow(image: blurred, sigma: sigma, color: nil, covered: blur.coveredRect),
                                  for: key, width: group.pixelWidth, height: group.pixelHeight) {
            pool.detach(blurred)
            ownsTarget[target] = false
        }
    }

    /// Encodes the nodes at positions `nodes` of `tree` into `builder`, the pass of the plan's
    /// pass `host`: its barriers run where their node is reached.
    private func encode<Positions: Sequence<Int>>(_ nodes: Positions, host: Int, of tree: DrawListTree,
                                                  commands: UnsafeBufferPointer<DrawCommand>, into builder: PassBuilder) throws {
        var barrier = plan.passes[host].barriers.lowerBound
        let barriersEnd = plan.passes[host].barriers.upperBound
        // Quads are gathered, their fields unread, until another drawable or the end is reached.
        let gathers = chunkedRunsEnabled && !fragments.isEnabled
        defer { gathered.removeAll(); run.removeAll() }
        for position in nodes {
            switch tree.nodes[position] {
            case .quad(let index):
                if gathers {
                    gathered.append(command: index)
                    continue
                }
                guard case let .quad(quad) = commands[index] else { continue }
                try encodeAlone(quad, command: index, barrier: &barrier, end: barriersEnd, commands: commands, into: builder)
            case .group(let index):
                try writeGathered(commands: commands, barrier: &barrier, end: barriersEnd, into: builder)
                var blend: Int?
                if barrier < barriersEnd, case .blend(let blended, _) = plan.passes[barrier].kind, blended == index {
                    blend = barrier
                    barrier += 1
                }
                try composite(index, of: tree.groups[index].group, blend: blend, into: builder)
            }
        }
        try writeGathered(commands: commands, barrier: &barrier, end: barriersEnd, into: builder)
    }

    /// Encodes `quad` (the command at `command`) on its own, after the run of plain quads taken
    /// so far: a backdrop quad as the barrier the plan's pass at `barrier` begins, if any.
    private func encodeAlone(_ quad: Quad, command index: Int, barrier: inout Int, end barriersEnd: Int,
                             commands: UnsafeBufferPointer<DrawCommand>, into builder: PassBuilder) throws {
        writeRun(commands: commands, into: builder)
        if let backdrop = quad.backdrop {
            // Planned: filtered this frame. Else shown from the kept image, if any (a
            // frame encoded again plans it again, since its first encoding is dropped).
            if barrier < barriersEnd, case .backdropCopy(let command, _) = plan.passes[barrier].kind, command == index {
                try encodeBackdrop(quad, backdrop, barrier: &barrier, end: barriersEnd, into: builder)
            } else if builder === root, let kept = keptBackdrops.image(for: index) {
                show(kept.target, covering: kept.covered, unitRect: kept.unitRect, for: quad, backdrop, into: builder)
            }
            return
        }
        try encode(quad, into: builder)
    }

    /// Encodes the quads gathered: told apart in chunks (`GatheredQuads.classify`), then in
    /// drawing order, the plain ones taken into the run (their textures resolved now, in
    /// drawing order) and the others encoded on their own (`encodeAlone`), the run written
    /// before each of those and at the end.
    private func writeGathered(commands: UnsafeBufferPointer<DrawCommand>, barrier: inout Int, end barriersEnd: Int,
                               into builder: PassBuilder) throws {
        guard !gathered.isEmpty else { return }
        defer { gathered.removeAll() }
        gathered.classify(commands)
        var k = 0
        while k < gathered.count {
            defer { k += 1 }
            switch gathered.kind(at: k) {
            case .hidden:
                continue
            case .plain:
                // A stretch of them taken at once (all of S1's quads): a copy of their commands.
                let end = gathered.endOfPlainQuads(from: k)
                run.appendUntextured(gathered.commands(k..<end))
                k = end - 1
            case .textured:
                let texture = gathered.texture(at: k)
                if let last = run.lastTexture, last.texture == texture {
                    run.append(command: gathered.command(at: k), binding: last.binding)
                    continue
                }
                let index = gathered.command(at: k)
                guard case let .quad(quad) = commands[index], let source = quad.texture else { continue }
                let binding = try binding(of: source, video: nil, for: quad)
                run.lastTexture = (texture, binding)
                run.append(command: index, binding: binding)
            case .alone:
                let index = gathered.command(at: k)
                guard case let .quad(quad) = commands[index] else { continue }
                try encodeAlone(quad, command: index, barrier: &barrier, end: barriersEnd, commands: commands, into: builder)
            }
        }
        writeRun(commands: commands, into: builder)
    }

    /// Writes the run of plain quads gathered (`ChunkedQuadRun.write`) as the next instances and
    /// adds them to the builder's batches in order.
    private func writeRun(commands: UnsafeBufferPointer<DrawCommand>, into builder: PassBuilder) {
        guard !run.isEmpty, let base else { return }
        defer { run.removeAll() }
        let first = instanceCount
        let count = min(run.count, instanceCapacity - first)
        if count < run.count { isShortOfInstances = true }
        guard count > 0 else { return }
        let keepsBounds = damage != nil && builder === root
        instanceFeatures.withUnsafeMutableBufferPointer { features in
            instanceBounds.withUnsafeMutableBufferPointer { bounds in
                instanceReachKinds.withUnsafeMutableBufferPointer { reach in
                    instanceBlockMasks.withUnsafeMutableMasks { blockMasks in
                        run.write(count, commands: commands, writer: writer, first: first, of: base, blockMasks: blockMasks,
                                  features: features.baseAddress! + first,
                                  bounds: keepsBounds ? (bounds.baseAddress! + first, reach.baseAddress! + first) : nil,
                                  width: builder.canvasWidth, height: builder.canvasHeight)
                    }
                }
            }
        }
        run.add(count, first: first, features: instanceFeatures, to: builder)
        instanceCount += count
        quadCount += count
    }

    // MARK: - Barriers

    /// The pass copying the pixels `copy` reads from `builder`'s target into `target`, on the GPU.
    private func copyPass(_ copy: BackdropCopy, into target: RenderTarget, from builder: PassBuilder) -> RenderPass {
        RenderPass(destination: target, canvasWidth: target.width, canvasHeight: target.height,
                   work: .copy(CopyStep(source: builder.destination, sourceRect: copy.read, destination: target)))
    }

    /// Encodes a backdrop quad's barrier (`BackdropFilter`), the plan's passes from `barrier`:
    /// the pixels it reads copied from the pass's target on the GPU and filtered (edges
    /// duplicated), then the filtered image drawn through the quad's clip. A copy larger than the
    /// largest texture is scaled down to fit (the blur's sigma with it).
    private func encodeBackdrop(_ quad: Quad, _ backdrop: BackdropFilter, barrier: inout Int, end: Int,
                                into builder: PassBuilder) throws {
        let copyIndex = barrier
        guard let copy = plan.passes[copyIndex].copy, case .backdropCopy(let command, _) = plan.passes[copyIndex].kind else { return }
        let copyTarget = try acquire(plan.passes[copyIndex].target)
        var barrierPasses = [copyPass(copy, into: copyTarget, from: builder)]
        release(after: copyIndex)
        barrier += 1
        var current = copyTarget, unitRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        while barrier < end, case .backdropFilter(let filtered, _, let step) = plan.passes[barrier].kind, filtered == command {
            let pass = plan.passes[barrier]
            let filter = backdrop.filters[step]
            if step == backdrop.filters.count - 1, case .blur(let sigma) = filter {
                let blurred = try GroupFilterPasses.finalBackdropBlur(of: current, sigma: sigma, scale: pass.scale, pool: pool)
                barrierPasses += blurred.passes
                filterPassCount += blurred.blurs
                unitRect = blurred.unitRect
                setResult(blurred.result, of: barrier, from: current)
                current = blurred.result
            } else {
                let filteredStep = try GroupFilterPasses.passes(for: filter, over: current, scale: pass.scale, pool: pool,
                                                                edges: .duplicated)
                barrierPasses += filteredStep.passes
                filterPassCount += filteredStep.blurs
                setResult(filteredStep.result, of: barrier, from: current)
                current = filteredStep.result
            }
            release(after: barrier)
            barrier += 1
        }
        builder.addBarrier(barrierPasses)
        if builder === root {
            // Kept for the frames whose backdrop does not change: out of the pool, owned by no target.
            pool.detach(current)
            for index in targets.indices where targets[index] === current { ownsTarget[index] = false }
            keptBackdrops.keep(KeptBackdropImage(target: current, unitRect: unitRect, covered: copy.covered), for: quad, at: command)
        }
        show(current, covering: copy.covered, unitRect: unitRect, for: quad, backdrop, into: builder)
    }

    /// Draws the filtered backdrop `image` (its `unitRect` covering the pass pixels `covered`)
    /// through the backdrop quad's clip, over the quad's own pixels only (the copy's margin is
    /// read, not shown).
    private func show(_ image: RenderTarget, covering covered: CGRect, unitRect: CGRect, for quad: Quad, _ backdrop: BackdropFilter,
                      into builder: PassBuilder) {
        let source = backdrop.sourcePixels(of: quad, width: builder.canvasWidth, height: builder.canvasHeight)
        var shownQuad = BackdropFilter.imageQuad(for: quad, source: source)
        guard let shown = BackdropFilter.shownPart(of: quad, covered: covered, unitRect: unitRect) else { return }
        shownQuad.rect = shown.rect
        appendImage(shownQuad, of: image, unitRect: shown.unitRect, into: builder)
    }

    /// Encodes the blend barrier at `barrier`: the group's content blended with what lies behind
    /// it by its formula, ready to composite source-over (a copy of the backdrop under the group,
    /// then a filter pass mixing the two: `CGBlendMode.blended(source:backdrop:)`).
    private func encodeBlend(_ barrier: Int, of group: CompositingGroup, content: RenderTarget,
                             into parent: PassBuilder) throws -> RenderTarget? {
        let pass = plan.passes[barrier]
        guard let copy = pass.copy, let formula = group.blendFormula else { return nil }
        let copyTarget = try pool.acquire(width: copy.width, height: copy.height)
        let t = group.transform
        // gl_FragCoord g in the content (pixel g - border) lies at local x rect.minX + (g - border)
        // units per pixel, at pass pixel m11 x + m41, at copy texel (pass - covered.minX) scale + border.
        let b = Double(RenderTarget.border), scale = copy.scale
        func u(_ g: Double) -> Double {
            let local = Double(group.rect.minX) + (g - b) * Double(group.rect.width) / Double(content.width)
            return ((t.m11 * local + t.m41 - copy.covered.minX) * scale.x + b) / Double(copyTarget.allocatedWidth)
        }
        func v(_ g: Double) -> Double {
            let local = Double(group.rect.minY) + (g - b) * Double(group.rect.height) / Double(content.height)
            return ((t.m22 * local + t.m42 - copy.covered.minY) * scale.y + b) / Double(copyTarget.allocatedHeight)
        }
        let result = try acquire(pass.target)
        var step = FilterStep(mode: .blend, source: content, destination: result, map: GroupFilterPasses.identityMap(content),
                              second: copyTarget, secondMap: SIMD4(Float(u(1) - u(0)), Float(v(1) - v(0)), Float(u(0)), Float(v(0))))
        step.secondClamp = BlurStep.clamp(to: copyTarget)
        step.blend = formula
        parent.addBarrier([copyPass(copy, into: copyTarget, from: parent),
                           RenderPass(destination: result, canvasWidth: content.width, canvasHeight: content.height, work: .filter(step))])
        // The copy is read by the mix alone.
        pool.release(copyTarget)
        release(after: barrier)
        return result
    }

    /// Encodes the blend barrier at `barrier` of a group its transform turns or projects
    /// (`TransformedBlend`): the host's pixels under the group copied, the group's content drawn
    /// through its transform into an image of their size, the two mixed by the group's formula
    /// (the filter pass of `encodeBlend`), and the result drawn over the copied pixels through
    /// the group's clip.
    private func encodeTransformedBlend(_ barrier: Int, of group: CompositingGroup, content: RenderTarget,
                                        into parent: PassBuilder) throws {
        let pass = plan.passes[barrier]
        guard let copy = pass.copy, let formula = group.blendFormula else { return }
        let copyTarget = try pool.acquire(width: copy.width, height: copy.height)
        let drawnTarget = try pool.acquire(width: copy.width, height: copy.height)
        let hostScale = (x: Double(parent.destination?.width ?? parent.canvasWidth) / Double(parent.canvasWidth),
                         y: Double(parent.destination?.height ?? parent.canvasHeight) / Double(parent.canvasHeight))
        let drawn = PassBuilder(destination: drawnTarget, canvasWidth: copy.read.width, canvasHeight: copy.read.height)
        appendImage(TransformedBlend.imageQuad(for: group, copy: copy, hostScale: hostScale), of: content, filter: group.filter,
                    into: drawn)
        let result = try acquire(pass.target)
        var step = FilterStep(mode: .blend, source: drawnTarget, destination: result, map: GroupFilterPasses.identityMap(drawnTarget),
                              second: copyTarget, secondMap: GroupFilterPasses.identityMap(copyTarget))
        step.secondClamp = BlurStep.clamp(to: copyTarget)
        step.blend = formula
        parent.addBarrier([copyPass(copy, into: copyTarget, from: parent), drawn.pass,
                           RenderPass(destination: result, canvasWidth: copy.width, canvasHeight: copy.height, work: .filter(step))])
        // The copy and the drawn image are read by the mix alone.
        pool.release(copyTarget)
        pool.release(drawnTarget)
        release(after: barrier)
        appendImage(TransformedBlend.resultQuad(for: group, copy: copy), of: result, filter: .nearest, into: parent)
    }

    // MARK: - Compositing

    /// Composites the group at `index` into `parent`: shadow first, then content, both with the
    /// group's blend mode; the content blended with its backdrop by the barrier at `blend`, if any.
    private func composite(_ index: Int, of group: CompositingGroup, blend blendBarrier: Int?, into parent: PassBuilder) throws {
        let planned = plan.groups[index]
        guard let image = planned.image, let content = targets[image] else { return }
        let scale = planned.scale
        let blend: BatchBlend = group.blendMode == .plusLighter ? .additive : .sourceOver
        // Local units per target pixel.
        let unitX = Double(group.rect.width) / Double(content.width)
        let unitY = Double(group.rect.height) / Double(content.height)
        if let shadow = group.shadow, let shadowTarget = planned.shadow, let source = targets[shadowTarget] {
            let covered = shadowCovered[index]
            let offsetX = Double(shadow.offsetX) * scale, offsetY = Double(shadow.offsetY) * scale
            let rect = CGRect(x: Double(group.rect.minX) + (Double(covered.minX) + offsetX) * unitX,
                              y: Double(group.rect.minY) + (Double(covered.minY) + offsetY) * unitY,
                              width: Double(covered.width) * unitX, height: Double(covered.height) * unitY)
            let quad = Quad(transform: group.transform, rect: rect, fillColor: shadow.color, opacity: group.opacity,
                            clipIndex: group.clipIndex, isDoubleSided: group.isDoubleSided)
            appendImage(quad, of: source, alphaTint: true, blend: blend, into: parent)
        }
        if group.drawsContent {
            let quad = Quad(transform: group.transform, rect: group.rect, opacity: group.opacity,
                            clipIndex: group.clipIndex, isDoubleSided: group.isDoubleSided)
            if let blendBarrier, plan.passes[blendBarrier].blendSpace == .host {
                try encodeTransformedBlend(blendBarrier, of: group, content: content, into: parent)
            } else if let blendBarrier, let mixed = try encodeBlend(blendBarrier, of: group, content: content, into: parent) {
                appendImage(quad, of: mixed, filter: group.filter, into: parent)
            } else {
                appendImage(quad, of: content, filter: group.filter, blend: group.blendFormula == nil ? blend : .sourceOver,
                            into: parent)
            }
        }
    }
}
