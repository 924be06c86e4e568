import Foundation
import CoreGraphics

/// The canvas pixels a drawable can change: what the damage tracker damages when the drawable
/// changes, and what the renderers test against a damage region to skip drawables that cannot
/// touch it.
public enum DamageBounds {
    /// How far beyond a quad's shape, in its local units per pixel, the centre of a pixel it
    /// changes can lie: both renderers' edge coverage is `0.5 − distance / unitsPerPixel`, and
    /// a fragment changes an 8-bit pixel only when its premultiplied output reaches half a level
    /// (1/510), below which source-over and additive blending round back to the pixel's value; the
    /// output is at most the coverage when colours and opacity are at most 1. 1/2048 more covers
    /// the renderers' single-precision rounding (~1e-4 pixel), still short of the next pixel
    /// centre beyond an edge on a pixel boundary.
    public static let coverageReach = 0.5 - 1.0 / 510 + 1.0 / 2048

    /// `coverageReach` for a quad drawn with blending off (one marked opaque may be), where a
    /// fragment of any positive coverage replaces its pixel: half a pixel, and 1/2048 more for
    /// the centres exactly half a pixel out that rounding may put nearer.
    public static let replacingReach = 0.5 + 1.0 / 2048

    /// The pixels a quad can change, before clipping, as a rect of whole pixels (empty when it
    /// changes none); nil when a corner lies behind the eye.
    ///
    /// An affine quad whose colours and opacity are at most 1 (`AffineQuadPixels`) gets the
    /// pixels whose centres lie within `coverageReach` (`replacingReach` when marked opaque)
    /// times its local units per pixel of its rounded rect (a blurred one: within the reach of
    /// either renderer's blur); any other quad
    /// its rect grown by its blur (3 sigma), projected, grown by one pixel for antialiasing and
    /// rounded outward.
    public static func of(_ quad: Quad) -> CGRect? {
        if let pixels = AffineQuadPixels.of(quad) { return pixels }
        let outset = CGFloat(max(0, quad.blurSigma) * 3)
        return project(quad.rect.insetBy(dx: -outset, dy: -outset), quad.transform)
    }

    /// The pixels a group can touch, before clipping: its composited rect (its content cannot
    /// leave it) united with its shadow's, projected and grown by one pixel; nil when a corner
    /// lies behind the eye.
    public static func of(_ group: CompositingGroup) -> CGRect? {
        var local = group.rect
        if let shadow = group.shadow, group.pixelWidth > 0, group.pixelHeight > 0 {
            // The shadow is offset and blurred in the group's pixels; grow the local rect by as much.
            let sx = group.rect.width / CGFloat(group.pixelWidth), sy = group.rect.height / CGFloat(group.pixelHeight)
            let blur = CGFloat(max(0, shadow.sigma) * 3)
            let shadowRect = group.rect.offsetBy(dx: CGFloat(shadow.offsetX) * sx, dy: CGFloat(shadow.offsetY) * sy)
                .insetBy(dx: -blur * sx, dy: -blur * sy)
            local = local.union(shadowRect)
        }
        return project(local, group.transform)
    }

    /// `bounds` cut by the bounds of the clip chain starting at `clipIndex` in `list` (a clip
    /// whose projection cannot be bounded does not cut), as whole pixels.
    public static func clipped(_ bounds: CGRect, by clipIndex: Int32?, in list: DrawList) -> PixelRect {
        var box = bounds
        if clipIndex != nil {
            for clip in list.clipChain(from: clipIndex) {
                if let clipBox = project(clip.rect, clip.transform) { box = box.intersection(clipBox) }
            }
        }
        return pixels(box)
    }

    /// The whole pixels enclosing `rect`, its coordinates first limited to ±2^30 so that a
    /// projection close to the eye cannot overflow.
    public static func pixels(_ rect: CGRect) -> PixelRect {
        guard !rect.isNull, !rect.isEmpty else { return .empty }
        let limit = CGFloat(1 << 30)
        let x0 = min(max(rect.minX, -limit), limit), x1 = min(max(rect.maxX, -limit), limit)
        let y0 = min(max(rect.minY, -limit), limit), y1 = min(max(rect.maxY, -limit), limit)
        return PixelRect(enclosing: CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }

    /// The bounding box of a rectangle's projected corners, grown by one pixel for
    /// antialiasing; nil when a corner lies behind the eye (w not positive).
    public static func project(_ rect: CGRect, _ m: Matrix4) -> CGRect? {
        let x0 = Double(rect.minX), x1 = Double(rect.maxX), y0 = Double(rect.minY), y1 = Double(rect.maxY)
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        @inline(__always) func add(_ x: Double, _ y: Double) -> Bool {
            let w = x * m.m14 + y * m.m24 + m.m44
            guard w > 1e-9 else { return false }
            let px = (x * m.m11 + y * m.m21 + m.m41) / w, py = (x * m.m12 + y * m.m22 + m.m42) / w
            minX = min(minX, px); maxX = max(maxX, px); minY = min(minY, py); maxY = max(maxY, py)
            return true
        }
        guard add(x0, y0), add(x1, y0), add(x1, y1), add(x0, y1) else { return nil }
        return CGRect(x: minX - 1, y: minY - 1, width: maxX - minX + 2, height: maxY - minY + 2)
    }
}
