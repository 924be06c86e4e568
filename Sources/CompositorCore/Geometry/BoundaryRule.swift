/// How both renderers decide a sample that falls exactly on a boundary, the same way whatever
/// their arithmetic's rounding.
///
/// Exact geometry puts texel boundaries and hard edges exactly on pixel centres (a 32-texel
/// image stretched over 130 points has a texel boundary on a pixel centre every 16 texels; a
/// layer at x = 10.5 has its edge on one). A GPU interpolates texture coordinates and local
/// positions with rounding of its own and may land on either side (an NVIDIA H200 differed from
/// the CPU renderer on 647 pixels of the `sprites` scene): so both renderers move every such
/// decision off the values exact geometry gives by a small nudge, the same in quad.frag.glsl
/// (`nearestTexelNudge`, `hardEdgeNudge`), larger than any rounding of either.
public enum BoundaryRule {
    /// A nearest-filtered sample reads the texel holding its coordinate moved on by this many
    /// pixels' worth of texels (the footprint, texels per pixel, times this): a coordinate on a
    /// texel boundary reads the texel that begins there on every renderer, and a coordinate
    /// would have to lie within rounding of 0.01 pixel before a boundary (no value a scene's
    /// exact geometry gives) to be read differently. In pixels, so that a texture magnified
    /// many times moves its texel boundaries by no visible amount.
    public static let nearestPixelNudge: Float = 0.01

    /// A hard (not antialiased) edge's inside test is made at the pixel centre's local position
    /// moved this many local units further on: a centre exactly on a min side is inside and one
    /// exactly on a max side outside, on every renderer.
    public static let hardEdgeNudge: Float = 0.002
}
