import CoreGraphics

/// The blurred masks of the (rounded) rectangle shadows a renderer draws, kept between frames
/// under the renderer's `CacheBudget`, so that a shadow costs a textured quad instead of a
/// Gaussian integral per pixel per frame (as WebRender's box shadows and Skia's blur mask cache).
///
/// Both renderers pass each blurred quad through `texturedShadow(for:)` and draw what it returns.
public final class ShadowMaskCache {
    private let masks: BudgetedCache<ShadowMaskKey, ShadowMask>
    private var texelsBuiltThisFrame = 0

    /// Below this blur (in pixels) the mask's bilinear resampling would show: such shadows stay
    /// in closed form.
    public static let minimumPixelSigma: Float = 2
    /// Texels a frame may build before further new shapes are drawn in closed form that frame
    /// (shapes that change size every frame then cost no more than before).
    public static let texelsPerFrame = 4 << 20

    /// Mask texels per pixel along each axis.
    public static let texelsPerPixel: Float = 2

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

    /// A quad drawing the blurred `quad` (`blurSigma > 0`) from its cached mask: the mask
    /// texture tinted by the fill colour, in the same local space. Nil when the quad is not
    /// blurred, its transform is not affine in its plane (units per pixel would vary), the blur
    /// is under `minimumPixelSigma` pixels, or no mask can be had this frame: draw it in closed form.
    public func texturedShadow(for quad: Quad) -> Quad? {
        guard quad.blurSigma > 0, quad.rect.width > 0, quad.rect.height > 0,
              let key = Self.key(for: quad) else { return nil }
        let mask: ShadowMask
        if let kept = masks.value(for: key) {
            mask = kept
        } else {
            guard texelsBuiltThisFrame < Self.texelsPerFrame, let built = ShadowMask(key) else { return nil }
            texelsBuiltThisFrame += built.image.width * built.image.height
            masks.insert(built, bytes: built.bytes, for: key)
            mask = built
        }
        let r = quad.rect
        var drawn = Quad(transform: quad.transform, rect: mask.extent.offsetBy(dx: r.minX, dy: r.minY),
                         fillColor: .clear, texture: TextureSource(image: mask.image), opacity: quad.opacity,
                         clipIndex: quad.clipIndex, isDoubleSided: quad.isDoubleSided, antialiasedEdges: 0,
                         blendMode: quad.blendMode)
        drawn.textureTint = quad.fillColor
        return drawn
    }

    /// The mask key of a blurred quad, or nil where a mask does not apply.
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
        // The blur widened by the pixel's footprint, as the closed-form shaders do.
        let sigma = BlurredRoundedRect.effectiveSigma(quad.blurSigma, unitsPerPixel: 1 / small)
        return ShadowMaskKey(width: Float(quad.rect.width), height: Float(quad.rect.height),
                             radii: SIMD4(r.minXMinY, r.maxXMinY, r.maxXMaxY, r.minXMaxY), sigma: sigma, density: texelsPerPixel * large)
    }
}
