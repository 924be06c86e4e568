import CompositorCore
import Foundation

/// The per-instance attributes of the uber quad shader: their layout in the instance buffer and
/// the geometry decisions made for each quad on the CPU (culling, blending, antialiasing margin).
enum QuadInstance {
    /// Floats per instance.
    static let stride = 57
    /// (attribute location, float offset, component count), matching quad.vert.glsl.
    static let attributes: [(location: GLuintIndex, offset: Int, components: Int)] = [
        (0, 0, 4), (1, 4, 4), (2, 8, 4), (3, 12, 4), (4, 16, 4), (5, 20, 4),
        (6, 24, 4), (7, 28, 4), (8, 32, 4), (9, 36, 4), (10, 40, 1),
        (11, 41, 4), (12, 45, 4), (13, 49, 4), (14, 53, 4),
    ]
    typealias GLuintIndex = UInt32

    /// Flag bits of the params attribute above the four edge bits (quad.frag.glsl's flag constants).
    static let textured = 16
    static let alphaTint = 32
    static let blurred = 64
    /// The sampler's magnification filter is nearest: the shader picks the texel itself
    /// (`sampleTexture` in quad.frag.glsl), as the CPU renderer does.
    static let nearestMagnification = 256
    /// The sampler's minification filter is nearest.
    static let nearestMinification = 512

    /// The nearest-filter flags of a sampler (`SamplerSet.key(minification:magnification:)`).
    @inline(__always)
    static func nearestFlags(samplerKey: Int) -> Int {
        (samplerKey % 2 == 0 ? nearestMagnification : 0) | (samplerKey / 2 == 0 ? nearestMinification : 0)
    }

    /// Whether the quad can be drawn with blending off: opaque, unclipped, square-cornered, and
    /// with edges that either are not antialiased or fall on pixel boundaries.
    @inline(__always)
    static func isOpaque(_ quad: Quad, clipped: Bool) -> Bool {
        // The texture asked for in place: a copy of its source retains its image, which many quads
        // share and the chunks of a run (`ChunkedQuadRun`) would contend for.
        guard quad.isOpaque, quad.opacity >= 1, quad.textureSampling != nil || quad.gradient != nil || quad.fillColor.alpha >= 1,
              !clipped, quad.blurSigma <= 0, quad.cornerRadii.isZero,
              quad.borderWidth == 0 || quad.borderColor.alpha >= 1 else { return false }
        return quad.antialiasedEdges & 0xF == 0 || isPixelAligned(quad)
    }

    private static func isPixelAligned(_ quad: Quad) -> Bool {
        let m = quad.transform
        guard m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 == 1 else { return false }
        func onPixelBoundary(_ value: Double) -> Bool { value == value.rounded() }
        return onPixelBoundary(quad.rect.minX * m.m11 + m.m41) && onPixelBoundary(quad.rect.maxX * m.m11 + m.m41)
            && onPixelBoundary(quad.rect.minY * m.m22 + m.m42) && onPixelBoundary(quad.rect.maxY * m.m22 + m.m42)
    }

    /// How far beyond its rect the quad is drawn, in local units: the antialiasing margin, plus
    /// 3 sigma for a blurred quad; half a pixel for a quad with only hard edges, so that the
    /// fragment stage's inside test (`BoundaryRule.hardEdgeNudge`), not the rasteriser's own
    /// rule for a pixel centre on a triangle's edge, decides the pixels on its edges, as the CPU
    /// renderer's test does.
    @inline(__always)
    static func drawnMargin(_ quad: Quad) -> Float {
        if quad.blurSigma > 0 { return 3 * quad.blurSigma + quad.antialiasingMargin }
        // The antialiasing margin is 1.5 pixels.
        return quad.antialiasedEdges & 0xF == 0 ? quad.antialiasingMargin / 3 : quad.antialiasingMargin
    }

    /// Whether the quad is a plain sprite, which the lean shader variant draws: an image (not a
    /// shadow's alpha tint) over a clear fill, with square corners, no border, blur, gradient or
    /// clip, and edges all antialiased or all hard.
    @inline(__always)
    static func isSprite(_ quad: Quad, textured: Bool, alphaTint: Bool, clip: ClipResolver.Resolution) -> Bool {
        let edges = quad.antialiasedEdges & 0xF, fill = quad.fillColor
        return textured && !alphaTint && quad.blurSigma <= 0 && quad.gradient == nil && quad.borderWidth <= 0
            && quad.cornerRadii.isZero && clip.tableIndex < 0 && clip.analytic == nil && (edges == 0 || edges == 0xF)
            && fill.red == 0 && fill.green == 0 && fill.blue == 0 && fill.alpha == 0
    }

    /// The shader features the quad needs.
    @inline(__always)
    static func features(_ quad: Quad, textured: Bool, alphaTint: Bool = false, clip: ClipResolver.Resolution) -> ShaderFeatures {
        var features: ShaderFeatures = isSprite(quad, textured: textured, alphaTint: alphaTint, clip: clip) ? .sprite : []
        if quad.blurSigma > 0 {
            features.insert(.blur)
        } else {
            if textured { features.insert(.textured) }
            if quad.antialiasedEdges & 0xF != 0xF { features.insert(.hardEdges) }
            if quad.borderWidth > 0 { features.insert(.border) }
        }
        if clip.tableIndex >= 0 { features.insert(.clipped) }
        if clip.analytic != nil { features.insert(.clipRect) }
        return features
    }

    /// Writes the attributes of `quad` at `out`; `margin` is `drawnMargin(quad)`. With
    /// `alphaTint`, the texture's alpha tints the fill colour (a shadow image).
    @inline(__always)
    static func write(_ quad: Quad, texture: (rect: SIMD4<Float>, clamp: SIMD4<Float>)?, alphaTint: Bool = false,
                      nearestFlags: Int = 0, clip: ClipResolver.Resolution, margin: Float,
                      into out: UnsafeMutablePointer<Float>) {
        // The rows without the z column, which makes only a z the shader never reads; written
        // so that a flat quad's rows end in (0, 1), which a packed array of two components
        // supplies (`PackedInstances`): (m11 m12 m14 1), (m21 m22 m24 1), (m41 m42 0 m44).
        let m = quad.transform
        out[0] = Float(m.m11); out[1] = Float(m.m12); out[2] = Float(m.m14); out[3] = 1
        out[4] = Float(m.m21); out[5] = Float(m.m22); out[6] = Float(m.m24); out[7] = 1
        out[8] = Float(m.m41); out[9] = Float(m.m42); out[10] = 0; out[11] = Float(m.m44)
        out[12] = Float(quad.rect.minX); out[13] = Float(quad.rect.minY)
        out[14] = Float(quad.rect.width); out[15] = Float(quad.rect.height)
        let f = quad.fillColor, b = quad.borderColor
        out[16] = f.red; out[17] = f.green; out[18] = f.blue; out[19] = f.alpha
        out[20] = b.red; out[21] = b.green; out[22] = b.blue; out[23] = b.alpha
        // Opaque quads keep their edge flags: they are opaque only when their edges are hard or
        // fall on pixel boundaries, where the distance field covers whole pixels anyway.
        let blurred = quad.blurSigma > 0
        let edges = blurred ? 0xF : Int(quad.antialiasedEdges & 0xF)
        var flags = edges
        if blurred {
            flags |= Self.blurred
        } else if texture != nil {
            flags |= (alphaTint ? Self.textured | Self.alphaTint : Self.textured) | nearestFlags
        }
        out[24] = blurred ? quad.blurSigma : quad.borderWidth
        out[25] = quad.opacity
        out[26] = Float(flags)
        out[27] = margin
        let r = quad.cornerRadii
        out[28] = r.minXMinY; out[29] = r.maxXMinY; out[30] = r.maxXMaxY; out[31] = r.minXMaxY
        let t = texture ?? (SIMD4(0, 0, 0, 0), SIMD4(0, 0, 0, 0))
        out[32] = t.rect.x; out[33] = t.rect.y; out[34] = t.rect.z; out[35] = t.rect.w
        out[36] = t.clamp.x; out[37] = t.clamp.y; out[38] = t.clamp.z; out[39] = t.clamp.w
        out[40] = Float(clip.tableIndex)
        let analytic = clip.analytic ?? .none
        out[41] = analytic.x.x; out[42] = analytic.x.y; out[43] = analytic.x.z; out[44] = analytic.x.w
        out[45] = analytic.y.x; out[46] = analytic.y.y; out[47] = analytic.y.z; out[48] = analytic.y.w
        out[49] = analytic.radii.x; out[50] = analytic.radii.y; out[51] = analytic.radii.z; out[52] = analytic.radii.w
        let tint = alphaTint ? PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1) : quad.textureTint
        out[53] = tint.red; out[54] = tint.green; out[55] = tint.blue; out[56] = tint.alpha
    }
}
