import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// Orders the layers of a transform layer's 3D subtree back to front (000:575; 001:3096-3222),
/// and the sublayers of a flattening layer among themselves (`sublayerDrawOrder(of:)`).
///
/// Each plain layer of the subtree (or each sublayer) is one item, drawn with its own flattened
/// subtree. Items are compared in the 3D space of the transform layer's superlayer (or of the
/// flattening layer) after its `sublayerTransform` and the perspective divide, where the viewer
/// looks down the z axis from +z:
///
/// 1. Where the projections of two items overlap and one lies wholly on the far side of the
///    other's plane (or the other wholly on its near side), the far one is drawn first (the
///    plane test of Newell's algorithm). This orders faces that meet at an edge, such as a
///    cube's, exactly, where their centres are at the same depth.
/// 2. Overlapping quads in one plane keep their given order (sublayer order).
/// 3. Otherwise (and to break cycles of mutually overlapping quads) by the depth of the
///    projected centre, the mean z of the four corners, then by sublayer order: a consistent
///    order for quads that intersect. Quads are not split.
///
/// The plane tests cost O(n²); subtrees of more than `planeTestLimit` items use depth alone
/// (`byDepth(_:)`), and need no corners (`depth(_:scene:)`).
enum DepthSorter {
    /// The most items compared pairwise.
    static let planeTestLimit = 64

    /// One quad to sort: its corners after the perspective divide (nil when one is behind the
    /// eye) and the depth of its centre.
    struct Item {
        var corners: [SIMD3<Double>]?
        var depth: Double
    }

    /// The item for `rect` under `scene` (its space to the sorting space).
    static func item(_ rect: CGRect, scene m: CATransform3D) -> Item {
        var corners: [SIMD3<Double>] = []
        var sum = 0.0
        let sides = Sides(rect)
        for corner in 0..<4 {
            guard let q = sides.projectedCorner(corner, scene: m) else { continue }
            corners.append(q)
            sum += q.z
        }
        return Item(corners: corners.count == 4 ? corners : nil,
                    depth: corners.isEmpty ? -.infinity : sum / Double(corners.count))
    }

    /// The depth of `item(rect, scene: m)`, without its corners (nothing allocated): the order
    /// of subtrees too large for the plane tests needs only it. Only the z and w columns of `m`
    /// are read (`depth(_:_:minimumW:)`).
    static func depth(_ rect: CGRect, scene m: CATransform3D) -> Double {
        depth(Sides(rect), DepthColumns(m13: m.m13, m23: m.m23, m33: m.m33, m43: m.m43,
                                        m14: m.m14, m24: m.m24, m34: m.m34, m44: m.m44),
              minimumW: CATransform3D.minimumProjectedW)
    }

    /// The sides of a rectangle, read once for its four corners.
    struct Sides {
        let minX: CGFloat, minY: CGFloat, maxX: CGFloat, maxY: CGFloat

        @inline(__always)
        init(_ rect: CGRect) {
            minX = rect.minX; minY = rect.minY; maxX = rect.maxX; maxY = rect.maxY
        }

        /// Corner `index` (min x min y, max x min y, max x max y, min x max y) under `m` after
        /// the perspective divide; nil when it is behind the eye.
        ///
        /// The point (x, y, 0, 1) through `m` is written out as `CATransform3D.transform(x:y:z:)`
        /// computes it, term for term (the same rounding), so that it is inlined: that method is
        /// not, from another module, and `depth` needs only z and w of its four results.
        @inline(__always)
        func projectedCorner(_ index: Int, scene m: CATransform3D) -> SIMD3<Double>? {
            let x = index == 0 || index == 3 ? minX : maxX, y = index < 2 ? minY : maxY, z: CGFloat = 0
            let w = x * m.m14 + y * m.m24 + z * m.m34 + m.m44
            guard w > CATransform3D.minimumProjectedW, w.isFinite else { return nil }
            return SIMD3(Double((x * m.m11 + y * m.m21 + z * m.m31 + m.m41) / w),
                         Double((x * m.m12 + y * m.m22 + z * m.m32 + m.m42) / w),
                         Double((x * m.m13 + y * m.m23 + z * m.m33 + m.m43) / w))
        }
    }

    /// The indices of the quads `rects` (each in a space that `scenes` maps to the sorting space
    /// at the same index) back to front: `backToFront(_:)` of their items, without the corners
    /// of items too many for the plane tests.
    static func backToFront(_ rects: [CGRect], scenes: [CATransform3D]) -> [Int] {
        guard rects.count > planeTestLimit else { return backToFront(zip(rects, scenes).map { item($0, scene: $1) }) }
        return byDepth(zip(rects, scenes).map { depth($0, scene: $1) })
    }

    /// The indices of `depths` by increasing depth, equal depths in index order: the order the
    /// plane tests start from, and the whole order of more items than they take.
    ///
    /// Swift's sort merges the runs it finds, so that depths that rise and fall along the
    /// given order a few times (S3's cards, at evenly spread phases of one turn) are sorted in
    /// about linear time: 6 ns a card at 10,000 cards, where a radix sort of the depths' bits
    /// took 27, and the order of the last frame would be 84 swaps a card away.
    ///
    /// The comparison reads the depths through their buffer: the array's subscript checked
    /// each index against the count, 31 instructions a card of the sort's 147 (S3, 10,000 cards).
    /// Without NaN and in no more than `mostRuns` runs, the runs are merged by
    /// `byDepthInRuns(_:)` instead (77 instructions a card where Swift's sort took 116).
    static func byDepth(_ depths: [Double]) -> [Int] {
        depths.withUnsafeBufferPointer { d in
            byDepthInRuns(d) ?? (0..<d.count).sorted { d[$0] != d[$1] ? d[$0] < d[$1] : $0 < $1 }
        }
    }

    /// The indices of `items` back to front.
    static func backToFront(_ items: [Item]) -> [Int] {
        let byDepth = byDepth(items.map(\.depth))
        guard items.count > 1, items.count <= planeTestLimit else { return byDepth }
        // Edges "a before b" from decisive plane tests between overlapping items.
        var successors = [[Int]](repeating: [], count: items.count)
        var predecessorCount = [Int](repeating: 0, count: items.count)
        for a in items.indices {
            for b in items.indices where b > a {
                guard let ca = items[a].corners, let cb = items[b].corners, overlap(ca, cb) else { continue }
                let aFirst = isBehind(ca, cb), bFirst = isBehind(cb, ca)
                if aFirst && !bFirst || !aFirst && !bFirst && isCoplanar(ca, cb) {
                    successors[a].append(b); predecessorCount[b] += 1
                } else if bFirst && !aFirst {
                    successors[b].append(a); predecessorCount[a] += 1
                }
            }
        }
        // Kahn's algorithm, taking the deepest-first item among those free to go; a cycle is
        // broken by taking the deepest-first remaining item.
        var order: [Int] = []
        var done = [Bool](repeating: false, count: items.count)
        while order.count < items.count {
            let next = byDepth.first { !done[$0] && predecessorCount[$0] == 0 } ?? byDepth.first { !done[$0] }!
            done[next] = true
            order.append(next)
            for s in successors[next] { predecessorCount[s] -= 1 }
        }
        return order
    }

    /// Whether quad `a` lies on the far side of `b`'s plane, or `b` on the near side of `a`'s.
    private static func isBehind(_ a: [SIMD3<Double>], _ b: [SIMD3<Double>]) -> Bool {
        if let side = side(of: a, relativeTo: b), side < 0 { return true }
        if let side = side(of: b, relativeTo: a), side > 0 { return true }
        return false
    }

    /// -1 when every point is behind the plane of `quad` (or on it), +1 when every point is in
    /// front (or on it), nil when the points straddle it, all lie on it, or the plane is seen
    /// edge-on.
    private static func side(of points: [SIMD3<Double>], relativeTo quad: [SIMD3<Double>]) -> Int? {
        var n = cross(quad[1] - quad[0], quad[3] - quad[0])
        let scale = max(1e-12, (n * n).sum().squareRoot())
        guard abs(n.z) > 1e-9 * scale else { return nil }
        if n.z < 0 { n = -n }
        let reach = max(abs(quad[0].x), abs(quad[0].y), abs(quad[0].z), 1)
        let epsilon: Double = 1e-6 * reach * scale
        var behind = false, inFront = false
        for p in points {
            let d = (n * (p - quad[0])).sum()
            if d < -epsilon { behind = true } else if d > epsilon { inFront = true }
        }
        if behind == inFront { return nil }
        return behind ? -1 : 1
    }

    /// Whether every corner of `a` lies in the plane of `b` (overlapping coplanar quads keep
    /// their given order, as siblings in one plane do, wherever their centres are).
    private static func isCoplanar(_ a: [SIMD3<Double>], _ b: [SIMD3<Double>]) -> Bool {
        let n = cross(b[1] - b[0], b[3] - b[0])
        let scale = (n * n).sum().squareRoot()
        guard scale > 1e-12 else { return false }
        let reach = max(abs(b[0].x), abs(b[0].y), abs(b[0].z), 1)
        return a.allSatisfy { abs((n * ($0 - b[0])).sum()) <= 1e-6 * reach * scale }
    }

    /// Whether the xy bounding boxes of two quads overlap with positive area.
    private static func overlap(_ a: [SIMD3<Double>], _ b: [SIMD3<Double>]) -> Bool {
        func box(_ q: [SIMD3<Double>]) -> (Double, Double, Double, Double) {
            (q.map(\.x).min()!, q.map(\.y).min()!, q.map(\.x).max()!, q.map(\.y).max()!)
        }
        let p = box(a), q = box(b)
        return min(p.2, q.2) - max(p.0, q.0) > 1e-9 && min(p.3, q.3) - max(p.1, q.1) > 1e-9
    }

    private static func cross(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
    }
}
