import CGLES3
import CompositorCore
import CoreGraphics
import Foundation
import Logging

/// Turns a draw list into the frame's instance data and its passes, in execution order.
///
/// A group (`.beginGroup` ... `.endGroup`) draws into a pooled target of its pixel size; an
/// optional mask draws into a second one, which is then multiplied into the content by its
/// alpha. The finished content is composited into the enclosing pass as two textured quads
/// through the group's transform: the shadow (the content's alpha blurred by a separable
/// Gaussian, tinted, offset), then the content itself. A group's passes are complete before the
/// pass that composites it runs, since a group starts transparent and depends on nothing drawn
/// before it; every target stays in use until the end of the frame.
final class FrameEncoder {
    private let textures: TextureCache
    private let pool: RenderTargetPool
    private let rasterCache: RasterizationCache
    /// Blurred quads are drawn from cached masks where one applies.
    private let shadowMasks: ShadowMaskCache
    let clips: ClipResolver
    private var hasWarnedAboutOversizeGroups = false
    private var hasWarnedAboutRotatedBlends = false
    private var nestingReporter = NestingReporter()
    private let logger = Logger(label: "GLESRenderer")
    /// When false, plain sprites are drawn by the full shader too (for comparing the two).
    var spriteVariantEnabled = true
    /// When false, quads with an analytic clip are drawn whole (for comparing the two).
    var clipShrinkingEnabled = true
    /// When false, batches of quads needing different features are drawn whole with their union
    /// (for comparing the two).
    var leanBatchesEnabled = true
    /// Splits mixed batches into one batch per feature set.
    private let splitter = LeanBatchSplitter()
    // The per-quad state below is written for every quad on the encoding thread alone, with no
    // overlapping access, so it is not checked at run time (a check costs about as much as writing
    // an instance's features).
    /// The features each instance needs (`instanceCapacity` of them).
    @exclusivity(unchecked) private var instanceFeatures: [ShaderFeatures] = []

    /// The frame's instances (`instanceCount` of them, `QuadInstance.stride` floats each).
    private(set) var instanceData: [Float] = []
    @exclusivity(unchecked) private(set) var instanceCount = 0
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
    var fragments = ShadedFragmentCount()
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
    /// Each frame's draw-list tree, kept from the last frame's where the list nests alike.
    private var trees = DrawListTreeCache()

    private var base: UnsafeMutablePointer<Float>?
    private var root = PassBuilder(destination: nil, canvasWidth: 1, canvasHeight: 1)

    init(textures: TextureCache, pool: RenderTargetPool, rasterCache: RasterizationCache, shadowMasks: ShadowMaskCache,
         clips: ClipResolver) {
        self.textures = textures; self.pool = pool; self.rasterCache = rasterCache; self.shadowMasks = shadowMasks
        self.clips = clips
    }

    /// Encodes `list`; with `damage`, only the top-level drawables that may touch it (groups not
    /// drawn at all otherwise), recording each canvas instance's bounds.
    func encode(_ list: DrawList, damage: DamageTiles? = nil) throws {
        self.damage = damage
        passes.removeAll(keepingCapacity: true)
        instanceCount = 0; quadCount = 0; filterPassCount = 0
        root = PassBuilder(destination: nil, canvasWidth: list.pixelWidth, canvasHeight: list.pixelHeight)
        let tree = trees.tree(for: list)
        if let warning = nestingReporter.warning(for: tree) { logger.warning("\(warning)") }
        // Every quad writes one instance (a shadow drawn as a nine-patch up to nine: then the
        // frame may be encoded again into a larger buffer), every group at most three (mask,
        // shadow, content); every group is one node of its parent.
        var capacity = tree.nodes.count + 2 * tree.groups.count
        // On a damage-limited canvas, the top-level drawables that may touch the damage, picked
        // once for however many times the frame is encoded.
        if let damage { culling.select(trees, touching: damage) }
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

    /// Encodes the tree's roots into the canvas pass, from the start.
    private func encodeTree(_ tree: DrawListTree) throws {
        passes.removeAll(keepingCapacity: true)
        instanceCount = 0; quadCount = 0; isShortOfInstances = false
        fragments.reset()
        root = PassBuilder(destination: nil, canvasWidth: root.canvasWidth, canvasHeight: root.canvasHeight)
        instanceCapacity = instanceData.count / QuadInstance.stride
        try instanceData.withUnsafeMutableBufferPointer { buffer in
            base = buffer.baseAddress
            defer { base = nil }
            // The commands are read in place: a copy of each (hundreds of bytes, retained
            // references) costs more than a skipped drawable's test in a frame that encodes 1% of them.
            try tree.commands.withUnsafeBufferPointer { commands in
                if damage != nil {
                    try encode(culling.selected, of: tree, commands: commands, into: root)
                } else {
                    try encode(tree.roots, of: tree, commands: commands, into: root)
                }
            }
            splitMixedBatches(of: root)
        }
    }

    /// Encodes the nodes at positions `nodes` of `tree` into `builder` (on a damage-limited
    /// canvas, the positions `DamageCulling` selected).
    private func encode<Positions: Sequence<Int>>(_ nodes: Positions, of tree: DrawListTree,
                                                  commands: UnsafeBufferPointer<DrawCommand>, into builder: PassBuilder) throws {
        for position in nodes {
            switch tree.nodes[position] {
            case .quad(let index):
                guard case let .quad(quad) = commands[index] else { continue }
                try encode(quad, into: builder)
            case .group(let index):
                try encode(tree.groups[index], of: tree, commands: commands, into: builder)
            }
        }
    }

    // MARK: - Quads

    private func encode(_ given: Quad, into builder: PassBuilder) throws {
        if let backdrop = given.backdrop {
            try encodeBackdrop(given, backdrop, into: builder)
            return
        }
        if given.blurSigma > 0, try shadowMasks.drawShadow(given, { try encodeDrawn($0, into: builder) }) { return }
        try encodeDrawn(given, into: builder)
    }

    /// Encodes a quad as it is drawn (a blurred one in closed form).
    private func encodeDrawn(_ quad: Quad, into builder: PassBuilder) throws {
        if quad.opacity <= 0 || (!quad.isDoubleSided && quad.transform.facesAway) { return }
        var binding: (texture: GLuint, samplerKey: Int, coordinates: (rect: SIMD4<Float>, clamp: SIMD4<Float>))?
        if let source = quad.texture, quad.blurSigma <= 0 {
            let placement = try textures.placement(for: source)
            binding = (placement.texture,
                       SamplerSet.key(minification: source.minificationFilter, magnification: source.magnificationFilter),
                       placement.coordinates(for: source.unitRect))
        }
        let margin = QuadInstance.drawnMargin(quad)
        let clip = clips.resolve(quad.clipIndex, transform: quad.transform, rect: quad.rect, margin: Double(margin))
        let clipped = clip.analytic != nil || clip.tableIndex >= 0
        let blend: BatchBlend = quad.blendMode == .plusLighter ? .additive
            : QuadInstance.isOpaque(quad, clipped: clipped) ? .replace : .sourceOver
        let gradient = quad.blurSigma <= 0 ? quad.gradient.flatMap(GradientUniforms.init) : nil
        // Drawn with blending off, a quad with antialiased edges is drawn without its margin: its
        // edges lie on pixel boundaries, so the margin holds no pixel centre it covers, and a
        // fragment there whose coverage rounds to a few millionths instead of zero would replace
        // the pixel beneath with almost nothing. Hard edges cover exactly 0 or 1 (square corners:
        // `isOpaque`), so such a quad keeps its margin (`drawnMargin`).
        let antialiased = quad.antialiasedEdges & 0xF != 0
        append(quad, binding: binding, blend: blend, gradient: gradient, clip: clip,
               margin: blend == .replace && antialiased ? 0 : margin, into: builder)
    }

    /// Writes one instance and adds it to the builder's last batch or a new one.
    private func append(_ quad: Quad, binding: (texture: GLuint, samplerKey: Int, coordinates: (rect: SIMD4<Float>, clamp: SIMD4<Float>))?,
                        alphaTint: Bool = false, blend: BatchBlend, gradient: GradientUniforms? = nil,
                        clip: ClipResolver.Resolution, margin: Float, into builder: PassBuilder) {
        guard let base else { return }
        let index = instanceCount
        // Nine-patched shadows can outgrow the estimate: the frame is encoded again, larger.
        guard index < instanceCapacity else { isShortOfInstances = true; return }
        QuadInstance.write(quad, texture: binding?.coordinates, alphaTint: alphaTint,
                           nearestFlags: binding.map { QuadInstance.nearestFlags(samplerKey: $0.samplerKey) } ?? 0,
                           clip: clip, margin: margin, into: base + index * QuadInstance.stride)
        let drawn = clipShrinkingEnabled ? ClippedQuadGeometry.drawnRect(of: quad, margin: margin, textured: binding != nil, clip: clip) : nil
        if let drawn { ClippedQuadGeometry.write(drawn, into: base + index * QuadInstance.stride) }
        if fragments.isEnabled {
            fragments.add(quad, drawn: drawn, margin: margin, width: builder.canvasWidth, height: builder.canvasHeight,
                          damage: builder === root ? damage?.rectangles : nil)
        }
        let texture = binding?.texture ?? 0, samplerKey = binding?.samplerKey ?? 0
        if damage != nil && builder === root {
            instanceBounds[index] = Self.canvasBounds(of: quad, written: base + index * QuadInstance.stride,
                                                      analyticClip: clip.analytic != nil, replaces: blend == .replace, in: root)
            instanceReachKinds[index] = (quad.blurSigma > 0, blend == .replace)
        }
        var features = QuadInstance.features(quad, textured: binding != nil, alphaTint: alphaTint, clip: clip)
        if gradient != nil { features.insert(.gradient) }
        if !spriteVariantEnabled { features.remove(.sprite) }
        instanceFeatures[index] = features
        if !builder.startsNewBatch, let last = builder.batches.indices.last,
           builder.batches[last].accepts(instance: index, texture: texture, samplerKey: samplerKey, blend: blend, gradient: gradient) {
            builder.batches[last].instanceCount += 1
            if builder.batches[last].features != features { builder.batches[last].isMixed = true }
            builder.batches[last].features = builder.batches[last].features.merged(with: features)
            if builder.batches[last].texture == 0 && texture != 0 {
                builder.batches[last].texture = texture; builder.batches[last].samplerKey = samplerKey
            }
        } else {
            builder.batches.append(QuadBatch(firstInstance: index, instanceCount: 1, texture: texture,
                                             samplerKey: samplerKey, blend: blend, features: features, gradient: gradient))
            builder.startsNewBatch = false
        }
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

    /// The canvas pixels a quad of the canvas pass can change: those its written instance can
    /// change (`InstancePixelBounds`), which also cut them by its analytic clip and leave out the
    /// pixel or two of antialiasing margin that the coarser damage bounds of a quad in perspective
    /// or with colours beyond 1 round outward to, so that a damage rectangle next to the quad does
    /// not draw it. A quad those bounds give the whole pass (in perspective) is cut to its damage bounds.
    private static func canvasBounds(of quad: Quad, written instance: UnsafePointer<Float>, analyticClip: Bool, replaces: Bool,
                                     in pass: PassBuilder) -> SIMD4<Int32> {
        let exact = InstancePixelBounds.of(instance, analyticClip: analyticClip, blurred: quad.blurSigma > 0, replaces: replaces,
                                           width: pass.canvasWidth, height: pass.canvasHeight)
        guard exact == SIMD4(0, 0, Int32(clamping: pass.canvasWidth), Int32(clamping: pass.canvasHeight)) else { return exact }
        guard let r = DamageBounds.of(quad).map(DamageBounds.pixels) else { return exact }
        return SIMD4(max(Int32(clamping: r.x), exact.x), max(Int32(clamping: r.y), exact.y),
                     min(Int32(clamping: r.x + r.width), exact.z), min(Int32(clamping: r.y + r.height), exact.w))
    }

    /// Appends a quad showing a target's content (a group's image, its mask or its shadow).
    private func appendImage(_ quad: Quad, of target: RenderTarget, unitRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
                             filter: TextureFilter = .linear, alphaTint: Bool = false, blend: BatchBlend = .sourceOver,
                             into builder: PassBuilder) {
        if quad.opacity <= 0 || (!quad.isDoubleSided && quad.transform.facesAway) { return }
        let sampling: TextureFilter = filter == .nearest ? .nearest : .linear
        let binding = (target.texture, SamplerSet.key(minification: sampling, magnification: sampling),
                       target.placement.coordinates(for: unitRect))
        let margin = QuadInstance.drawnMargin(quad)
        let clip = clips.resolve(quad.clipIndex, transform: quad.transform, rect: quad.rect, margin: Double(margin))
        append(quad, binding: binding, alphaTint: alphaTint, blend: blend, clip: clip, margin: margin, into: builder)
    }

    // MARK: - Backdrops

    /// Encodes a backdrop quad (`BackdropFilter`): a barrier in `builder`'s pass that copies the
    /// pixels it reads from the pass's target on the GPU and filters them (edges duplicated),
    /// then the filtered image drawn through the quad's clip. A copy larger than the largest
    /// texture is scaled down to fit (the blur's sigma with it).
    private func encodeBackdrop(_ quad: Quad, _ backdrop: BackdropFilter, into builder: PassBuilder) throws {
        let source = backdrop.sourcePixels(of: quad, width: builder.canvasWidth, height: builder.canvasHeight)
        guard !source.isEmpty, quad.opacity > 0 else { return }
        let copy = try backdropCopy(of: source, in: builder)
        let filtered = try GroupFilterPasses.backdropPasses(filtering: copy.target, by: backdrop.filters,
                                                            scale: min(copy.scale.x, copy.scale.y), pool: pool)
        filterPassCount += filtered.blurs
        builder.addBarrier([copy.pass] + filtered.passes)
        // Drawn over the backdrop quad's own pixels only (the copy's margin is read, not shown).
        var image = BackdropFilter.imageQuad(for: quad, source: source)
        guard let shown = BackdropFilter.shownPart(of: quad, covered: copy.covered, unitRect: filtered.unitRect) else { return }
        image.rect = shown.rect
        appendImage(image, of: filtered.result, unitRect: shown.unitRect, into: builder)
    }

    /// The pass copying the pixels of `rect` (in `builder`'s pass pixels) from the pass's
    /// target into a pooled target, on the GPU: the copy, the pass, the copy's pixels per pass
    /// pixel (below 1 for a group drawn smaller than its pixel size, or a copy larger than the
    /// largest texture, scaled down to fit), and the rectangle of pass pixels it covers.
    private func backdropCopy(of rect: PixelRect, in builder: PassBuilder)
        throws -> (target: RenderTarget, pass: RenderPass, scale: (x: Double, y: Double), covered: CGRect) {
        let targetWidth = builder.destination?.width ?? builder.canvasWidth
        let targetHeight = builder.destination?.height ?? builder.canvasHeight
        let sx = Double(targetWidth) / Double(builder.canvasWidth), sy = Double(targetHeight) / Double(builder.canvasHeight)
        let x0 = min(targetWidth - 1, Int((Double(rect.x) * sx).rounded(.down)))
        let y0 = min(targetHeight - 1, Int((Double(rect.y) * sy).rounded(.down)))
        let x1 = max(x0 + 1, min(targetWidth, Int((Double(rect.x + rect.width) * sx).rounded(.up))))
        let y1 = max(y0 + 1, min(targetHeight, Int((Double(rect.y + rect.height) * sy).rounded(.up))))
        let read = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let limit = Double(pool.maximumContentSize)
        let fit = min(1, limit / Double(read.width), limit / Double(read.height))
        let copy = try pool.acquire(width: max(1, Int(Double(read.width) * fit)), height: max(1, Int(Double(read.height) * fit)))
        let pass = RenderPass(destination: copy, canvasWidth: copy.width, canvasHeight: copy.height,
                              work: .copy(CopyStep(source: builder.destination, sourceRect: read, destination: copy)))
        let covered = CGRect(x: Double(x0) / sx, y: Double(y0) / sy, width: Double(read.width) / sx, height: Double(read.height) / sy)
        return (copy, pass, (Double(copy.width) / covered.width, Double(copy.height) / covered.height), covered)
    }

    /// The group's content blended with what lies behind it by `formula`, ready to composite
    /// source-over: a barrier in `parent` copies the backdrop under the group and a filter pass
    /// mixes the two (`CGBlendMode.blended(source:backdrop:)`). Nil, logged once, for a group whose transform does not
    /// keep axes aligned (composited source-over), or one that covers no pixel.
    private func blended(_ content: RenderTarget, of group: CompositingGroup, by formula: CGBlendMode,
                         into parent: PassBuilder) throws -> RenderTarget? {
        let t = group.transform
        guard t.m12 == 0, t.m21 == 0, t.m14 == 0, t.m24 == 0, t.m44 == 1, t.m11 != 0, t.m22 != 0 else {
            if !hasWarnedAboutRotatedBlends {
                hasWarnedAboutRotatedBlends = true
                logger.warning("compositingFilter blend modes are drawn for layers whose transform keeps axes aligned; a turned or projected layer is composited source-over")
            }
            return nil
        }
        let xs = [Double(group.rect.minX) * t.m11 + t.m41, Double(group.rect.maxX) * t.m11 + t.m41]
        let ys = [Double(group.rect.minY) * t.m22 + t.m42, Double(group.rect.maxY) * t.m22 + t.m42]
        let bounds = PixelRect(enclosing: CGRect(x: xs.min()!, y: ys.min()!, width: abs(xs[1] - xs[0]), height: abs(ys[1] - ys[0])))
            .intersection(PixelRect(x: 0, y: 0, width: parent.canvasWidth, height: parent.canvasHeight))
        guard !bounds.isEmpty else { return nil }
        let copy = try backdropCopy(of: bounds, in: parent)
        // gl_FragCoord g in the content (pixel g - border) lies at local x rect.minX + (g - border)
        // units per pixel, at pass pixel m11 x + m41, at copy texel (pass - covered.minX) scale + border.
        let b = Double(RenderTarget.border)
        func u(_ g: Double) -> Double {
            let local = Double(group.rect.minX) + (g - b) * Double(group.rect.width) / Double(content.width)
            return ((t.m11 * local + t.m41 - copy.covered.minX) * copy.scale.x + b) / Double(copy.target.allocatedWidth)
        }
        func v(_ g: Double) -> Double {
            let local = Double(group.rect.minY) + (g - b) * Double(group.rect.height) / Double(content.height)
            return ((t.m22 * local + t.m42 - copy.covered.minY) * copy.scale.y + b) / Double(copy.target.allocatedHeight)
        }
        let result = try pool.acquire(width: content.width, height: content.height)
        var step = FilterStep(mode: .blend, source: content, destination: result, map: GroupFilterPasses.identityMap(content),
                              second: copy.target, secondMap: SIMD4(Float(u(1) - u(0)), Float(v(1) - v(0)), Float(u(0)), Float(v(0))))
        step.secondClamp = BlurStep.clamp(to: copy.target)
        step.blend = formula
        parent.addBarrier([copy.pass,
                           RenderPass(destination: result, canvasWidth: content.width, canvasHeight: content.height, work: .filter(step))])
        return result
    }

    // MARK: - Groups

    /// Encodes a group's passes (content, mask) and composites it into `parent`; a rasterized
    /// group kept from an earlier frame is composited without drawing its content.
    private func encode(_ node: DrawListTree.Group, of tree: DrawListTree, commands: UnsafeBufferPointer<DrawCommand>,
                        into parent: PassBuilder) throws {
        let group = node.group
        let visible = group.pixelWidth > 0 && group.pixelHeight > 0 && group.opacity > 0
            && group.rect.width > 0 && group.rect.height > 0 && (group.drawsContent || group.shadow != nil)
            && (group.isDoubleSided || !group.transform.facesAway)
        guard visible else { return }
        // Target pixels per group pixel (below 1 when the group exceeds the texture size).
        let limit = Double(pool.maximumContentSize)
        let scale = min(1, limit / Double(group.pixelWidth), limit / Double(group.pixelHeight))
        if scale < 1 && !hasWarnedAboutOversizeGroups {
            hasWarnedAboutOversizeGroups = true
            logger.warning("offscreen group \(group.pixelWidth)x\(group.pixelHeight) exceeds GL_MAX_TEXTURE_SIZE \(pool.maximumSize); drawn at \(Int((scale * 100).rounded()))% resolution")
        }
        if let key = group.rasterizationKey,
           let cached = rasterCache.target(for: key, pixelWidth: group.pixelWidth, pixelHeight: group.pixelHeight) {
            try composite(group, scale: scale, content: cached, into: parent)
            return
        }
        let width = max(1, Int((Double(group.pixelWidth) * scale).rounded(.down)))
        let height = max(1, Int((Double(group.pixelHeight) * scale).rounded(.down)))
        let target = try pool.acquire(width: width, height: height)
        let content = PassBuilder(destination: target, canvasWidth: group.pixelWidth, canvasHeight: group.pixelHeight)
        try encode(node.content, of: tree, commands: commands, into: content)
        let cover = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: group.pixelWidth, height: group.pixelHeight))
        var filterMask: RenderTarget?
        if let maskNodes = node.mask {
            let maskTarget = try pool.acquire(width: width, height: height)
            let mask = PassBuilder(destination: maskTarget, canvasWidth: group.pixelWidth, canvasHeight: group.pixelHeight)
            try encode(maskNodes, of: tree, commands: commands, into: mask)
            splitMixedBatches(of: mask)
            passes.append(mask.pass)
            // Filters come before the mask: a filtered group is masked after them.
            if group.filters.isEmpty {
                appendImage(cover, of: maskTarget, blend: .multiplyBySourceAlpha, into: content)
            } else {
                filterMask = maskTarget
            }
        }
        splitMixedBatches(of: content)
        passes.append(content.pass)
        var image = target
        if !group.filters.isEmpty {
            let filtered = try GroupFilterPasses.passes(filtering: target, by: group.filters, scale: scale, pool: pool)
            passes.append(contentsOf: filtered.passes)
            filterPassCount += filtered.blurs
            image = filtered.result
            if let filterMask {
                image = try pool.acquire(width: width, height: height)
                let masked = PassBuilder(destination: image, canvasWidth: group.pixelWidth, canvasHeight: group.pixelHeight)
                appendImage(cover, of: filtered.result, into: masked)
                appendImage(cover, of: filterMask, blend: .multiplyBySourceAlpha, into: masked)
                passes.append(masked.pass)
            }
        }
        if let key = group.rasterizationKey, rasterCache.store(image, for: key, width: group.pixelWidth, height: group.pixelHeight) {
            pool.detach(image)
        }
        try composite(group, scale: scale, content: image, into: parent)
    }

    /// The group content's alpha blurred by `plan` and the part of the content's space it
    /// covers: for a rasterized group the one kept with its cached content when there is one,
    /// else the plan's passes in this frame (kept when the content is).
    private func blurredShadow(of content: RenderTarget, plan: BlurPlan, sigma: Double,
                               group: CompositingGroup) throws -> (RenderTarget, CGRect) {
        let key = group.rasterizationKey
        if let key, let kept = rasterCache.shadow(for: key, pixelWidth: group.pixelWidth, pixelHeight: group.pixelHeight,
                                                   sigma: sigma) { return kept }
        let (blurPasses, blurred) = try plan.passes(blurring: content, pool: pool)
        passes.append(contentsOf: blurPasses)
        if let key, rasterCache.keepShadow(RasterizedShadow(image: blurred, sigma: sigma, color: nil, covered: plan.coveredRect),
                                           for: key, width: group.pixelWidth, height: group.pixelHeight) {
            pool.detach(blurred)
        }
        return (blurred, plan.coveredRect)
    }

    /// Composites a finished group into the enclosing pass: shadow first, then content, both
    /// with the group's blend mode.
    private func composite(_ group: CompositingGroup, scale: Double, content: RenderTarget, into parent: PassBuilder) throws {
        let blend: BatchBlend = group.blendMode == .plusLighter ? .additive : .sourceOver
        // Local units per target pixel.
        let unitX = Double(group.rect.width) / Double(content.width)
        let unitY = Double(group.rect.height) / Double(content.height)
        if let shadow = group.shadow, shadow.color.alpha > 0 {
            var source = content
            var covered = CGRect(x: 0, y: 0, width: content.width, height: content.height)
            let sigma = Double(shadow.renderedSigma) * scale
            let plan = BlurPlan(sigma: sigma, contentWidth: content.width, contentHeight: content.height,
                                maximumSize: pool.maximumContentSize)
            if !plan.isIdentity {
                (source, covered) = try blurredShadow(of: content, plan: plan, sigma: sigma, group: group)
            }
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
            if let formula = group.blendFormula, formula != .normal, formula.isBlendFormula,
               let mixed = try blended(content, of: group, by: formula, into: parent) {
                appendImage(quad, of: mixed, filter: group.filter, into: parent)
            } else {
                appendImage(quad, of: content, filter: group.filter, blend: group.blendFormula == nil ? blend : .sourceOver,
                            into: parent)
            }
        }
    }
}
