import CompositorCore
import Foundation

extension ClipTable {
    /// Canvas pixels kept between a rect and a clip's edge for the clip to cover the rect with
    /// coverage 1: its antialiasing ramp reaches half a pixel inside; rounded up to a pixel.
    static let wholeCoverageMarginPixels: Double = 1

    /// Whether every clip of the chain from `index` covers `rect` (in the local space that
    /// `transform` maps to canvas pixels) with coverage 1: true without a clip; otherwise each
    /// clip must be an axis-aligned scale and translation of its plane (the canvas rect of a
    /// layer that is not turned: the screen, a scroll view), and the rect's canvas bounds must lie
    /// inside its canvas rect, less its corner radii, by `wholeCoverageMarginPixels`.
    func coversWhole(_ rect: CGRect, transform m: Matrix4, from index: Int32?) -> Bool {
        guard index != nil else { return true }
        guard let bounds = Self.canvasBounds(of: rect, transform: m) else { return false }
        var next = index, visited = 0
        while let i = next, i >= 0, Int(i) < all.count {
            let clip = all[Int(i)], c = clip.transform
            guard visited < all.count, c.m12 == 0, c.m21 == 0, c.m14 == 0, c.m24 == 0, c.m44 == 1,
                  c.m11 > 0, c.m22 > 0 else { return false }
            let r = clip.cornerRadii
            let radius = Double(max(r.minXMinY, r.maxXMinY, r.maxXMaxY, r.minXMaxY, 0))
            let inset = Self.wholeCoverageMarginPixels
            let box = clip.rect.standardized
            let minX = Double(box.minX) * c.m11 + c.m41 + radius * c.m11 + inset
            let maxX = Double(box.maxX) * c.m11 + c.m41 - radius * c.m11 - inset
            let minY = Double(box.minY) * c.m22 + c.m42 + radius * c.m22 + inset
            let maxY = Double(box.maxY) * c.m22 + c.m42 - radius * c.m22 - inset
            guard bounds.minX >= minX, bounds.maxX <= maxX, bounds.minY >= minY, bounds.maxY <= maxY else { return false }
            next = clip.parentIndex
            visited += 1
        }
        return true
    }

    /// The canvas bounding box of `rect` under `transform` (the box of its corners, each in
    /// front of the eye: a plane's map is then convex over it), or nil when a corner is not.
    private static func canvasBounds(of rect: CGRect, transform m: Matrix4) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        let r = rect.standardized
        var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        for (x, y) in [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)] {
            let x = Double(x), y = Double(y)
            let w = x * m.m14 + y * m.m24 + m.m44
            guard w > 1e-9 else { return nil }
            let px = (x * m.m11 + y * m.m21 + m.m41) / w, py = (x * m.m12 + y * m.m22 + m.m42) / w
            guard px.isFinite, py.isFinite else { return nil }
            box = (min(box.minX, px), min(box.minY, py), max(box.maxX, px), max(box.maxY, py))
        }
        return box
    }
}
