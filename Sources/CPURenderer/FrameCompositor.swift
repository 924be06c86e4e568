import CompositorCore
import CoreGraphics
import Foundation

/// Turns the nodes of a frame's tree into prepared quads for one image: quads as they are, and
/// each group rendered into its intermediate image (content, then mask, then shadow) and
/// replaced by the textured quads that composite it.
struct FrameCompositor {
    let tree: DrawListTree
    let clips: [PreparedClip]
    let painter: BandPainter
    let textures: TextureStore
    let rasterizations: RasterizationCache
    /// Blurred quads are drawn from cached masks where one applies.
    let shadowMasks: ShadowMaskCache
    /// The images that live for the frame only (groups' content and masks, blurred shadows).
    let offscreen: PixelBufferPool

    /// The prepared drawables of `nodes` for an image of `width` x `height`.
    func prepare(_ nodes: ArraySlice<DrawListTree.Node>, width: Int, height: Int,
                 statistics: inout RenderStatistics, target: PaintTarget? = nil) throws -> PreparedQuadList {
        var prepared = PreparedQuadList()
        try prepare(nodes, width: width, height: height, statistics: &statistics, into: &prepared, target: target)
        return prepared
    }

    /// Replaces the contents of `prepared` with the prepared drawables of `nodes`, keeping its
    /// storage. The renderer passes the same list every frame: a frame's quads take a few
    /// hundred kilobytes to megabytes, and allocating them anew each frame lets the C heap shrink
    /// when they are freed and fault the pages back in the next frame (kernel time on every frame).
    ///
    /// Lists of `parallelMinimum` nodes or more are prepared on the painter's threads
    /// (`prepareInParallel`); the result is the same list.
    ///
    /// A quad that filters its backdrop needs what comes before it painted: with `target`, the
    /// drawables prepared so far are painted into it, the list emptied, and the filtered
    /// backdrop prepared (`BackdropPainter`); the caller paints the rest. Without one, such a
    /// quad is skipped.
    func prepare(_ nodes: ArraySlice<DrawListTree.Node>, width: Int, height: Int,
                 statistics: inout RenderStatistics, into prepared: inout PreparedQuadList,
                 target: PaintTarget? = nil) throws {
        prepared.removeAll(expecting: nodes.count)
        if painter.threadCount > 1 && nodes.count >= Self.parallelMinimum && painter.preparesInParallel
            && !tree.hasBackdrops {
            try prepareInParallel(nodes, width: width, height: height, statistics: &statistics, into: &prepared)
            return
        }
        try clips.withUnsafeBufferPointer { clipPointer in
            for node in nodes {
                switch node {
                case .quad(let index):
                    let given = tree.quad(at: index)
                    if let backdrop = given.backdrop {
                        guard let target else { continue }
                        paint(&prepared, into: target, statistics: &statistics)
                        if let (quad, binding) = BackdropPainter.filteredBackdrop(of: given, backdrop, in: target, offscreen: offscreen,
                                                                                  filterPasses: &statistics.filterPasses) {
                            prepared.append(quad, texture: binding, clips: clipPointer, canvasWidth: width, canvasHeight: height)
                        }
                        continue
                    }
                    func prepare(_ quad: Quad) {
                        let binding = quad.texture.map(binding(for:))
                        prepared.append(quad, texture: binding, clips: clipPointer, canvasWidth: width, canvasHeight: height)
                    }
                    if given.blurSigma <= 0 || !shadowMasks.drawShadow(given, prepare) { prepare(given) }
                case .group(let index):
                    var quads = try composite(tree.groups[index], statistics: &statistics)
                    let group = tree.groups[index].group
                    if let formula = group.blendFormula, formula != .normal, formula.isBlendFormula, group.drawsContent, let target,
                       let (quad, binding) = quads.popLast() {
                        // The shadow first: the content blends with what lies behind it, shadow included.
                        for (quad, binding) in quads {
                            prepared.append(quad, texture: binding, clips: clipPointer, canvasWidth: width, canvasHeight: height)
                        }
                        paint(&prepared, into: target, statistics: &statistics)
                        let mixed = BlendPainter.blended(binding.texture.levels[0], of: group, by: formula, over: target.buffer,
                                                         offscreen: offscreen)
                        var blended = binding
                        if let mixed {
                            blended.texture = Texture(mixed)
                            if group.filter == .trilinear { blended.texture.makeMipmaps() }
                        }
                        quads = [(quad, blended)]
                    }
                    for (quad, binding) in quads {
                        prepared.append(quad, texture: binding, clips: clipPointer, canvasWidth: width, canvasHeight: height)
                    }
                }
            }
        }
    }

    /// Paints the drawables prepared so far into `target` (clearing it first when it is the
    /// first part painted) and empties `prepared`: what a backdrop copy or a blend reads.
    private func paint(_ prepared: inout PreparedQuadList, into target: PaintTarget, statistics: inout RenderStatistics) {
        painter.paint(prepared, clips: clips, into: target.buffer, regions: target.regions, clear: target.clear)
        target.clear = nil
        statistics.quads += prepared.count
        prepared.removeAll(expecting: prepared.count)
    }

    /// The fewest nodes prepared on several threads: below it, handing the quads out and joining
    /// the parts costs about what the threads save.
    static let parallelMinimum = 512

    /// `prepare(_:width:height:statistics:into:)` on the painter's threads: first, in painter's
    /// order on this thread, everything that is not thread-safe (texture lookups and uploads,
    /// shadow masks, groups' offscreen passes, alpha hulls: `QuadPreparationPlan`); then the
    /// quads in one part a thread, each into a list of its own; then the lists joined in order.
    /// `prepared` is empty and becomes the first part's list, so only the later parts are copied.
    private func prepareInParallel(_ nodes: ArraySlice<DrawListTree.Node>, width: Int, height: Int,
                                   statistics: inout RenderStatistics, into prepared: inout PreparedQuadList) throws {
        var plan = QuadPreparationPlan(expecting: nodes.count)
        let clipCount = clips.count
        for node in nodes {
            switch node {
            case .quad(let index):
                // Two fields read in place: the whole quad is copied out only where it is needed.
                let (blurSigma, texture) = tree.blurAndTexture(ofQuadAt: index)
                if blurSigma > 0,
                   shadowMasks.drawShadow(tree.quad(at: index), { quad in
                       plan.add(quad, binding: quad.texture.map(binding(for:)),
                                mayBeSprite: PreparedSprite.mayHaveSpriteSampling(quad, clipCount: clipCount))
                   }) {
                    continue
                }
                // The store answers a run of quads of one image from its last lookup.
                plan.add(command: index, texture: texture.map(textures.texture(for:)),
                         mayBeSprite: PreparedSprite.mayHaveSpriteSampling(tree.quad(at: index), clipCount: clipCount))
            case .group(let index):
                for (quad, binding) in try composite(tree.groups[index], statistics: &statistics) {
                    plan.add(quad, binding: binding, mayBeSprite: PreparedSprite.mayHaveSpriteSampling(quad, clipCount: clipCount))
                }
            }
        }
        var parts = prepared.spareParts
        prepared.spareParts = []
        while parts.count < painter.threadCount { parts.append(ParallelPreparation.Part()) }
        parts.removeLast(parts.count - painter.threadCount)
        swap(&prepared, &parts[0].list)
        let job = ParallelPreparation(tree: tree, clips: clips, plan: plan, width: width, height: height, parts: parts)
        DispatchQueue.concurrentPerform(iterations: parts.count) { job.prepare(part: $0) }
        swap(&prepared, &parts[0].list)
        // The parts keep their storage for the next frame, not their records (which hold textures
        // the caches may let go).
        for part in parts.dropFirst() {
            prepared.append(contentsOf: part.list)
            part.list.removeAll(expecting: part.list.count)
        }
        prepared.spareParts = parts
    }

    /// The binding of `source`'s texture.
    private func binding(for source: TextureSource) -> TextureBinding {
        TextureBinding(textures.texture(for: source), as: source)
    }

    /// The quads that composite `node` into the enclosing image: its shadow, then its content.
    private func composite(_ node: DrawListTree.Group, statistics: inout RenderStatistics) throws -> [(Quad, TextureBinding)] {
        let g = node.group
        guard g.opacity > 0, g.rect.width > 0, g.rect.height > 0 else { return [] }
        if !g.isDoubleSided && g.transform.facesAway { return [] }
        try CPURenderer.validate(width: g.pixelWidth, height: g.pixelHeight)
        let content = try contentTexture(node, statistics: &statistics)
        var quads: [(Quad, TextureBinding)] = []
        let whole = CGRect(x: 0, y: 0, width: 1, height: 1)
        if let shadow = g.shadow, shadow.color.alpha > 0 {
            let sigma = Double(shadow.renderedSigma)
            let plan = BlurPlan(sigma: sigma, contentWidth: g.pixelWidth, contentHeight: g.pixelHeight)
            let blur = { (into: PixelBuffer) in
                Texture(GaussianBlur.shadow(of: content.levels[0], plan: plan, color: shadow.color.raw, into: into))
            }
            let covered = plan.coveredRect
            // A rasterized group keeps its shadow with its content: blurred once, not every frame,
            // into an image of its own (the pool's images are the frame's only).
            let image = g.rasterizationKey.flatMap {
                rasterizations.shadow(for: $0, width: g.pixelWidth, height: g.pixelHeight, sigma: sigma,
                                      color: shadow.color.raw, covered: covered,
                                      make: { blur(PixelBuffer(width: plan.width, height: plan.height)) })
            } ?? blur(offscreen.pixelBuffer(width: plan.width, height: plan.height))
            let unitX = g.rect.width / CGFloat(g.pixelWidth), unitY = g.rect.height / CGFloat(g.pixelHeight)
            let rect = CGRect(x: g.rect.minX + (CGFloat(shadow.offsetX) + covered.minX) * unitX,
                              y: g.rect.minY + (CGFloat(shadow.offsetY) + covered.minY) * unitY,
                              width: covered.width * unitX, height: covered.height * unitY)
            quads.append((compositeQuad(g, rect: rect),
                          TextureBinding(texture: image, unitRect: whole, minification: .linear, magnification: .linear)))
        }
        if g.drawsContent {
            if g.filter == .trilinear { content.makeMipmaps() }
            quads.append((compositeQuad(g, rect: g.rect),
                          TextureBinding(texture: content, unitRect: whole, minification: g.filter, magnification: g.filter == .nearest ? .nearest : .linear)))
        }
        return quads
    }

    private func compositeQuad(_ g: CompositingGroup, rect: CGRect) -> Quad {
        Quad(transform: g.transform, rect: rect, opacity: g.opacity, clipIndex: g.clipIndex, isDoubleSided: g.isDoubleSided,
             blendMode: g.blendMode)
    }

    /// The group's content multiplied by its mask's alpha: kept from an earlier frame under its
    /// rasterization key, or drawn now.
    private func contentTexture(_ node: DrawListTree.Group, statistics: inout RenderStatistics) throws -> Texture {
        let g = node.group
        if let key = g.rasterizationKey,
           let kept = rasterizations.texture(for: key, width: g.pixelWidth, height: g.pixelHeight) {
            return kept
        }
        // Content the rasterization cache will keep gets an image of its own; the rest is the frame's.
        let content = try draw(tree.nodes[node.content], width: g.pixelWidth, height: g.pixelHeight,
                               kept: g.rasterizationKey != nil, statistics: &statistics)
        if !g.filters.isEmpty {
            // Filters come before the mask, the shadow and the opacity (see `GroupFilter`).
            GroupFilterPainter.apply(g.filters, to: content)
            statistics.filterPasses += g.filters.filter { !$0.isPerPixel }.count
        }
        if let mask = node.mask {
            let alpha = try draw(tree.nodes[mask], width: g.pixelWidth, height: g.pixelHeight, kept: false, statistics: &statistics)
            Self.multiply(content, byAlphaOf: alpha)
        }
        let texture = Texture(content)
        if let key = g.rasterizationKey {
            rasterizations.store(texture, for: key, width: g.pixelWidth, height: g.pixelHeight)
        }
        return texture
    }

    /// Draws `nodes` into a transparent image (one offscreen pass): the pool's for the frame, or
    /// one of its own when it is to be `kept` beyond the frame.
    private func draw(_ nodes: ArraySlice<DrawListTree.Node>, width: Int, height: Int, kept: Bool,
                      statistics: inout RenderStatistics) throws -> PixelBuffer {
        let buffer = kept ? PixelBuffer(width: width, height: height) : offscreen.pixelBuffer(width: width, height: height)
        // A pooled image holds what an earlier pass left: cleared with the painting.
        let target = PaintTarget(buffer: buffer, regions: [PixelRect(x: 0, y: 0, width: width, height: height)],
                                 clear: buffer.storage == nil ? nil : 0)
        let quads = try prepare(nodes, width: width, height: height, statistics: &statistics, target: target)
        painter.paint(quads, clips: clips, into: buffer, regions: target.regions, clear: target.clear)
        statistics.offscreenPasses += 1
        statistics.quads += quads.count
        return buffer
    }

    /// Multiplies every pixel of `content` by the alpha of the same pixel of `mask`.
    static func multiply(_ content: PixelBuffer, byAlphaOf mask: PixelBuffer) {
        let count = content.width * content.height
        let pixels = content.pixels, alphas = mask.pixels
        var i = 0
        while i < count {
            let n = min(8, count - i)
            var c = SIMD8<UInt32>(), m = SIMD8<UInt32>()
            for k in 0..<n { c[k] = pixels[i + k]; m[k] = alphas[i + k] }
            let a = lanesFromBytes(m &>> 24) * (1 / 255)
            let color = loadPixels(c)
            let out = packBytes(r: color.r * a, g: color.g * a, b: color.b * a, a: color.a * a)
            for k in 0..<n { pixels[i + k] = out[k] }
            i += 8
        }
    }
}
