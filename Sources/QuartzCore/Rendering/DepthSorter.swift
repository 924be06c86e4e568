import Foundation

/// Orders the layers of a transform layer's 3D subtree back to front (000:575; 001:3096-3222).
///
/// Each plain layer of the subtree is one item, drawn with its own flattened subtree. Items are
/// ordered by the depth of their projected centre: the mean of z / w of their four corners in
/// the 3D space of the transform layer's superlayer (after its `sublayerTransform`, so a camera
/// turned with it counts), where a larger z is nearer the viewer. Items at equal depth keep the
/// order of the sublayers (a consistent order for faces that intersect or touch). Quads are not
/// split; for a convex solid such as the book's cube the order is exact.
enum DepthSorter {
    /// The depth of `rect` under `scene` (its space to the sorting space); `-infinity` when every
    /// corner is behind the eye, so that such items draw first.
    static func depth(of rect: CGRect, scene m: CATransform3D) -> CGFloat {
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
        var sum: CGFloat = 0
        var count = 0
        for (x, y) in corners {
            let h = m.transform(x: x, y: y, z: 0)
            guard h.w > CATransform3D.minimumProjectedW, h.w.isFinite else { continue }
            sum += h.z / h.w
            count += 1
        }
        return count > 0 ? sum / CGFloat(count) : -.infinity
    }

    /// The indices of `depths` back to front (ascending depth, ties in their given order).
    static func backToFront(_ depths: [CGFloat]) -> [Int] {
        depths.indices.sorted { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }
    }
}
