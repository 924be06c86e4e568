import Foundation
import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

/// How a layer's shadow is drawn (000:736-748, 1701-1723; 001:1522-1666).
///
/// The shadow is the layer's composited alpha (background, border, contents and sublayers,
/// after its mask) unless `shadowPath` gives the shape, blurred by a Gaussian whose standard
/// deviation is `shadowRadius` in the layer's units (HELPER-RULES: sigma = shadowRadius x pixels
/// per point), tinted with `shadowColor` x `shadowOpacity`, moved by `shadowOffset` in the
/// layer's own space (y down, so the default (0, -3) casts it upwards, as on iOS), and drawn
/// beneath the layer. It is clipped by the superlayer's `masksToBounds` and by the layer's own:
/// "the shadow is clipped along with any other content that protrudes outside of the layer"
/// (001:1555-1560, Figure 4.8), which is why Apple's recipe puts the shadow on an outer layer
/// and the clip on an inner one (`FrameFlattener.ownShadowClip(of:)`).
enum ShadowShape: Equatable {
    /// No shadow.
    case none
    /// A (rounded) rectangle of uniform alpha: drawn in closed form as one blurred quad.
    case roundedRect(CGRect, CornerRadii, alpha: Float)
    /// A `shadowPath` of any other shape: its coverage is rasterized and drawn blurred from a
    /// cached mask (a shadow-only group when too large for one).
    case path(CGPath)
    /// The composited alpha of the layer: the layer's group carries the shadow.
    case composited

    /// The shadow a layer casts. The fast path applies when the composited alpha is known to be
    /// the layer's rounded rectangle: an opaque background that everything else stays inside
    /// (nothing else drawn, or `masksToBounds`), or a translucent background alone.
    init(_ s: __shared LayerState, layer: __shared RenderLayer, isMasked: Bool) {
        guard s.shadowOpacity > 0, PremultipliedColor(s.shadowColor).alpha > 0 else { self = .none; return }
        if let path = s.shadowPath {
            if path.isEmpty { self = .none; return }
            if let (rect, radius) = RoundedRectPath.match(path) {
                self = .roundedRect(rect, CornerRadii(uniform: Float(radius)), alpha: 1)
            } else {
                self = .path(path)
            }
            return
        }
        guard !isMasked else { self = .composited; return }
        let background = PremultipliedColor(s.backgroundColor).alpha
        let drawsMore = s.contents != nil || !layer.sublayerIDs.isEmpty || FrameFlattener.classDrawnRect(s) != nil
        let border = s.borderWidth > 0 && PremultipliedColor(s.borderColor).alpha > 0
        if background >= 1 && (s.masksToBounds || !drawsMore) {
            self = .roundedRect(s.bounds, CornerRadii(s), alpha: 1)
        } else if !drawsMore && !border {
            self = background > 0 ? .roundedRect(s.bounds, CornerRadii(s), alpha: background) : .none
        } else {
            self = .composited
        }
    }

    /// The shadow colour: `shadowColor` with `shadowOpacity` (and the shape's alpha), premultiplied.
    static func color(for s: LayerState, alpha: Float = 1) -> PremultipliedColor {
        PremultipliedColor(s.shadowColor).scaled(by: max(0, min(1, s.shadowOpacity)) * alpha)
    }

    /// The closed-form shadow quad of a (rounded) rectangle, in the layer's space.
    static func quad(for s: LayerState, rect: CGRect, radii: CornerRadii, alpha: Float, placed p: PlacedLayer,
                     clip: Int32?) -> Quad {
        Quad(transform: Matrix4(p.world), rect: rect.offsetBy(dx: s.shadowOffset.width, dy: s.shadowOffset.height),
             fillColor: color(for: s, alpha: alpha), cornerRadii: radii, opacity: p.opacity, clipIndex: clip,
             isDoubleSided: s.isDoubleSided, blurSigma: Float(max(0, s.shadowRadius)))
    }

    /// The part of the shadow that the unmasked, unfiltered layer's body covers whole when drawn
    /// over it directly (`Quad.coveredRect`): the interior (`ShadowRing`) of its bounds when its
    /// background is opaque, or of the part of its bounds that an opaque contents image covers
    /// (`opaqueContentsRect`), when nothing can make it less than opaque there: opacity 1 on the
    /// path to the target, no clip that covers it less than whole (`ClipTable.coversWhole`), no
    /// rasterization (a group); nil otherwise.
    static func coveredInterior(of s: LayerState, placed p: PlacedLayer, clips: ClipTable) -> CGRect? {
        guard p.opacity >= 1, s.opacity >= 1, !s.shouldRasterize else { return nil }
        let body = PremultipliedColor(s.backgroundColor).alpha >= 1 ? s.bounds : opaqueContentsRect(of: s)
        guard let body, let interior = ShadowRing.interior(of: body, radii: CornerRadii(s)),
              clips.coversWhole(interior, transform: Matrix4(p.world), from: p.clip) else { return nil }
        return interior
    }

    /// The part of the bounds that the layer's contents image covers with opaque pixels: its one
    /// piece's destination within the bounds, when the image is opaque in every pixel; nil when
    /// there is no image, it is cut in several pieces (`contentsCenter`: their antialiased seams
    /// cover partly), or `masksToBounds` clips it (the clip's coverage is not the body's).
    static func opaqueContentsRect(of s: LayerState) -> CGRect? {
        guard let image = s.contents, !s.masksToBounds else { return nil }
        var pieces = ContentsLayout.pieces(for: s, image: image)
        guard let piece = pieces.next(), pieces.next() == nil else { return nil }
        let rect = piece.destination.standardized.intersection(s.bounds.standardized)
        guard !rect.isNull, rect.width > 0, rect.height > 0, OpaqueImageCache.shared.isOpaque(image) else { return nil }
        return rect
    }

    /// The shadow of a path whose coverage image is `coverage`, in the layer's space: a quad
    /// that paints the coverage's alpha blurred by `shadowRadius` (the renderer keeps the blurred
    /// mask), tinted with the shadow colour; with no blur, the coverage itself, tinted.
    static func pathQuad(for s: LayerState, coverage: PathCoverage, placed p: PlacedLayer, clip: Int32?) -> Quad {
        let sigma = Float(max(0, s.shadowRadius))
        var quad = Quad(transform: Matrix4(p.world),
                        rect: coverage.rect.offsetBy(dx: s.shadowOffset.width, dy: s.shadowOffset.height),
                        fillColor: sigma > 0 ? color(for: s) : .clear, texture: TextureSource(image: coverage.image),
                        opacity: p.opacity, clipIndex: clip, isDoubleSided: s.isDoubleSided, blurSigma: sigma)
        if sigma <= 0 { quad.textureTint = color(for: s) }
        return quad
    }

    /// The shadow of a group's content, in the group's image pixels.
    static func groupShadow(for s: LayerState, geometry: GroupGeometry) -> GroupShadow {
        let k = geometry.pixelsPerUnit
        return GroupShadow(color: color(for: s), offsetX: Float(s.shadowOffset.width * k),
                           offsetY: Float(s.shadowOffset.height * k), sigma: Float(max(0, s.shadowRadius) * k))
    }

    /// Where the shadow of content covering `rect` can reach: moved by the offset and grown by
    /// three standard deviations (beyond which the Gaussian leaves less than 0.2% behind).
    static func extent(of rect: CGRect, state s: LayerState) -> CGRect {
        guard !rect.isNull else { return rect }
        let reach = 3 * max(0, s.shadowRadius)
        return rect.offsetBy(dx: s.shadowOffset.width, dy: s.shadowOffset.height).insetBy(dx: -reach, dy: -reach)
    }
}

/// Recognises the shadow paths the closed-form shadow can draw: rectangles, rounded
/// rectangles with circular corners, and circles.
enum RoundedRectPath {
    /// The rectangle and corner radius of a path that is one of those shapes, or nil.
    static func match(_ path: CGPath) -> (CGRect, CGFloat)? {
        var rect = CGRect.null
        if path.isRect(&rect) { return (rect, 0) }
        guard case let .moveToPoint(start)? = path.elements.first else { return nil }
        let box = path.boundingBoxOfPath
        guard !box.isNull, box.width > 0, box.height > 0 else { return nil }
        let tolerance = 1e-6 * max(1, box.width, box.height)
        if abs(box.width - box.height) <= tolerance, matches(path, CGPath(ellipseIn: box, transform: nil), tolerance) {
            return (box, box.width / 2)
        }
        let radius = start.x - box.minX
        guard radius > 0, abs(start.y - box.minY) <= tolerance,
              matches(path, CGPath(roundedRect: box, cornerWidth: radius, cornerHeight: radius, transform: nil),
                      tolerance) else { return nil }
        return (box, radius)
    }

    /// Whether two paths have the same elements, point for point within `tolerance`.
    private static func matches(_ a: CGPath, _ b: CGPath, _ tolerance: CGFloat) -> Bool {
        let x = a.elements, y = b.elements
        guard x.count == y.count else { return false }
        for (p, q) in zip(x, y) {
            guard p.type == q.type else { return false }
            for (u, v) in zip(p.points, q.points) where abs(u.x - v.x) > tolerance || abs(u.y - v.y) > tolerance {
                return false
            }
        }
        return true
    }
}
