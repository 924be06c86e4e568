import CompositorCore
import CoreGraphics
import Foundation

/// Chooses, per quad, how the shader evaluates its clips: the cheapest method that is exact.
///
/// Which case takes which path:
/// - **No clip at all**: a clip that contains the quad's drawn area (its rect outset by the
///   antialiasing margin, or by 3 sigma when blurred) is dropped, since its coverage there is 1.
///   Likewise a clip's ancestor that contains the clip is dropped from its chain (for every
///   quad, once per frame). Containment is tested where the two share a plane.
/// - **Analytic clip** (instance attributes, `QC_CLIP_RECT`): the innermost remaining clip whose
///   plane is the quad's plane, that is whose local space is a 2D affine map of the quad's local
///   space (same transform, or the quad rotated, scaled or translated within the clip's plane, as
///   a child of a `masksToBounds` layer). The map, the clip's half size and radii travel with the
///   quad, and the fragment stage evaluates the rounded-rect distance directly: no texture fetch.
/// - **Clip table walk** (`QC_CLIPPED`): every remaining clip, i.e. clips in another plane than
///   the quad (a 3D-rotated or perspective child of a flat clipping parent, or the reverse), and
///   the outer clips of a nested chain once the innermost is analytic. The shader reads each
///   clip's inverse homography from the table and follows the chain.
final class ClipResolver {
    /// The analytic clip of one quad, as its three instance attributes.
    struct AnalyticClip {
        /// Row for the centred clip-local x: (a, b, c, half width), x' = a·x + b·y + c.
        var x: SIMD4<Float>
        /// Row for the centred clip-local y: (a, b, c, half height).
        var y: SIMD4<Float>
        /// Corner radii in clip-local units.
        var radii: SIMD4<Float>

        /// Attributes that clip nothing, for quads without an analytic clip in an analytic batch.
        static let none = AnalyticClip(x: SIMD4(0, 0, 0, 1e15), y: SIMD4(0, 0, 0, 1e15), radii: .zero)
    }

    /// How one quad is clipped.
    struct Resolution {
        /// The clip evaluated from instance attributes, if any.
        var analytic: AnalyticClip?
        /// The first clip the shader walks in the table, or -1.
        var tableIndex: Int32
    }

    /// When false, every clip goes through the table (for comparing the two paths).
    var analyticClipsEnabled = true
    private var clips: [Clip] = []
    private var inverses: [Homography?] = []
    private var parents: [Int32] = []

    /// The number of clips this frame.
    var count: Int { clips.count }
    func clip(_ index: Int) -> Clip { clips[index] }
    /// The inverse of the clip's plane homography, nil when the plane is seen edge-on.
    func inverse(_ index: Int) -> Homography? { inverses[index] }
    /// The parent the table walk follows: the nearest ancestor that does not contain the clip.
    func tableParent(_ index: Int) -> Int32 { parents[index] }

    /// Takes the frame's clips and shortens their chains.
    func prepare(_ frameClips: [Clip]) {
        clips = frameClips
        inverses = frameClips.map { Homography(plane: $0.transform).inverse }
        parents = frameClips.indices.map { index in
            var parent = validParent(of: index)
            var steps = 0
            while parent >= 0, steps < 64, contains(Int(parent), clipAt: index) {
                parent = validParent(of: Int(parent))
                steps += 1
            }
            return steps < 64 ? parent : validParent(of: index)
        }
    }

    /// Resolves the clip chain starting at `index` for a quad with `transform` and `rect`,
    /// drawn up to `margin` local units beyond its rect.
    func resolve(_ index: Int32?, transform: Matrix4, rect: CGRect, margin: Double) -> Resolution {
        guard let index, index >= 0, Int(index) < clips.count else { return Resolution(analytic: nil, tableIndex: -1) }
        guard analyticClipsEnabled else { return Resolution(analytic: nil, tableIndex: index) }
        let plane = Homography(plane: transform)
        let drawn = rect.standardized.insetBy(dx: -margin, dy: -margin)
        let extent = max(Swift.abs(drawn.minX), Swift.abs(drawn.maxX), Swift.abs(drawn.minY), Swift.abs(drawn.maxY))
        var current = index
        var analytic: AnalyticClip?
        var steps = 0
        while current >= 0, steps < 64 {
            steps += 1
            guard let inverse = inverses[Int(current)],
                  let map = plane.concatenating(inverse).affine(within: Double(extent)) else { break }
            let clip = clips[Int(current)]
            if Self.contains(clip, drawn, mappedBy: map) {
                current = parents[Int(current)]
                continue
            }
            if analytic != nil { break }
            analytic = Self.analyticClip(clip, map: map)
            current = parents[Int(current)]
        }
        return Resolution(analytic: analytic, tableIndex: current)
    }

    private func validParent(of index: Int) -> Int32 {
        guard let parent = clips[index].parentIndex, parent >= 0, Int(parent) < clips.count, Int(parent) != index else { return -1 }
        return parent
    }

    /// Whether clip `outer` contains clip `inner`'s rect, when the two share a plane.
    private func contains(_ outer: Int, clipAt inner: Int) -> Bool {
        guard let inverse = inverses[outer] else { return false }
        let rect = clips[inner].rect.standardized
        let extent = max(Swift.abs(rect.minX), Swift.abs(rect.maxX), Swift.abs(rect.minY), Swift.abs(rect.maxY))
        guard let map = Homography(plane: clips[inner].transform).concatenating(inverse).affine(within: Double(extent)) else { return false }
        return Self.contains(clips[outer], rect, mappedBy: map)
    }

    /// Whether the four corners of `rect`, mapped into the clip's space, lie in the clip's rounded
    /// rect; both are convex, so the whole rect then does.
    private static func contains(_ clip: Clip, _ rect: CGRect, mappedBy map: Homography) -> Bool {
        let bounds = clip.rect.standardized
        for corner in 0..<4 {
            let p = map.apply(Double(corner & 1 == 0 ? rect.minX : rect.maxX), Double(corner < 2 ? rect.minY : rect.maxY))
            if roundedRectDistance(p.x, p.y, bounds, clip.cornerRadii) > 0 { return false }
        }
        return true
    }

    private static func analyticClip(_ clip: Clip, map: Homography) -> AnalyticClip {
        let bounds = clip.rect.standardized
        let cx = Double(bounds.midX), cy = Double(bounds.midY)
        let r = clip.cornerRadii
        return AnalyticClip(
            x: SIMD4(Float(map.row0.x), Float(map.row1.x), Float(map.row2.x - cx), Float(bounds.width / 2)),
            y: SIMD4(Float(map.row0.y), Float(map.row1.y), Float(map.row2.y - cy), Float(bounds.height / 2)),
            radii: SIMD4(r.minXMinY, r.maxXMinY, r.maxXMaxY, r.minXMaxY))
    }

    /// The signed distance to a rounded rect (negative inside), as quad.frag.glsl computes it.
    static func roundedRectDistance(_ x: Double, _ y: Double, _ rect: CGRect, _ radii: CornerRadii) -> Double {
        let halfWidth = Double(rect.width) / 2, halfHeight = Double(rect.height) / 2
        let dx = x - Double(rect.midX), dy = y - Double(rect.midY)
        var r = Double(dx < 0 ? (dy < 0 ? radii.minXMinY : radii.minXMaxY) : (dy < 0 ? radii.maxXMinY : radii.maxXMaxY))
        r = min(max(r, 0), min(halfWidth, halfHeight))
        let qx = Swift.abs(dx) - halfWidth + r, qy = Swift.abs(dy) - halfHeight + r
        return min(max(qx, qy), 0) + (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() - r
    }
}
