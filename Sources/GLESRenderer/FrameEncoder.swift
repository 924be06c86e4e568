import CGLES3
import CompositorCore
import CoreGraphics
import Foundation

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
    private struct OpenGroup {
        var group: CompositingGroup
        /// Target pixels per group pixel (below 1 when the group exceeds the texture size).
        var scale: Double
        var content: PassBuilder?
        var mask: PassBuilder?
        var contentTarget: RenderTarget
    }

    private let textures: TextureCache
    private let pool: RenderTargetPool
    private let rasterCache: RasterizationCache
    let clips: ClipResolver
    private var hasWarnedAboutOversizeGroups = false

    /// The frame's instances (`instanceCount` of them, `QuadInstance.stride` floats each).
    private(set) var instanceData: [Float] = []
    private(set) var instanceCount = 0
    /// The frame's passes, the canvas pass last.
    private(set) var passes: [RenderPass] = []
    /// Quads drawn (after culling), composited group images included.
    private(set) var quadCount = 0
    /// For each instance of the canvas pass of a damage-limited frame, the canvas pixels it can
    /// touch (minX, minY, maxX, maxY, exclusive); empty for other frames and passes.
    private(set) var instanceBounds: [SIMD4<Int32>] = []
    /// The damage of the frame being encoded: top-level drawables that cannot touch it are skipped.
    private var damage: DamageTiles?

    private var base: UnsafeMutablePointer<Float>?
    private var root = PassBuilder(destination: nil, canvasWidth: 1, canvasHeight: 1)
    private var stack: [OpenGroup] = []
    private var skipDepth = 0
    private var skipEndsCachedGroup = false
    private var frame = 0

    init(textures: TextureCache, pool: RenderTargetPool, rasterCache: RasterizationCache, clips: ClipResolver) {
        self.textures = textures; self.pool = pool; self.rasterCache = rasterCache; self.clips = clips
    }

    /// Encodes `list` for frame number `frame`; with `damage`, only the top-level drawables
    /// that may touch it (groups not drawn at all otherwise), recording each canvas instance's bounds.
    func encode(_ list: DrawList, frame: Int, damage: DamageTiles? = nil) throws {
        self.frame = frame
        self.damage = damage
        passes.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        instanceCount = 0; quadCount = 0; skipDepth = 0
        root = PassBuilder(destination: nil, canvasWidth: list.pixelWidth, canvasHeight: list.pixelHeight)
        // Every quad writes one instance, every group at most three (mask, shadow, content).
        // The commands are read in place: a copy of each (hundreds of bytes, retained references)
        // costs more than a skipped drawable's test in a frame that encodes 1% of them.
        let capacity = list.commands.withUnsafeBufferPointer { commands in
            var capacity = 0
            for index in commands.indices {
                switch commands[index] {
                case .quad: capacity += 1
                case .beginGroup: capacity += 3
                case .beginMask, .endGroup: break
                }
            }
            return capacity
        }
        if instanceData.count < capacity * QuadInstance.stride {
            instanceData = [Float](repeating: 0, count: capacity * QuadInstance.stride)
        }
        if damage != nil && instanceBounds.count < capacity {
            instanceBounds = [SIMD4<Int32>](repeating: .zero, count: capacity)
        }
        try instanceData.withUnsafeMutableBufferPointer { buffer in
            base = buffer.baseAddress
            defer { base = nil }
            try list.commands.withUnsafeBufferPointer { commands in try encode(commands) }
            // Unbalanced lists: close what is still open.
            skipDepth = min(skipDepth, 1)
            while skipDepth > 0 || !stack.isEmpty { try end() }
        }
        passes.append(root.pass)
    }

    /// Encodes `commands` into the instance storage at `base`.
    private func encode(_ commands: UnsafeBufferPointer<DrawCommand>) throws {
        for index in commands.indices {
            switch commands[index] {
            case let .quad(quad):
                guard skipDepth == 0 else { continue }
                if stack.isEmpty, let damage, !damage.touches(quad) { continue }
                try encode(quad, into: currentBuilder)
            case let .beginGroup(group):
                if skipDepth == 0, stack.isEmpty, let damage, !damage.touches(group) {
                    skipDepth = 1; skipEndsCachedGroup = false
                } else {
                    try begin(group)
                }
            case .beginMask: try beginMask()
            case .endGroup: try end()
            }
        }
    }

    /// Where quads go now: the innermost open group's mask or content, or the canvas.
    private var currentBuilder: PassBuilder {
        guard let top = stack.last else { return root }
        return top.mask ?? top.content ?? root
    }

    // MARK: - Quads

    private func encode(_ quad: Quad, into builder: PassBuilder) throws {
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
        append(quad, binding: binding, blend: blend, gradient: gradient, clip: clip, margin: margin, into: builder)
    }

    /// Writes one instance and adds it to the builder's last batch or a new one.
    private func append(_ quad: Quad, binding: (texture: GLuint, samplerKey: Int, coordinates: (rect: SIMD4<Float>, clamp: SIMD4<Float>))?,
                        alphaTint: Bool = false, blend: BatchBlend, gradient: GradientUniforms? = nil,
                        clip: ClipResolver.Resolution, margin: Float, into builder: PassBuilder) {
        guard let base else { return }
        let index = instanceCount
        QuadInstance.write(quad, texture: binding?.coordinates, alphaTint: alphaTint, clip: clip, margin: margin,
                           into: base + index * QuadInstance.stride)
        let texture = binding?.texture ?? 0, samplerKey = binding?.samplerKey ?? 0
        if damage != nil && builder === root { instanceBounds[index] = Self.canvasBounds(of: quad, in: root) }
        var features = QuadInstance.features(quad, textured: binding != nil, clip: clip)
        if gradient != nil { features.insert(.gradient) }
        if let last = builder.batches.indices.last,
           builder.batches[last].accepts(instance: index, texture: texture, samplerKey: samplerKey, blend: blend, gradient: gradient) {
            builder.batches[last].instanceCount += 1
            builder.batches[last].features.formUnion(features)
            if builder.batches[last].texture == 0 && texture != 0 {
                builder.batches[last].texture = texture; builder.batches[last].samplerKey = samplerKey
            }
        } else {
            builder.batches.append(QuadBatch(firstInstance: index, instanceCount: 1, texture: texture,
                                             samplerKey: samplerKey, blend: blend, features: features, gradient: gradient))
        }
        instanceCount += 1
        quadCount += 1
    }

    /// The canvas pixels a quad of the canvas pass can touch (the whole canvas when unbounded).
    private static func canvasBounds(of quad: Quad, in pass: PassBuilder) -> SIMD4<Int32> {
        let r = DamageBounds.of(quad).map(DamageBounds.pixels)
            ?? PixelRect(x: 0, y: 0, width: pass.canvasWidth, height: pass.canvasHeight)
        return SIMD4(Int32(clamping: r.x), Int32(clamping: r.y), Int32(clamping: r.x + r.width), Int32(clamping: r.y + r.height))
    }

    /// Appends a quad showing a target's content (a group's image, its mask or its shadow).
    private func appendImage(_ quad: Quad, of target: RenderTarget, filter: TextureFilter = .linear, alphaTint: Bool = false,
                             blend: BatchBlend = .sourceOver, into builder: PassBuilder) {
        if quad.opacity <= 0 || (!quad.isDoubleSided && quad.transform.facesAway) { return }
        let sampling: TextureFilter = filter == .nearest ? .nearest : .linear
        let binding = (target.texture, SamplerSet.key(minification: sampling, magnification: sampling),
                       target.placement.coordinates(for: CGRect(x: 0, y: 0, width: 1, height: 1)))
        let margin = QuadInstance.drawnMargin(quad)
        let clip = clips.resolve(quad.clipIndex, transform: quad.transform, rect: quad.rect, margin: Double(margin))
        append(quad, binding: binding, alphaTint: alphaTint, blend: blend, clip: clip, margin: margin, into: builder)
    }

    // MARK: - Groups

    private func begin(_ group: CompositingGroup) throws {
        if skipDepth > 0 { skipDepth += 1; return }
        let visible = group.pixelWidth > 0 && group.pixelHeight > 0 && group.opacity > 0
            && group.rect.width > 0 && group.rect.height > 0 && (group.drawsContent || group.shadow != nil)
            && (group.isDoubleSided || !group.transform.facesAway)
        guard visible else { skipDepth = 1; skipEndsCachedGroup = false; return }
        let limit = Double(pool.maximumContentSize)
        let scale = min(1, limit / Double(group.pixelWidth), limit / Double(group.pixelHeight))
        if scale < 1 && !hasWarnedAboutOversizeGroups {
            hasWarnedAboutOversizeGroups = true
            let sizes = "offscreen group \(group.pixelWidth)x\(group.pixelHeight) exceeds GL_MAX_TEXTURE_SIZE \(pool.maximumSize)"
            GLESRendererLog.logger.warning("\(sizes); drawn at \(Int((scale * 100).rounded()))% resolution")
        }
        if let key = group.rasterizationKey,
           let cached = rasterCache.target(for: key, pixelWidth: group.pixelWidth, pixelHeight: group.pixelHeight, frame: frame) {
            stack.append(OpenGroup(group: group, scale: scale, content: nil, mask: nil, contentTarget: cached))
            skipDepth = 1; skipEndsCachedGroup = true
            return
        }
        let width = max(1, Int((Double(group.pixelWidth) * scale).rounded(.down)))
        let height = max(1, Int((Double(group.pixelHeight) * scale).rounded(.down)))
        let target = try pool.acquire(width: width, height: height)
        let content = PassBuilder(destination: target, canvasWidth: group.pixelWidth, canvasHeight: group.pixelHeight)
        stack.append(OpenGroup(group: group, scale: scale, content: content, mask: nil, contentTarget: target))
    }

    private func beginMask() throws {
        guard skipDepth == 0, let top = stack.last, top.content != nil, top.mask == nil else { return }
        let mask = try pool.acquire(width: top.contentTarget.width, height: top.contentTarget.height)
        stack[stack.count - 1].mask = PassBuilder(destination: mask, canvasWidth: top.group.pixelWidth,
                                                  canvasHeight: top.group.pixelHeight)
    }

    private func end() throws {
        if skipDepth > 0 {
            skipDepth -= 1
            if skipDepth == 0 && skipEndsCachedGroup, let open = stack.popLast() { try composite(open) }
            return
        }
        guard let open = stack.popLast() else { return }
        if let content = open.content {
            if let mask = open.mask, let maskTarget = mask.destination {
                passes.append(mask.pass)
                let cover = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: open.group.pixelWidth, height: open.group.pixelHeight))
                appendImage(cover, of: maskTarget, blend: .multiplyBySourceAlpha, into: content)
            }
            passes.append(content.pass)
            if let key = open.group.rasterizationKey, rasterCache.accepts(bytes: open.contentTarget.byteCount) {
                pool.detach(open.contentTarget)
                let evicted = rasterCache.insert(open.contentTarget, for: key, pixelWidth: open.group.pixelWidth,
                                                 pixelHeight: open.group.pixelHeight, frame: frame)
                for target in evicted { pool.recycle(target) }
            }
        }
        try composite(open)
    }

    /// The group content's alpha blurred with `sigma` (content pixels) and the part of the
    /// content's space it covers: for a rasterized group (`key`) the one kept with its cached
    /// content when there is one, else two blur passes of this frame (kept when the content is).
    private func blurredShadow(of content: RenderTarget, sigma: Double,
                               key: RasterizationKey?) throws -> (RenderTarget, CGRect) {
        if let key, let kept = rasterCache.shadow(for: key, sigma: sigma, frame: frame) { return kept }
        let plan = ShadowBlurPlan(sigma: sigma, contentWidth: content.width, contentHeight: content.height,
                                  maximumSize: pool.maximumContentSize)
        let horizontal = try pool.acquire(width: plan.width, height: plan.height)
        let vertical = try pool.acquire(width: plan.width, height: plan.height)
        passes.append(RenderPass(destination: horizontal, canvasWidth: plan.width, canvasHeight: plan.height,
                                 work: .blur(plan.horizontal(from: content, into: horizontal))))
        passes.append(RenderPass(destination: vertical, canvasWidth: plan.width, canvasHeight: plan.height,
                                 work: .blur(plan.vertical(from: horizontal, into: vertical))))
        if let key, let released = rasterCache.keepShadow(vertical, covered: plan.coveredRect, sigma: sigma,
                                                            for: key, frame: frame) {
            pool.detach(vertical)
            for target in released { pool.recycle(target) }
        }
        return (vertical, plan.coveredRect)
    }

    /// Composites a finished group into the enclosing pass: shadow first, then content, both
    /// with the group's blend mode.
    private func composite(_ open: OpenGroup) throws {
        let group = open.group, content = open.contentTarget
        let parent = currentBuilder
        let blend: BatchBlend = group.blendMode == .plusLighter ? .additive : .sourceOver
        // Local units per target pixel.
        let unitX = Double(group.rect.width) / Double(content.width)
        let unitY = Double(group.rect.height) / Double(content.height)
        if let shadow = group.shadow, shadow.color.alpha > 0 {
            var source = content
            var covered = CGRect(x: 0, y: 0, width: content.width, height: content.height)
            let sigma = Double(shadow.renderedSigma) * open.scale
            if sigma >= 0.2 {
                (source, covered) = try blurredShadow(of: content, sigma: sigma, key: group.rasterizationKey)
            }
            let offsetX = Double(shadow.offsetX) * open.scale, offsetY = Double(shadow.offsetY) * open.scale
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
            appendImage(quad, of: content, filter: group.filter, blend: blend, into: parent)
        }
    }
}
