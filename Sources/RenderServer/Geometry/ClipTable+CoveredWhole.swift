import CompositorCore
import Foundation

extension ClipTable {
    /// Whether every clip of the chain from `index` covers `rect` (in the local space that
    /// `transform` maps to canvas pixels) with coverage 1: true without a clip; otherwise each
    /// clip must be an axis-aligned scale and translation of its plane (the canvas rect of a
    /// layer that is not turned: the screen, a scroll view), and the rect's canvas bounds must lie
    /// inside its canvas rect, less its corner radii (the box is `DamageBounds.project`'s, grown by
    /// the pixel a clip's antialiasing ramp reaches inside its edge).
    func coversWhole(_ rect: CGRect, transform m: Matrix4, from index: Int32?) -> Bool {
        guard index != nil else { return true }
        guard let box = DamageBounds.project(rect, m) else { return false }
        let bounds = (minX: Double(box.minX), minY: Double(box.minY), maxX: Double(box.maxX), maxY: Double(box.maxY))
        var next = index, visited = 0
        while let i = next, i >= 0, Int(i) < all.count {
            let clip = all[Int(i)], c = clip.transform
            guard visited < all.count, c.m12 == 0, c.m21 == 0, c.m14 == 0, c.m24 == 0, c.m44 == 1,
                  c.m11 > 0, c.m22 > 0 else { return false }
            let r = clip.cornerRadii
            let radius = Double(max(r.minXMinY, r.maxXMinY, r.maxXMaxY, r.minXMaxY, 0))
            let clipRect = clip.rect.standardized
            let minX = Double(clipRect.minX) * c.m11 + c.m41 + radius * c.m11
            let maxX = Double(clipRect.maxX) * c.m11 + c.m41 - radius * c.m11
            let minY = Double(clipRect.minY) * c.m22 + c.m42 + radius * c.m22
            let maxY = Double(clipRect.maxY) * c.m22 + c.m42 - radius * c.m22
            guard bounds.minX >= minX, bounds.maxX <= maxX, bounds.minY >= minY, bounds.maxY <= maxY else { return false }
            next = clip.parentIndex
            visited += 1
        }
        return true
    }
}
