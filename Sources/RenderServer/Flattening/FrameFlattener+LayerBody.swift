import Foundation
import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

extension FrameFlattener {
    /// Draws a plain layer: its shadow, then either its body directly or its body inside a
    /// compositing group.
    ///
    /// A group is made when the result needs an offscreen pass: a `mask`; `shouldRasterize`; a
    /// shadow that only the composited alpha can give (see `ShadowShape`); or group opacity
    /// (`allowsGroupOpacity`, `opacity` < 1, and drawables in the subtree that overlap or cannot
    /// cheaply be proven not to). A group composites with the layer's accumulated opacity and
    /// its content draws at opacity 1; without a group opacity multiplies down.
    ///
    /// The sublayers are drawn from here, once per tree level: the work before and after them
    /// is done in functions that return first, so that each level keeps only a small frame on
    /// the stack (see `DeepRecursion`).
    mutating func drawLayer(_ p: PlacedLayer) {
        let (isMasked, shadowFromContent, group, groupClip) = drawShadow(p)
        if p.stateStorage.value.objects.filters?.backgroundFilters.isEmpty == false { drawBackdrop(p) }
        guard group else {
            drawBody(p)
            return
        }
        let mask = isMasked ? p.layer.maskID.flatMap { facts.layers[$0] } : nil
        drawAsGroup(p, mask: mask, shadowFromContent: shadowFromContent, rasterize: p.state.shouldRasterize,
                    clip: groupClip)
    }

    /// Draws the layer's shadow when it is drawn directly (clipped by the layer's own
    /// `masksToBounds`), and says whether the layer needs a group: whether it has a mask, whether
    /// its shadow comes from its composited content, the answer, and the clip the group
    /// composites under. (Only plain values are returned: a returned mask layer cost a generic
    /// destroy of the result for every drawn layer of every frame.)
    private mutating func drawShadow(_ p: PlacedLayer)
        -> (isMasked: Bool, shadowFromContent: Bool, group: Bool, groupClip: Int32?) {
        // Read through the box, not copied: this runs for every drawn layer of every frame.
        let box = p.stateStorage
        let mask = p.layer.maskID.flatMap { facts.layers[$0] }
        // Filters render the layer into a group, whose image they filter (Filters/).
        let filtered = box.value.objects.filters?.hasEffectiveFilters == true || box.value.objects.filters?.hasCompositingBlend == true
        // Without a shadow, a mask, rasterization or filters, only group opacity can ask for a group.
        if mask == nil && box.value.shadowOpacity <= 0 && !box.value.shouldRasterize && !filtered {
            let group = box.value.allowsGroupOpacity && box.value.opacity < 1 && needsOpacityGroup(p)
            return (false, false, group, p.clip)
        }
        let s = box.value
        // A filtered layer's shadow is that of its filtered rendering, as a mask's is of the masked one.
        let shadow = ShadowShape(s, layer: p.layer, isMasked: mask != nil || filtered)
        let shadowClip = shadow == .none ? p.clip : ownShadowClip(of: p)
        switch shadow {
        case let .roundedRect(rect, radii, alpha):
            var quad = ShadowShape.quad(for: s, rect: rect, radii: radii, alpha: alpha, placed: p, clip: shadowClip)
            if mask == nil && !filtered { quad.coveredRect = ShadowShape.coveredInterior(of: s, placed: p, clips: clips) }
            commands.append(.quad(quad))
        case let .path(path):
            drawPathShadow(path, of: p, clip: shadowClip)
        case .none, .composited:
            break
        }
        let rasterize = s.shouldRasterize
        let shadowFromContent = shadow == .composited
        let groupOpacity = !rasterize && mask == nil && !shadowFromContent && s.allowsGroupOpacity && s.opacity < 1
            && needsOpacityGroup(p)
        return (mask != nil, shadowFromContent, rasterize || mask != nil || shadowFromContent || groupOpacity || filtered,
                shadowFromContent ? shadowClip : p.clip)
    }

    /// Draws the layer's body into a group in the layer's own space, with its mask, its shadow
    /// from the composited alpha and its rasterization key as needed, composited under `clip`.
    private mutating func drawAsGroup(_ p: PlacedLayer, mask: RenderLayer?, shadowFromContent: Bool, rasterize: Bool,
                                      clip: Int32?) {
        guard let inner = beginGroup(for: p, mask: mask, shadowFromContent: shadowFromContent, rasterize: rasterize,
                                     clip: clip) else {
            return
        }
        drawBody(inner)
        if let mask {
            commands.append(.beginMask)
            drawMask(mask, owner: inner)
        }
        endGroup()
    }

    /// Opens the group of `drawAsGroup`, and returns the layer placed in it (nil when the group
    /// covers nothing).
    private mutating func beginGroup(for p: PlacedLayer, mask: RenderLayer?, shadowFromContent: Bool,
                                     rasterize: Bool, clip: Int32?) -> PlacedLayer? {
        let s = p.stateStorage.value
        var content = pictureBounds(of: p, includingOwnShadow: false)
        let filters = filterSteps(of: p, growing: &content)
        if let mask, let maskBounds = maskPictureBounds(mask, owner: p) { content = content.intersection(maskBounds) }
        var covered = content
        if shadowFromContent { covered = covered.union(ShadowShape.extent(of: content, state: s)) }
        guard let geometry = GroupGeometry(covering: covered, world: p.world,
                                           fixedScale: rasterize ? s.rasterizationScale : nil) else { return nil }
        var group = CompositingGroup(transform: Matrix4(p.world), rect: geometry.rect,
                                     pixelWidth: geometry.pixelWidth, pixelHeight: geometry.pixelHeight,
                                     opacity: p.opacity, clipIndex: clip, isDoubleSided: s.isDoubleSided)
        if shadowFromContent { group.shadow = ShadowShape.groupShadow(for: s, geometry: geometry) }
        if let filters {
            group.filters = filters.groupFilters(pixelsPerUnit: geometry.pixelsPerUnit)
            group.blendMode = filters.compositingBlendMode ?? .sourceOver
            group.blendFormula = filters.compositingBlendFormula
        }
        if rasterize {
            group.rasterizationKey = RasterizationKey(layerID: p.layer.id, contentVersion: contentVersion(of: p))
            group.filter = TextureFilter(geometry.pixelsPerUnit < GroupGeometry.pixelsPerUnit(p.world, over: geometry.rect)
                                         ? s.magnificationFilter : s.minificationFilter)
        }
        beginGroup(group)
        return p.inGroup(localToPixels: CATransform3D(group.localToPixels))
    }

    /// The context a mask layer is drawn in: the owner's space, like a sublayer, but without
    /// the owner's `sublayerTransform` (the mask is not a sublayer), at full opacity, unclipped.
    func maskContext(owner: PlacedLayer) -> ParentContext {
        var state = owner.state
        state.sublayerTransform = CATransform3DIdentity
        return ParentContext(stateStorage: LayerStateBox(state), world: owner.world, time: owner.localTime, rate: owner.rate)
    }

    /// Draws the mask layer's subtree into the group's mask image.
    private mutating func drawMask(_ mask: RenderLayer, owner: PlacedLayer) {
        visit(mask, in: maskContext(owner: owner))
    }

    /// Draws the layer itself: background and gradient (with the border merged when nothing is
    /// drawn between them), the `masksToBounds` clip, contents, the special content of its class
    /// (particles, tiles), sublayers (or a replicator's instances of them), and the border on top.
    mutating func drawBody(_ p: PlacedLayer) {
        var context = ParentContext(world: p.world, time: p.localTime)
        let borderOnTop = drawBodyBelowSublayers(p, sublayerContext: &context)
        if case .replicator? = context.stateStorage?.value.specialized {
            drawReplicatorInstances(p, context: context)
        } else if !p.layer.sublayerIDs.isEmpty {
            let order = sublayerDrawOrder(of: p)
            visitSublayers(of: p, order.ids, in: context, evaluated: order.evaluated)
        }
        if borderOnTop { drawBorder(p) }
    }

    /// Draws the border of `drawBody(_:)` over the sublayers.
    private mutating func drawBorder(_ p: PlacedLayer) {
        let s = p.stateStorage.value
        commands.append(.quad(Quad(transform: Matrix4(p.world), rect: s.bounds, cornerRadii: CornerRadii(s),
                                   borderWidth: Float(s.borderWidth), borderColor: PremultipliedColor(s.borderColor),
                                   opacity: p.opacity, clipIndex: p.clip, isDoubleSided: s.isDoubleSided,
                                   antialiasedEdges: s.antialiasedEdgeBits)))
    }

    /// Draws what is below the sublayers of `drawBody(_:)`, sets the context of the sublayers,
    /// and returns whether the border is drawn on top of them (false when it was merged with
    /// the background or is clear).
    private mutating func drawBodyBelowSublayers(_ p: PlacedLayer, sublayerContext: inout ParentContext) -> Bool {
        // The state is read through its box, not copied (about 500 bytes): this runs for every
        // layer of every frame. Only a layer of a specialized class reads it whole.
        let box = p.stateStorage
        // Two fields of the layer, read in place: a copy of it (`let layer = p.layer`) retained
        // and released its box and both lists for every layer of every frame.
        let id = p.layer.id, hasSublayers = !p.layer.sublayerIDs.isEmpty
        let matrix = Matrix4(p.world)
        let radii = CornerRadii(box)
        let edges = box.value.antialiasedEdgeBits
        // The boxed values read as stored fields: a computed property of `box.value` copies the
        // whole state to read one (four copies a layer and frame).
        let image = box.value.objects.contents
        let isSpecialized = box.isSpecialized
        let picture = image == nil && isSpecialized ? Self.drawnPicture(of: box.value, world: p.world, in: stores.pictures) : nil
        let background = PremultipliedColor(box.value.objects.backgroundColor)
        let border = box.value.borderWidth > 0 ? PremultipliedColor(box.value.objects.borderColor) : .clear
        let video = VideoLayerRegistry.shared.source(ofLayerID: id)
        let drawsClassContent = (isSpecialized && Self.drawsClassContent(box.value)) || video != nil
        let mergeBorder = image == nil && picture == nil && !hasSublayers && !drawsClassContent
        // The background, then the gradient, the border merged into the last of them (or drawn
        // by a fill of its own when neither is drawn). Each quad is made where it is appended:
        // this runs for every layer of every frame.
        let gradient = isSpecialized ? GradientFill(gradientLayer: box.value) : nil
        let mergedBorder = mergeBorder && border.alpha > 0
        let borderOnBackground = mergedBorder && gradient == nil
        if background.alpha > 0 || borderOnBackground {
            let borderWidth: Float = borderOnBackground ? Float(box.value.borderWidth) : 0
            let isOpaque = background.alpha >= 1 && p.opacity >= 1 && radii.isZero && borderWidth == 0
            commands.append(.quad(Quad(transform: matrix, rect: box.value.bounds, fillColor: background.alpha > 0 ? background : .clear,
                                       cornerRadii: radii, borderWidth: borderWidth,
                                       borderColor: borderOnBackground ? border : .clear, opacity: p.opacity,
                                       clipIndex: p.clip, isOpaque: isOpaque, isDoubleSided: box.value.isDoubleSided,
                                       antialiasedEdges: edges)))
        }
        if let gradient {
            // Never marked opaque: its stops may be translucent.
            commands.append(.quad(Quad(transform: matrix, rect: box.value.bounds, cornerRadii: radii,
                                       borderWidth: mergedBorder ? Float(box.value.borderWidth) : 0,
                                       borderColor: mergedBorder ? border : .clear, opacity: p.opacity,
                                       clipIndex: p.clip, isDoubleSided: box.value.isDoubleSided, antialiasedEdges: edges,
                                       gradient: gradient)))
        }

        var innerClip = p.clip
        if box.value.masksToBounds {
            innerClip = clips.push(Clip(transform: matrix, rect: box.value.bounds, cornerRadii: radii, parentIndex: p.clip))
        }
        if let image {
            let filterMin = TextureFilter(box.value.minificationFilter), filterMag = TextureFilter(box.value.magnificationFilter)
            for piece in ContentsLayout.pieces(of: image, in: ContentsLayout.Placement(box)) {
                let texture = TextureSource(image: image, unitRect: piece.unitSource,
                                            minificationFilter: filterMin, magnificationFilter: filterMag)
                commands.append(.quad(Quad(transform: matrix, rect: piece.destination, texture: texture,
                                           opacity: p.opacity, clipIndex: innerClip,
                                           isDoubleSided: box.value.isDoubleSided, antialiasedEdges: edges)))
            }
        }
        if let picture {
            commands.append(.quad(Quad(transform: matrix, rect: picture.rect, texture: TextureSource(image: picture.image),
                                       opacity: p.opacity, clipIndex: innerClip,
                                       isDoubleSided: box.value.isDoubleSided, antialiasedEdges: edges)))
        }
        if isSpecialized { drawClassContent(p, clip: innerClip) }
        if let video { drawVideoContent(p, source: video, clip: innerClip) }
        // A layer without sublayers hands nothing down (nor does a replicator without any: it
        // has nothing to repeat), so its context is not built.
        if hasSublayers { sublayerContext = p.sublayerContext(clip: innerClip) }
        return !mergeBorder && border.alpha > 0
    }

    /// The picture a shape or text layer draws of itself, rasterized at the density it is
    /// seen at (rounded up to a quarter octave, so that a scale animating smoothly reuses
    /// rasterizations), and the rectangle of the layer's space it covers.
    static func drawnPicture(of s: LayerState, world: CATransform3D, in pictures: SpecializedContentsCache) -> (image: CGImage, rect: CGRect)? {
        switch s.specialized {
        case .shape?, .text?: break
        default: return nil
        }
        let area = s.bounds.isEmpty ? CGRect(x: 0, y: 0, width: 1, height: 1) : s.bounds
        let density = GroupGeometry.pixelsPerUnit(world, over: area)
        guard density.isFinite, density > 0 else { return nil }
        let quantized = CGFloat(exp2((log2(Double(density)) * 4).rounded(.up) / 4))
        return SpecializedContents.picture(for: s, pixelsPerPoint: min(quantized, 16), in: pictures)
    }
}
