import CGLES3
import CompositorCore

/// Writes one quad's instance from the quad, its texture binding and the frame's clips alone,
/// touching no encoder state: the one code path for quads encoded one by one and for runs of
/// quads encoded in chunks on several threads (`ChunkedQuadRun`).
///
/// Sendable for the chunks: the clip resolver is only read while a frame's instances are written
/// (`ClipResolver.prepare` runs before).
struct InstanceWriter: @unchecked Sendable {
    /// A quad's texture, sampler and texture coordinates.
    typealias Binding = (texture: GLuint, samplerKey: Int, coordinates: (rect: SIMD4<Float>, clamp: SIMD4<Float>))

    /// The frame's clips.
    let clips: ClipResolver
    /// Whether quads with an analytic clip are drawn as only the part their clip can cover.
    let clipShrinking: Bool
    /// Whether plain sprites are drawn by the lean shader variant.
    let spriteVariant: Bool

    /// How a drawn quad (not a group's image) is clipped and blended, and the margin its
    /// instance is drawn with.
    ///
    /// Drawn with blending off, a quad with antialiased edges is drawn without its margin: its
    /// edges lie on pixel boundaries, so the margin holds no pixel centre it covers, and a
    /// fragment there whose coverage rounds to a few millionths instead of zero would replace
    /// the pixel beneath with almost nothing. Hard edges cover exactly 0 or 1 (square corners:
    /// `isOpaque`), so such a quad keeps its margin (`drawnMargin`).
    @inline(__always)
    func drawnState(of quad: Quad) -> (clip: ClipResolver.Resolution, blend: BatchBlend, margin: Float) {
        let margin = QuadInstance.drawnMargin(quad)
        let clip = clips.resolve(quad.clipIndex, transform: quad.transform, rect: quad.rect, margin: Double(margin))
        let clipped = clip.analytic != nil || clip.tableIndex >= 0
        let blend: BatchBlend = quad.blendMode == .plusLighter ? .additive
            : QuadInstance.isOpaque(quad, clipped: clipped) ? .replace : .sourceOver
        let antialiased = quad.antialiasedEdges & 0xF != 0
        return (clip, blend, blend == .replace && antialiased ? 0 : margin)
    }

    /// How a quad showing a target's image is clipped, and its margin.
    @inline(__always)
    func imageState(of quad: Quad) -> (clip: ClipResolver.Resolution, margin: Float) {
        let margin = QuadInstance.drawnMargin(quad)
        return (clips.resolve(quad.clipIndex, transform: quad.transform, rect: quad.rect, margin: Double(margin)), margin)
    }

    /// Writes the instance of `quad` at `out` and returns the shader features it needs and the
    /// part of its rect an analytic clip shrank it to (nil when drawn whole).
    @inline(__always)
    func write(_ quad: Quad, binding: Binding?, alphaTint: Bool, gradient: Bool, video: Bool,
               clip: ClipResolver.Resolution, margin: Float, into out: UnsafeMutablePointer<Float>)
        -> (features: ShaderFeatures, drawn: SIMD4<Double>?) {
        QuadInstance.write(quad, texture: binding?.coordinates, alphaTint: alphaTint,
                           nearestFlags: binding.map { QuadInstance.nearestFlags(samplerKey: $0.samplerKey) } ?? 0,
                           clip: clip, margin: margin, into: out)
        let drawn = clipShrinking ? ClippedQuadGeometry.drawnRect(of: quad, margin: margin, textured: binding != nil, clip: clip) : nil
        if let drawn { ClippedQuadGeometry.write(drawn, into: out) }
        var features = QuadInstance.features(quad, textured: binding != nil, alphaTint: alphaTint, clip: clip)
        if gradient { features.insert(.gradient) }
        if video { features.insert(.video) }
        if !spriteVariant { features.remove(.sprite) }
        return (features, drawn)
    }

    /// The canvas pixels a quad of the canvas pass can change: those its written instance can
    /// change (`InstancePixelBounds`), which also cut them by its analytic clip and leave out the
    /// pixel or two of antialiasing margin that the coarser damage bounds of a quad in perspective
    /// or with colours beyond 1 round outward to, so that a damage rectangle next to the quad does
    /// not draw it. A quad those bounds give the whole pass (in perspective) is cut to its damage bounds.
    static func canvasBounds(of quad: Quad, written instance: UnsafePointer<Float>, analyticClip: Bool, replaces: Bool,
                             width: Int, height: Int) -> SIMD4<Int32> {
        let exact = InstancePixelBounds.of(instance, analyticClip: analyticClip, blurred: quad.blurSigma > 0, replaces: replaces,
                                           width: width, height: height)
        guard exact == SIMD4(0, 0, Int32(clamping: width), Int32(clamping: height)) else { return exact }
        guard let r = DamageBounds.of(quad).map(DamageBounds.pixels) else { return exact }
        return SIMD4(max(Int32(clamping: r.x), exact.x), max(Int32(clamping: r.y), exact.y),
                     min(Int32(clamping: r.x + r.width), exact.z), min(Int32(clamping: r.y + r.height), exact.w))
    }
}
