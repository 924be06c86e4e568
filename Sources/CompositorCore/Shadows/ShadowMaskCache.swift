import CoreGraphics
import Foundation

/// The blurred masks of the shadows a renderer draws, kept between frames under the renderer's
/// `CacheBudget`, so that a shadow costs a few textured quads instead of a Gaussian integral per
/// pixel per frame (as WebRender's box shadows and Skia's blur mask cache): (rounded) rectangles'
/// masks by size, radii, blur and scale, nine-patched when larger than their corners
/// (`ShadowNinePatch`), and `shadowPath` shapes' masks by coverage image and blur.
///
/// Both renderers pass each blurred quad through `drawShadow(_:_:)` and draw what it gives.
public final class ShadowMaskCache {
    private let masks: BudgetedCache<ShadowMaskCacheKey, ShadowMask>
    private var texelsBuiltThisFrame = 0

    /// Below this blur (in pixels) the mask's bilinear resampling would show: such shadows stay
    /// in closed form.
    public static let minimumPixelSigma: Float = 2
    /// Texels a frame may build before further new shapes are drawn in closed form that frame
    /// (shapes that change size every frame then cost no more than before). Path masks, which
    /// have no closed form, are always built.
    public static let texelsPerFrame = 4 << 20

    /// Mask texels per pixel along each axis.
    public static let texelsPerPixel: Float = 2

    /// The most quads `drawShadow(_:_:)` draws for one shadow (a nine-patch; each piece cut in
    /// up to four around a covered interior, `ShadowRing`).
    public static let maximumPieces = 36

    /// Whether a shadow's `coveredRect` is left undrawn (`ShadowRing`); the renderers set it from
    /// their options (`QC_DEBUG=whole-shadows` clears it). The pixels are the same either way.
    public var cutsCoveredInteriors = true

    /// Creates an empty cache following `budget`.
    public init(budget: CacheBudget) { masks = BudgetedCache(budget: budget) }

    /// The budget; a smaller one evicts at the end of the frame.
    public var budget: CacheBudget {
        get { masks.budget }
        set { masks.budget = newValue; masks.trim() }
    }

    /// Masks and bytes held.
    public var usage: CacheUsage { masks.usage }

    /// Starts a frame.
    public func beginFrame() {
        masks.beginFrame()
        texelsBuiltThisFrame = 0
    }

    /// Ends a frame: evicts masks by age (unless the frame does not `countForAge`) and beyond
    /// the byte limit.
    public func endFrame(countForAge: Bool = true) { masks.endFrame(countForAge: countForAge) }

    /// The bytes evicted since the last call.
    public func takeFreedBytes() -> Int { masks.takeFreedBytes() }

    /// Draws the blurred `quad` (`blurSigma > 0`) from its cached mask: calls `draw` with each
    /// quad that paints it (the mask texture tinted by the fill colour, in the same local space:
    /// one quad, or the pieces of a nine-patch; none when the shadow is too faint to change a
    /// pixel) and returns true. Returns false, drawing nothing, when the quad is not blurred, is
    /// a (rounded) rectangle whose transform is not affine in its plane (units per pixel would
    /// vary), whose blur is under `minimumPixelSigma` pixels, or whose mask cannot be had this
    /// frame: draw it in closed form. A blurred quad with a texture (a path's shadow) always
    /// returns true unless its mask would exceed `ShadowMask.maximumPathTexels`.
    public func drawShadow(_ quad: Quad, _ draw: (Quad) throws -> Void) rethrows -> Bool {
        guard quad.blurSigma > 0, quad.rect.width > 0, quad.rect.height > 0 else { return false }
        if let coverage = quad.texture { return try drawPathShadow(quad, coverage: coverage.image, draw) }
        guard let shape = Self.shape(for: quad) else { return false }
        let key = ShadowMaskCacheKey.shape(shape.key)
        let mask: ShadowMask
        if let kept = masks.value(for: key) {
            mask = kept
        } else {
            guard texelsBuiltThisFrame < Self.texelsPerFrame, let built = ShadowMask(shape.key) else { return false }
            keep(built, for: key)
            mask = built
        }
        let columns = mask.image.width, rows = mask.image.height
        guard let visible = mask.visibility.texels(forAlpha: quad.fillColor.alpha * quad.opacity, columns: columns, rows: rows) else {
            return true
        }
        let k = shape.key, pad = 3 * max(k.sigma, 1e-6) + 1 / k.density
        let unitX = Double(mask.extent.width) / Double(columns), unitY = Double(mask.extent.height) / Double(rows)
        let seamX = shape.stretch.x > 0 ? ShadowNinePatch.seam(pad: pad, low: shape.bands.x, sigma: k.sigma, density: k.density) : nil
        let seamY = shape.stretch.y > 0 ? ShadowNinePatch.seam(pad: pad, low: shape.bands.z, sigma: k.sigma, density: k.density) : nil
        let spansX = MaskSpans(texels: columns, visible: (visible.0, visible.2), origin: quad.rect.minX + mask.extent.minX, unit: unitX,
                               seam: seamX, stretch: Double(shape.stretch.x))
        let spansY = MaskSpans(texels: rows, visible: (visible.1, visible.3), origin: quad.rect.minY + mask.extent.minY, unit: unitY,
                               seam: seamY, stretch: Double(shape.stretch.y))
        try drawPieces(of: quad, mask: mask, spansX, spansY, draw)
        return true
    }

    /// The quads that paint a blurred quad (`drawShadow(_:_:)`), or nil where it draws none
    /// from a mask.
    public func shadowQuads(for quad: Quad) -> [Quad]? {
        var quads: [Quad] = []
        return drawShadow(quad) { quads.append($0) } ? quads : nil
    }

    /// A path's shadow: the blurred alpha of its coverage image.
    private func drawPathShadow(_ quad: Quad, coverage: CGImage, _ draw: (Quad) throws -> Void) rethrows -> Bool {
        // Coverage texels per local unit (the image covers the quad's rect).
        let density = Double(coverage.width) / Double(quad.rect.width)
        let sigma = Float(Double(quad.blurSigma) * density)
        let key = ShadowMaskCacheKey.path(PathMaskKey(coverage: coverage, sigma: sigma))
        let mask: ShadowMask
        if let kept = masks.value(for: key) {
            mask = kept
        } else {
            guard let built = ShadowMask(blurring: coverage, sigma: sigma) else { return false }
            keep(built, for: key)
            mask = built
        }
        let columns = mask.image.width, rows = mask.image.height
        guard let visible = mask.visibility.texels(forAlpha: quad.fillColor.alpha * quad.opacity, columns: columns, rows: rows) else {
            return true
        }
        // Local units per coverage texel; a mask the blur plan halved has fewer texels than its
        // extent (in coverage texels) spans, each covering several.
        let unitX = quad.rect.width / Double(coverage.width), unitY = quad.rect.height / Double(coverage.height)
        let texelX = unitX * mask.extent.width / Double(columns), texelY = unitY * mask.extent.height / Double(rows)
        let spansX = MaskSpans(texels: columns, visible: (visible.0, visible.2), origin: quad.rect.minX + mask.extent.minX * unitX,
                               unit: texelX, seam: nil, stretch: 0)
        let spansY = MaskSpans(texels: rows, visible: (visible.1, visible.3), origin: quad.rect.minY + mask.extent.minY * unitY,
                               unit: texelY, seam: nil, stretch: 0)
        try drawPieces(of: quad, mask: mask, spansX, spansY, draw)
        return true
    }

    private func keep(_ mask: ShadowMask, for key: ShadowMaskCacheKey) {
        texelsBuiltThisFrame += mask.image.width * mask.image.height
        masks.insert(mask, bytes: mask.bytes, for: key)
    }

    /// Draws the pieces of `mask` that the spans select, tinted by the quad's fill colour. Their
    /// edges are cut hard: pieces of a nine-patch tile without a seam, and the outer edges lie
    /// where the mask shows nothing (antialiased, they would only add a ring of fragments).
    private func drawPieces(of quad: Quad, mask: ShadowMask, _ spansX: MaskSpans, _ spansY: MaskSpans,
                            _ draw: (Quad) throws -> Void) rethrows {
        let columns = Double(mask.image.width), rows = Double(mask.image.height)
        // The hole, where cutting the shadow's whole visible rect around it pays (local units a
        // pixel at the smallest scale: `antialiasingMargin` is 1.5 pixels); each piece of a
        // nine-patch is then cut where it meets it.
        var hole = cutsCoveredInteriors ? quad.coveredRect.flatMap { ShadowRing.hole(in: $0, transform: quad.transform) } : nil
        if let candidate = hole, spansX.count > 0, spansY.count > 0 {
            let x = (spansX[0].start, spansX[spansX.count - 1].end), y = (spansY[0].start, spansY[spansY.count - 1].end)
            let visible = CGRect(x: x.0, y: y.0, width: x.1 - x.0, height: y.1 - y.0)
            if ShadowRing.pieces(of: visible, around: candidate, unitsPerPixel: Double(quad.antialiasingMargin) / 1.5).count < 2 { hole = nil }
        }
        for j in 0..<spansY.count {
            let y = spansY[j]
            for i in 0..<spansX.count {
                let x = spansX[i]
                let unitRect = CGRect(x: Double(x.firstTexel) / columns, y: Double(y.firstTexel) / rows,
                                      width: Double(x.endTexel - x.firstTexel) / columns, height: Double(y.endTexel - y.firstTexel) / rows)
                let rect = CGRect(x: x.start, y: y.start, width: x.end - x.start, height: y.end - y.start)
                guard let hole else {
                    try draw(Self.piece(of: quad, mask: mask, rect: rect, unitRect: unitRect))
                    continue
                }
                let ring = ShadowRing.pieces(of: rect, around: hole)
                for k in 0..<ring.count {
                    try draw(Self.piece(of: quad, mask: mask, rect: ring[k], unitRect: Self.unitRect(of: ring[k], in: rect, unitRect)))
                }
            }
        }
    }

    /// A quad painting the texels `unitRect` of `mask` over `rect`, tinted by the shadow's colour.
    private static func piece(of quad: Quad, mask: ShadowMask, rect: CGRect, unitRect: CGRect) -> Quad {
        var piece = Quad(transform: quad.transform, rect: rect, fillColor: .clear,
                         texture: TextureSource(image: mask.image, unitRect: unitRect), opacity: quad.opacity,
                         clipIndex: quad.clipIndex, isDoubleSided: quad.isDoubleSided, antialiasedEdges: 0,
                         blendMode: quad.blendMode)
        piece.textureTint = quad.fillColor
        return piece
    }

    /// The part of `unitRect` (drawn over `whole`) that falls over `part` of it.
    private static func unitRect(of part: CGRect, in whole: CGRect, _ unitRect: CGRect) -> CGRect {
        if part == whole { return unitRect }
        let sx = unitRect.width / whole.width, sy = unitRect.height / whole.height
        return CGRect(x: unitRect.minX + (part.minX - whole.minX) * sx, y: unitRect.minY + (part.minY - whole.minY) * sy,
                      width: part.width * sx, height: part.height * sy)
    }

    /// What a (rounded) rectangle's mask is made for: the key (the prototype's size where the
    /// shadow is nine-patched), how much longer than the prototype the shape is along each axis
    /// (0: not stretched), and its corner bands (minX, maxX, minY, maxY sides: the larger radius).
    struct Shape {
        var key: ShadowMaskKey
        var stretch: SIMD2<Float>
        var bands: SIMD4<Float>
    }

    /// The mask shape of a blurred quad, or nil where a mask does not apply.
    static func shape(for quad: Quad) -> Shape? {
        guard let key = key(for: quad) else { return nil }
        let r = key.radii
        let bands = SIMD4(max(r.x, r.w), max(r.y, r.z), max(r.x, r.y), max(r.z, r.w))
        var shape = Shape(key: key, stretch: .zero, bands: bands)
        if let width = ShadowNinePatch.prototypeLength(key.width, low: bands.x, high: bands.y, sigma: key.sigma, density: key.density) {
            shape.stretch.x = key.width - width
            shape.key.width = width
        }
        if let height = ShadowNinePatch.prototypeLength(key.height, low: bands.z, high: bands.w, sigma: key.sigma, density: key.density) {
            shape.stretch.y = key.height - height
            shape.key.height = height
        }
        return shape
    }

    /// The mask key of a blurred quad drawn whole (radii capped at half the shorter side), or
    /// nil where a mask does not apply.
    static func key(for quad: Quad) -> ShadowMaskKey? {
        let m = quad.transform
        // Affine in the quad's plane: w does not vary across it.
        guard m.m14 == 0, m.m24 == 0, m.m44 > 0 else { return nil }
        let sx = (m.m11 * m.m11 + m.m12 * m.m12).squareRoot() / m.m44
        let sy = (m.m21 * m.m21 + m.m22 * m.m22).squareRoot() / m.m44
        // Pixels per unit, to 1/256: a turning layer's scale wobbles in its last bits, and must
        // find the same mask.
        let large = Float((max(sx, sy) * 256).rounded() / 256), small = Float((min(sx, sy) * 256).rounded() / 256)
        guard small > 0, large.isFinite, quad.blurSigma * small >= minimumPixelSigma else { return nil }
        // Two texels a pixel: the pixels' centres fall anywhere between the texels', and
        // bilinear interpolation of a Gaussian edge at half a pixel's spacing stays within a
        // fraction of a byte of the closed form (a texel a pixel would be a byte off at sigma 3).
        let r = quad.cornerRadii
        let width = Float(quad.rect.width), height = Float(quad.rect.height)
        // Capped as the closed form caps them, so that a nine-patch's prototype keeps the radii.
        let cap = max(min(width, height) * 0.5, 0)
        let radii = SIMD4(min(r.minXMinY, cap), min(r.maxXMinY, cap), min(r.maxXMaxY, cap), min(r.minXMaxY, cap))
        // The blur widened by the pixel's footprint, as the closed-form shaders do.
        let sigma = BlurredRoundedRect.effectiveSigma(quad.blurSigma, unitsPerPixel: 1 / small)
        return ShadowMaskKey(width: width, height: height, radii: radii, sigma: sigma, density: texelsPerPixel * large)
    }
}

/// What a cached mask is looked up by.
enum ShadowMaskCacheKey: Hashable {
    /// A (rounded) rectangle's mask.
    case shape(ShadowMaskKey)
    /// A path's mask.
    case path(PathMaskKey)
}

/// A path's mask: its coverage image (by identity: the image is made once per path and scale,
/// and the key keeps it alive, so its identity is not reused while the mask is kept) and the
/// blur in texels of that image.
struct PathMaskKey: Hashable {
    let coverage: CGImage
    let sigma: Float

    static func == (a: PathMaskKey, b: PathMaskKey) -> Bool { a.coverage === b.coverage && a.sigma == b.sigma }
    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(coverage))
        hasher.combine(sigma)
    }
}
