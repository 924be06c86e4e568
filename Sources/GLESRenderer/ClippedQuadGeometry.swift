import CompositorCore

/// Quads drawn as only the part of their rect that their clip can cover.
///
/// A quad with an analytic clip (`ClipResolver`) is often mostly outside it: a child overflowing
/// a `masksToBounds` parent. Rasterizing the whole quad shades every fragment outside the clip
/// only for its coverage to come out zero. Instead, the vertex stage (quad.vert.glsl's
/// `clippedStripVertex`) cuts the drawn rect by the four sides of the clip's box, grown by a
/// little more than half the clip's units per pixel (beyond which its coverage is zero), in the
/// quad's own plane. The result is a convex polygon of up to eight vertices, drawn as an
/// eight-vertex triangle strip. Every pixel with non-zero coverage is still shaded, with the
/// same values, so the pixels do not change.
///
/// The cut is made only where the clip's units per pixel are the same everywhere: an affine
/// quad (no perspective), whose clip is then affine too. Quads of a clipped batch that are not
/// cut are drawn by the same eight vertices, the last repeated, as the plain four-vertex strip.
enum ClippedQuadGeometry {
    /// The params attribute's flag bit (quad.vert.glsl's `flagShrunkToClip`) that asks the
    /// vertex stage to cut the quad to its clip's box.
    static let shrunkToClipFlag = 128
    /// The offset of the flags in an instance (`QuadInstance.write`'s params attribute, z).
    private static let flagsOffset = 26

    /// The vertices per instance in a batch that needs `features`: eight where the vertex
    /// stage cuts quads to their clip (an analytic clip, no damage rectangle), else four.
    static func vertexCount(for features: ShaderFeatures) -> Int32 {
        features.contains(.clipRect) && !features.contains(.damage) ? 8 : 4
    }

    /// Whether the vertex stage cuts `quad` to its clip: it has an analytic clip and an affine
    /// transform.
    @inline(__always)
    static func cuts(_ quad: Quad, clip: ClipResolver.Resolution) -> Bool {
        let m = quad.transform
        return clip.analytic != nil && m.m14 == 0 && m.m24 == 0 && m.m44 == 1
    }

    /// Flags the instance written at `instance` for cutting.
    @inline(__always)
    static func markShrunkToClip(_ instance: UnsafeMutablePointer<Float>) {
        instance[flagsOffset] = Float(Int(instance[flagsOffset]) | shrunkToClipFlag)
    }
}
