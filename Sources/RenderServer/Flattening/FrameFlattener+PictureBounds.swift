import Foundation
import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

/// The extent of what a subtree draws, for sizing groups and for proving that drawables do
/// not overlap (group opacity).
extension FrameFlattener {
    /// The bounding rectangle, in the layer's own space, of everything it draws: its bounds,
    /// its contents, its sublayers' pictures (unless it masks to bounds), the shadows inside
    /// them, and its own shadow when asked. Sublayers whose corners project behind the eye are
    /// left out (their picture is unbounded).
    func pictureBounds(of p: PlacedLayer, includingOwnShadow: Bool) -> CGRect {
        var walker = PictureWalker(layers: facts.layers, mode: .bounds)
        walker.add(p.layer, state: p.state, localTime: p.localTime, toRoot: CATransform3DIdentity,
                   includingOwnShadow: includingOwnShadow)
        return walker.bounds
    }

    /// The picture of `mask` in its owner's space, or nil when it draws nothing.
    func maskPictureBounds(_ mask: RenderLayer, owner: PlacedLayer) -> CGRect? {
        let context = maskContext(owner: owner)
        let (s, localTime) = Self.presentation(of: mask, parentTime: context.time)
        guard !s.isHidden, s.opacity > 0 else { return .null }
        let toOwner = LayerGeometry.toSuperlayer(s, parentStorage: context.stateStorage, flattens: true)
        var walker = PictureWalker(layers: facts.layers, mode: .bounds)
        walker.add(mask, state: s, localTime: localTime, toRoot: toOwner, includingOwnShadow: true)
        return walker.bounds
    }

    /// Whether group opacity can change the picture: two or more drawables of the subtree
    /// overlap, or there are too many (or too unusual) to prove they do not.
    func needsOpacityGroup(_ p: PlacedLayer) -> Bool {
        if Self.drawsOneBoxAtMost(p.layer, p.stateStorage) { return false }
        var walker = PictureWalker(layers: facts.layers, mode: .boxes(limit: 16))
        walker.add(p.layer, state: p.state, localTime: p.localTime, toRoot: CATransform3DIdentity,
                   includingOwnShadow: false)
        guard !walker.gaveUp else { return true }
        let boxes = walker.boxes
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                let overlap = boxes[i].intersection(boxes[j])
                if !overlap.isNull && overlap.width > 0 && overlap.height > 0 { return true }
            }
        }
        return false
    }
}

extension FrameFlattener {
    /// Whether a layer is a leaf of the plain kind whose drawing `PictureWalker` counts as one
    /// box or none: its background (with its border merged) or its contents, not both, and no
    /// content of its class. One box overlaps nothing, so such a layer (a sprite, a card)
    /// never needs an opacity group, and the walk is skipped: this runs for every translucent
    /// layer of every frame.
    static func drawsOneBoxAtMost(_ layer: RenderLayer, _ storage: LayerStateBox) -> Bool {
        guard layer.kind.isPlain, layer.sublayerIDs.isEmpty, !storage.isSpecialized else { return false }
        guard storage.value.contents != nil else { return true }
        // With contents, the background and the border each add a box (see `addOnThisStack`).
        return PremultipliedColor(storage.value.backgroundColor).alpha <= 0
            && !(storage.value.borderWidth > 0 && PremultipliedColor(storage.value.borderColor).alpha > 0)
    }
}

/// Walks a subtree at the frame's presentation values and collects the bounding boxes of what
/// it draws, in the space of the layer the walk started from.
struct PictureWalker {
    /// What to collect.
    enum Mode {
        /// The union of everything.
        case bounds
        /// One box per drawable, giving up past `limit` boxes.
        case boxes(limit: Int)
    }

    let layers: LayerIDTable<RenderLayer>
    let mode: Mode
    private(set) var bounds = CGRect.null
    private(set) var boxes: [CGRect] = []
    /// Set when a drawable could not be bounded or the box limit was passed.
    private(set) var gaveUp = false

    init(layers: LayerIDTable<RenderLayer>, mode: Mode) {
        self.layers = layers
        self.mode = mode
    }

    /// Adds what `layer` (state `s`, mapped into the root's space by `toRoot`) and its subtree draw.
    mutating func add(_ layer: RenderLayer, state s: LayerState, localTime: CFTimeInterval, toRoot: CATransform3D,
                      includingOwnShadow: Bool) {
        // Recurses once per tree level: a deep subtree goes on on a fresh stack (`DeepRecursion`).
        DeepRecursion.guarded {
            addOnThisStack(layer, state: s, localTime: localTime, toRoot: toRoot, includingOwnShadow: includingOwnShadow)
        }
    }

    private mutating func addOnThisStack(_ layer: RenderLayer, state s: LayerState, localTime: CFTimeInterval,
                                         toRoot: CATransform3D, includingOwnShadow: Bool) {
        guard !gaveUp else { return }
        if layer.kind.isPlain {
            if includingOwnShadow, case let shape = ShadowShape(s, layer: layer, isMasked: layer.maskID != nil),
               shape != .none {
                let source: CGRect
                switch shape {
                case let .roundedRect(rect, _, _): source = rect
                case let .path(path): source = path.boundingBoxOfPath
                default: source = s.bounds
                }
                addBox(ShadowShape.extent(of: source, state: s), toRoot)
            }
            let background = PremultipliedColor(s.backgroundColor).alpha > 0
            let border = s.borderWidth > 0 && PremultipliedColor(s.borderColor).alpha > 0
            if background || border { addBox(s.bounds, toRoot) }
            // A layer's filtered backdrop is drawn over its bounds (`drawBackdrop`), background or not.
            if s.filters?.backgroundFilters.isEmpty == false { addBox(s.bounds, toRoot) }
            // A border drawn as a quad of its own (the layer draws more than its background,
            // see `drawBody`) overlaps the background: group opacity must see both.
            if background && border && Self.drawsBorderSeparately(layer, s) { addBox(s.bounds, toRoot) }
            if let drawn = FrameFlattener.classDrawnRect(s) {
                addBox(s.masksToBounds ? drawn.intersection(s.bounds) : drawn, toRoot)
            }
            if let image = s.contents {
                var drawn = CGRect.null
                for piece in ContentsLayout.pieces(for: s, image: image) { drawn = drawn.union(piece.destination) }
                if s.masksToBounds { drawn = drawn.intersection(s.bounds) }
                addBox(drawn, toRoot)
            }
        }
        let clipped = layer.kind.isPlain && s.masksToBounds
        let flattens = layer.kind.isPlain
        // A replicator draws its sublayers once per instance, each moved by the instance's
        // transform and evaluated at its own time, as `drawReplicatorInstances` does.
        for copy in Self.copies(of: s) {
            addSublayers(of: layer, state: s, localTime: localTime - copy.timeOffset,
                         toRoot: copy.transform.concatenating(toRoot), clipTo: clipped ? toRoot : nil,
                         flattens: flattens)
            if gaveUp { return }
        }
    }

    /// How a layer's sublayers are drawn: once, in place, or per replicator instance (the
    /// instance's transform about the anchor, flattened into the replicator's plane unless it
    /// preserves depth, and its time offset).
    private static func copies(of s: LayerState) -> [(transform: CATransform3D, timeOffset: CFTimeInterval)] {
        guard case .replicator? = s.specialized else { return [(CATransform3DIdentity, 0)] }
        let preservesDepth = s.replicator.preservesDepth
        return ReplicatorLayerState.instances(of: s).map {
            (preservesDepth ? $0.boundsTransform : $0.boundsTransform.flattenedZ, $0.timeOffset)
        }
    }

    /// Adds the subtrees of `layer`'s sublayers, mapped by `toRoot` (the space their superlayer
    /// places them in); with `clipTo`, each cut by the superlayer's bounds mapped by it.
    private mutating func addSublayers(of layer: RenderLayer, state s: LayerState, localTime: CFTimeInterval,
                                       toRoot: CATransform3D, clipTo clipToRoot: CATransform3D?, flattens: Bool) {
        let clipped = clipToRoot != nil
        for id in layer.sublayerIDs {
            guard let child = layers[id] else { continue }
            let (cs, childTime) = FrameFlattener.presentation(of: child, parentTime: localTime)
            guard !cs.isHidden, cs.opacity > 0 else { continue }
            let childToRoot = LayerGeometry.toSuperlayer(cs, parent: s, flattens: flattens).concatenating(toRoot)
            if let filters = cs.filters, filters.hasEffectiveFilters, case .bounds = mode {
                // A filtered subtree spreads by its filters' reach, in its own space.
                var inner = PictureWalker(layers: layers, mode: .bounds)
                inner.add(child, state: cs, localTime: childTime, toRoot: CATransform3DIdentity, includingOwnShadow: true)
                let reach = filters.reach(pixelsPerUnit: 1)
                var grown = inner.bounds.isNull ? inner.bounds : inner.bounds.insetBy(dx: -reach, dy: -reach)
                if let clipToRoot, let clip = Self.project(s.bounds, clipToRoot), let mapped = Self.project(grown, childToRoot) {
                    grown = mapped.intersection(clip)
                    record(grown)
                } else if clipToRoot == nil, !grown.isNull, let mapped = Self.project(grown, childToRoot) {
                    record(mapped)
                }
            } else if clipped, case .bounds = mode {
                // The subtree is clipped to the bounds: its reach, cut by them.
                var inner = PictureWalker(layers: layers, mode: .bounds)
                inner.add(child, state: cs, localTime: childTime, toRoot: childToRoot, includingOwnShadow: true)
                if let clipToRoot, let clip = Self.project(s.bounds, clipToRoot) {
                    record(inner.bounds.intersection(clip))
                }
            } else {
                add(child, state: cs, localTime: childTime, toRoot: childToRoot, includingOwnShadow: true)
            }
            if gaveUp { return }
        }
    }

    /// Whether `drawBody` draws the border apart from the background: the layer has contents,
    /// sublayers (drawn or not), a drawn picture or class content of its own.
    private static func drawsBorderSeparately(_ layer: RenderLayer, _ s: LayerState) -> Bool {
        if s.contents != nil || !layer.sublayerIDs.isEmpty || FrameFlattener.drawsClassContent(s) { return true }
        switch s.specialized {
        case .shape?, .text?: return true
        default: return false
        }
    }

    /// Maps a local box into the root's space and records it. A box that cannot be mapped
    /// (behind the eye) is left out of the bounds and makes a box count give up.
    private mutating func addBox(_ box: CGRect, _ toRoot: CATransform3D) {
        guard !box.isNull, box.width > 0 || box.height > 0 else { return }
        guard let mapped = Self.project(box, toRoot) else {
            if case .boxes = mode { gaveUp = true }
            return
        }
        record(mapped)
    }

    private mutating func record(_ box: CGRect) {
        guard !box.isNull, box.width > 0 || box.height > 0 else { return }
        switch mode {
        case .bounds:
            bounds = bounds.union(box)
        case let .boxes(limit):
            boxes.append(box)
            if boxes.count > limit { gaveUp = true }
        }
    }

    /// The bounding box of `rect`'s projected corners; nil when one is behind the eye.
    static func project(_ rect: CGRect, _ m: CATransform3D) -> CGRect? {
        if m.isIdentityFast { return rect }
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for corner in corners {
            guard let q = m.projectPoint(corner) else { return nil }
            minX = min(minX, q.x); minY = min(minY, q.y); maxX = max(maxX, q.x); maxY = max(maxY, q.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
