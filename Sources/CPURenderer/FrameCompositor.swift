import CompositorCore
import CoreGraphics
import Foundation

/// Runs a frame's `PassPlan` on the CPU: each offscreen pass into its pixel buffer (groups'
/// content and masks, filter steps, shadows), and the nodes of an image turned into prepared
/// quads, each group replaced by the textured quads that composite the images its passes made.
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
    /// The frame's passes.
    let plan: PassPlan
    /// The images of the plan's targets as the passes make them.
    let images: PassImages
    /// The filtered backdrops of canvas-level backdrop quads, kept while what lies behind them
    /// does not change.
    let keptBackdrops: KeptBackdrops<KeptBackdropBuffer>

    /// The prepared drawables of `nodes` for an image of `width` x `height`.
    func prepare(_ nodes: ArraySlice<DrawListTree.Node>, width: Int, height: Int,
                 statistics: inout RenderStatistics, target: PaintTarget? = nil, host: Int? = nil) throws -> PreparedQuadList {
        var prepared = PreparedQuadList()
        try prepare(nodes, width: width, height: height, statistics: &statistics, into: &prepared, target: target, host: host)
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
    /// A quad that filters its backdrop, or a group that blends with it, needs what comes before
    /// it painted: with `target`, the drawables prepared so far are painted into it, the list
    /// emptied, and the barrier passes that the plan runs there (`host`'s) run; the caller paints
    /// the rest. Without one, such a quad is skipped and such a group composited source-over.
    func prepare(_ nodes: ArraySlice<DrawListTree.Node>, width: Int, height: Int,
                 statistics: inout RenderStatistics, into prepared: inout PreparedQuadList,
                 target: PaintTarget? = nil, host: Int? = nil) throws {
        prepared.removeAll(expecting: nodes.count)
        if painter.threadCount > 1 && nodes.count >= Self.parallelMinimum && painter.preparesInParallel
            && !tree.hasBackdrops {
            try prepareInParallel(nodes, width: width, height: height, statistics: &statistics, into: &prepared)
            return
        }
        // The host's barriers, in node order.
        var barrier = host.map { plan.passes[$0].barriers.lowerBound } ?? 0
        let barriersEnd = host.map { plan.passes[$0].barriers.upperBound } ?? 0
        clips.withUnsafeBufferPointer { clipPointer in
            for node in nodes {
                switch node {
                case .quad(let index):
                    let given = tree.quad(at: index)
                    if let backdrop = given.backdrop {
                        guard let target, barrier < barriersEnd, case .backdropCopy(let command, _) = plan.passes[barrier].kind,
                              command == index else {
                            // Not planned: shown from the kept image, if any.
                            if let host, plan.passes[host].kind == .canvas, let kept = keptBackdrops.image(for: index),
                               let (quad, binding) = BackdropPainter.shown(kept.buffer, of: given, source: kept.source) {
                                prepared.append(quad, texture: binding, clips: clipPointer, canvasWidth: width, canvasHeight: height)
                            }
                            continue
                        }
                        paint(&prepared, into: target, statistics: &statistics)
                        if let (quad, binding) = runBackdrop(backdrop, of: given, barrier: &barrier, end: barriersEnd, in: target,
                                                             statistics: &statistics) {
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
                    var quads = composite(index)
                    if let target, barrier < barriersEnd, case .blend(let blended, _) = plan.passes[barrier].kind, blended == index,
                       let (quad, binding) = quads.popLast() {
                        // The shadow first: the content blends with what lies behind it, shadow included.
                        for (quad, binding) in quads {
                            prepared.append(quad, texture: binding, clips: clipPointer, canvasWidth: width, canvasHeight: height)
                        }
                        paint(&prepared, into: target, statistics: &statistics)
                        if plan.passes[barrier].blendSpace == .host {
                            quads = runTransformedBlend(of: index, barrier: barrier, content: binding, over: target,
                                                        clips: clipPointer, statistics: &statistics).map { [$0] } ?? []
                        } else {
                            quads = [(quad, runBlend(of: index, barrier: barrier, content: binding, over: target))]
                        }
                        barrier += 1
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
    /// shadow masks, groups' images, alpha hulls: `QuadPreparationPlan`); then the
    /// quads in one part a thread, each into a list of its own; then the lists joined in order.
    /// `prepared` is empty and becomes the first part's list, so only the later parts are copied.
    private func prepareInParallel(_ nodes: ArraySlice<DrawListTree.Node>, width: Int, height: Int,
                                   statistics: inout RenderStatistics, into prepared: inout PreparedQuadList) throws {
        var plan = QuadPreparationPlan(expecting: nodes.count)
        let clipCount = clips.count
        tree.withCommandsInPlace { commands in nodes.withUnsafeBufferPointer { nodes in
            var position = 0
            while position < nodes.count {
                let node = nodes[position]
                position += 1
                switch node {
                case .quad(let index):
                    // Read in place, not copied out (`CommandsInPlace`), and its texture found by
                    // its image read in place (`TextureStore.texture(ofQuadAt:)`): a copy of the
                    // quad or of its `TextureSource` would retain and release its storage or the
                    // image that many quads share.
                    let quad = commands.quad(at: index)
                    if quad.pointee.blurSigma > 0,
                       shadowMasks.drawShadow(quad.pointee, { quad in
                           plan.add(quad, binding: quad.texture.map(binding(for:)),
                                    mayBeSprite: PreparedSprite.mayHaveSpriteSampling(quad, clipCount: clipCount))
                       }) {
                        continue
                    }
                    plan.add(command: index, texture: textures.texture(ofQuadAt: quad),
                             mayBeSprite: PreparedSprite.mayHaveSpriteSampling(quad.pointee, clipCount: clipCount))
                    // The quads after it of the same image, without asking the store again.
                    if let image = quad.pointee.textureImage?.image {
                        position = plan.addRun(of: image, nodes: nodes, from: position, commands: commands)
                    }
                case .group(let index):
                    for (quad, binding) in composite(index) {
                        plan.add(quad, binding: binding, mayBeSprite: PreparedSprite.mayHaveSpriteSampling(quad, clipCount: clipCount))
                    }
                }
            }
        } }
        var parts = prepared.spareParts
        prepared.spareParts = []
        while parts.count < painter.threadCount { parts.append(ParallelPreparation.Part()) }
        parts.removeLast(parts.count - painter.threadCount)
        let sprites = prepared.reserveParts(items: plan.items.count)
        swap(&prepared, &parts[0].list)
        let job = ParallelPreparation(tree: tree, clips: clips, plan: plan, width: width, height: height, parts: parts,
                                      sprites: sprites)
        DispatchQueue.concurrentPerform(iterations: parts.count) { job.prepare(part: $0) }
        swap(&prepared, &parts[0].list)
        // The parts keep their storage for the next frame, not their records (which hold textures
        // the caches may let go) nor the sprites' storage, which is the list's.
        for part in parts.dropFirst() {
            prepared.append(part: part.list)
            part.list.removeAll(expecting: part.list.count)
        }
        prepared.endParts()
        prepared.spareParts = parts
    }

    /// The binding of `source`'s texture.
    private func binding(for source: TextureSource) -> TextureBinding {
        TextureBinding(textures.texture(for: source), as: source)
    }

    // MARK: - Passes

    /// Runs the plan's passes before the canvas's, in order (barriers run inside their host,
    /// when its drawing reaches them), handing each target back to the pool once its last
    /// reader is done.
    func runOffscreenPasses(statistics: inout RenderStatistics) throws {
        for index in plan.passes.indices where plan.passes[index].host == nil {
            let pass = plan.passes[index]
            switch pass.kind {
            case .canvas, .blend, .backdropCopy, .backdropFilter:
                continue
            case .content(let group):
                let node = tree.groups[group], g = node.group
                // Content the rasterization cache will keep gets an image of its own; the rest is the frame's.
                let content = try draw(tree.nodes[node.content], pass: index, width: g.pixelWidth, height: g.pixelHeight,
                                       kept: g.rasterizationKey != nil, statistics: &statistics)
                images.store(content, pooled: g.rasterizationKey == nil, at: pass.target)
                if let mask = plan.target(read: .mask, by: index), let alpha = images.buffers[mask] {
                    Self.multiply(content, byAlphaOf: alpha)
                }
            case .mask(let group):
                let node = tree.groups[group], g = node.group
                let mask = try draw(tree.nodes[node.mask ?? 0..<0], pass: index, width: g.pixelWidth, height: g.pixelHeight,
                                    kept: false, statistics: &statistics)
                images.store(mask, pooled: true, at: pass.target)
            case .filter(let group, let step):
                // Filters come before the mask, the shadow and the opacity (see `GroupFilter`).
                let filter = tree.groups[group].group.filters[step]
                guard let image = images.writable(for: index, of: plan, pool: offscreen) else { continue }
                GroupFilterPainter.apply(filter, to: image)
                if !filter.isPerPixel { statistics.filterPasses += 1 }
            case .applyMask:
                guard let mask = plan.target(read: .mask, by: index), let alpha = images.buffers[mask],
                      let image = images.writable(for: index, of: plan, pool: offscreen) else { continue }
                Self.multiply(image, byAlphaOf: alpha)
            case .shadow(let group):
                runShadow(of: group, pass: index)
            }
            images.release(after: index, of: plan, to: offscreen)
        }
    }

    /// The finished image of the group at `index` as a texture (stored in the rasterization
    /// cache when the group is rasterized), or nil when the plan draws none.
    private func imageTexture(of index: Int) -> Texture? {
        if let texture = images.groupImages[index] { return texture }
        guard let target = plan.groups[index].image, let buffer = images.buffers[target] else { return nil }
        let texture = Texture(buffer)
        let g = tree.groups[index].group
        if let key = g.rasterizationKey { rasterizations.store(texture, for: key, width: g.pixelWidth, height: g.pixelHeight) }
        images.groupImages[index] = texture
        return texture
    }

    /// Blurs the alpha of the group's image for its shadow, tinted: kept with the image of a
    /// rasterized group (blurred once, not every frame, into an image of its own), else into the
    /// pass's pooled target.
    private func runShadow(of index: Int, pass: Int) {
        let g = tree.groups[index].group
        guard let shadow = g.shadow, let content = imageTexture(of: index) else { return }
        let sigma = Double(shadow.renderedSigma)
        let plan = BlurPlan(sigma: sigma, contentWidth: g.pixelWidth, contentHeight: g.pixelHeight)
        let blur = { (into: PixelBuffer) in
            Texture(GaussianBlur.shadow(of: content.levels[0], plan: plan, color: shadow.color.raw, into: into))
        }
        let covered = plan.coveredRect
        let image = g.rasterizationKey.flatMap {
            rasterizations.shadow(for: $0, width: g.pixelWidth, height: g.pixelHeight, sigma: sigma,
                                  color: shadow.color.raw, covered: covered,
                                  make: { blur(PixelBuffer(width: plan.width, height: plan.height)) })
        } ?? {
            let buffer = offscreen.pixelBuffer(width: plan.width, height: plan.height)
            images.store(buffer, pooled: true, at: self.plan.passes[pass].target)
            return blur(buffer)
        }()
        images.groupShadows[index] = (image, covered)
    }

    /// Runs the barrier passes of a backdrop quad from `barrier` (its copy of `target`, then its
    /// filter steps, edges duplicated) and returns the quad showing the result through the
    /// backdrop quad's clip, or nil when it covers no pixel of it.
    private func runBackdrop(_ backdrop: BackdropFilter, of quad: Quad, barrier: inout Int, end: Int, in target: PaintTarget,
                             statistics: inout RenderStatistics) -> (Quad, TextureBinding)? {
        let copyPass = barrier
        guard let copy = plan.passes[copyPass].copy, case .backdropCopy(let command, _) = plan.passes[copyPass].kind else { return nil }
        images.store(BackdropPainter.copy(copy.read, of: target.buffer, pool: offscreen), pooled: true, at: plan.passes[copyPass].target)
        images.release(after: copyPass, of: plan, to: offscreen)
        barrier += 1
        var result = plan.passes[copyPass].target
        while barrier < end, case .backdropFilter(let filtered, _, let step) = plan.passes[barrier].kind, filtered == command {
            let filter = backdrop.filters[step]
            if let image = images.writable(for: barrier, of: plan, pool: offscreen) {
                GroupFilterPainter.apply(filter, to: image, edges: .duplicated)
                if !filter.isPerPixel { statistics.filterPasses += 1 }
            }
            result = plan.passes[barrier].target
            images.release(after: barrier, of: plan, to: offscreen)
            barrier += 1
        }
        guard let filtered = images.buffers[result] else { return nil }
        if let host = plan.passes[copyPass].host, plan.passes[host].kind == .canvas {
            // Kept for the frames whose backdrop does not change, out of the pool.
            if let storage = filtered.storage { offscreen.detach(storage) }
            keptBackdrops.keep(KeptBackdropBuffer(buffer: filtered, source: copy.read), for: quad, at: command)
        }
        return BackdropPainter.shown(filtered, of: quad, source: copy.read)
    }

    /// Runs the blend barrier at `barrier`: the group's content (`content`) mixed with what
    /// `target` holds under it, returned as the binding to composite source-over.
    private func runBlend(of index: Int, barrier: Int, content: TextureBinding, over target: PaintTarget) -> TextureBinding {
        let g = tree.groups[index].group
        guard let formula = g.blendFormula else { return content }
        let mixed = BlendPainter.blended(content.texture.levels[0], of: g, by: formula, over: target.buffer, offscreen: offscreen)
        images.store(mixed, pooled: true, at: plan.passes[barrier].target)
        images.release(after: barrier, of: plan, to: offscreen)
        let shown = content.sampling
        let blended = TextureBinding(texture: Texture(mixed), unitRect: shown.unitRect, minification: shown.minification,
                                     magnification: shown.magnification)
        if g.filter == .trilinear { blended.texture.makeMipmaps() }
        return blended
    }

    /// Runs the blend barrier at `barrier` of a group its transform turns or projects
    /// (`TransformedBlend`): the group's content (`content`) drawn through its transform into an
    /// image of the host's pixels the plan copies, mixed with `target`'s pixels there; returns
    /// the quad showing the result through the group's clip.
    private func runTransformedBlend(of index: Int, barrier: Int, content: TextureBinding, over target: PaintTarget,
                                     clips clipPointer: UnsafeBufferPointer<PreparedClip>,
                                     statistics: inout RenderStatistics) -> (Quad, TextureBinding)? {
        let g = tree.groups[index].group
        guard let formula = g.blendFormula, let copy = plan.passes[barrier].copy else { return nil }
        let read = copy.read
        let drawn = offscreen.pixelBuffer(width: read.width, height: read.height)
        var image = PreparedQuadList()
        image.append(TransformedBlend.imageQuad(for: g, copy: copy, hostScale: (1, 1)), texture: content, clips: clipPointer,
                     canvasWidth: read.width, canvasHeight: read.height)
        painter.paint(image, clips: clips, into: drawn, regions: [PixelRect(x: 0, y: 0, width: read.width, height: read.height)],
                      clear: 0)
        statistics.offscreenPasses += 1
        statistics.quads += image.count
        BlendPainter.mix(drawn, by: formula, over: target.buffer, at: read)
        images.store(drawn, pooled: true, at: plan.passes[barrier].target)
        images.release(after: barrier, of: plan, to: offscreen)
        let whole = CGRect(x: 0, y: 0, width: 1, height: 1)
        return (TransformedBlend.resultQuad(for: g, copy: copy),
                TextureBinding(texture: Texture(drawn), unitRect: whole, minification: .nearest, magnification: .nearest))
    }

    /// The quads that composite the group at `index` into the enclosing image: its shadow, then
    /// its content; none when the plan draws it not.
    private func composite(_ index: Int) -> [(Quad, TextureBinding)] {
        guard let content = imageTexture(of: index) else { return [] }
        let g = tree.groups[index].group
        var quads: [(Quad, TextureBinding)] = []
        let whole = CGRect(x: 0, y: 0, width: 1, height: 1)
        if let shadow = g.shadow, let (image, covered) = images.groupShadows[index] {
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

    /// Draws `nodes` into a transparent image (the offscreen pass `pass`): the pool's for the
    /// frame, or one of its own when it is to be `kept` beyond the frame.
    private func draw(_ nodes: ArraySlice<DrawListTree.Node>, pass: Int, width: Int, height: Int, kept: Bool,
                      statistics: inout RenderStatistics) throws -> PixelBuffer {
        let buffer = kept ? PixelBuffer(width: width, height: height) : offscreen.pixelBuffer(width: width, height: height)
        // A pooled image holds what an earlier pass left: cleared with the painting.
        let target = PaintTarget(buffer: buffer, regions: [PixelRect(x: 0, y: 0, width: width, height: height)],
                                 clear: buffer.storage == nil ? nil : 0)
        let quads = try prepare(nodes, width: width, height: height, statistics: &statistics, target: target, host: pass)
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
