import CCairo
import Foundation

/// Device-space polylines of paths that reach far outside the surface, for `CairoFarPath`.
enum FarPathFlattening {
    /// A flattened subpath in device space.
    struct Subpath {
        var points: [(x: Double, y: Double)]
        var closed: Bool
    }

    /// The subpaths of `elements` (user space) in device space under `matrix`, curves flattened
    /// to within `tolerance` where their control hull meets `box`. Elsewhere a piece of curve is
    /// replaced by its chord, which lies in the same hull, so nothing changes inside the box; the
    /// work is bounded however far the controls lie. Points that are not finite are left out.
    static func subpaths(of elements: [CGPath.Element], matrix m: cairo_matrix_t, within box: CairoBox,
                         tolerance: Double) -> [Subpath] {
        func device(_ p: CGPoint) -> (x: Double, y: Double) {
            (m.xx * p.x + m.xy * p.y + m.x0, m.yx * p.x + m.yy * p.y + m.y0)
        }
        var subpaths: [Subpath] = []
        var current = Subpath(points: [], closed: false)
        var userCurrent = CGPoint.zero, userStart = CGPoint.zero
        func finish(closed: Bool) {
            current.closed = closed
            if current.points.count > 1 || closed && !current.points.isEmpty { subpaths.append(current) }
            current = Subpath(points: [], closed: false)
        }
        func add(_ p: (x: Double, y: Double)) {
            if p.x.isFinite && p.y.isFinite { current.points.append(p) }
        }
        for element in elements {
            switch element {
            case .moveToPoint(let p):
                finish(closed: false)
                userStart = p
                add(device(p))
            case .addLineToPoint(let p):
                if current.points.isEmpty { add(device(userCurrent)) }
                add(device(p))
            case .addQuadCurveToPoint(let c, let b):
                if current.points.isEmpty { add(device(userCurrent)) }
                let (c1, c2) = CairoFarPath.cubicControls(from: userCurrent, quadratic: c, to: b)
                flatten([device(userCurrent), device(c1), device(c2), device(b)], box, tolerance, add)
            case .addCurveToPoint(let c1, let c2, let b):
                if current.points.isEmpty { add(device(userCurrent)) }
                flatten([device(userCurrent), device(c1), device(c2), device(b)], box, tolerance, add)
            case .closeSubpath:
                finish(closed: true)
            }
            userCurrent = element == .closeSubpath ? userStart : element.points.last ?? userCurrent
        }
        finish(closed: false)
        return subpaths
    }

    /// Adds the points after the first of the cubic curve `controls` to `add`: by subdivision,
    /// down to `tolerance` where the curve's hull meets `box`, else the chord.
    private static func flatten(_ controls: [(x: Double, y: Double)], _ box: CairoBox, _ tolerance: Double,
                                _ add: ((x: Double, y: Double)) -> Void) {
        guard controls.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return add(controls[3]) }
        // Pieces still to do, the last first; halving 2,100 times takes any finite curve to a point.
        var stack: [([(x: Double, y: Double)], Int)] = [(controls, 0)]
        while let (p, depth) = stack.popLast() {
            let xs = p.map(\.x), ys = p.map(\.y)
            let outside = xs.max()! < box.minX || xs.min()! > box.maxX || ys.max()! < box.minY || ys.min()! > box.maxY
            // The curve strays from its chord by at most 3/4 of its largest second difference.
            let bend = max(hypot(p[0].x - 2 * p[1].x + p[2].x, p[0].y - 2 * p[1].y + p[2].y),
                           hypot(p[1].x - 2 * p[2].x + p[3].x, p[1].y - 2 * p[2].y + p[3].y))
            if outside || 0.75 * bend <= tolerance || depth >= 2_100 {
                add(p[3])
                continue
            }
            func mid(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> (x: Double, y: Double) {
                ((a.x + b.x) / 2, (a.y + b.y) / 2)
            }
            let ab = mid(p[0], p[1]), bc = mid(p[1], p[2]), cd = mid(p[2], p[3])
            let abc = mid(ab, bc), bcd = mid(bc, cd), middle = mid(abc, bcd)
            stack.append(([middle, bcd, cd, p[3]], depth + 1))
            stack.append(([p[0], ab, abc, middle], depth + 1))
        }
    }

    /// The polygon `points` (closed) clipped to `box` (Sutherland–Hodgman): where it leaves the
    /// box it runs along the box's edge, so every point inside the box keeps its winding number.
    static func clip(_ points: [(x: Double, y: Double)], to box: CairoBox) -> [(x: Double, y: Double)] {
        var polygon = points
        // Each edge as (coordinate, bound, keeps points on the side of smaller values).
        for (useX, bound, below) in [(true, box.minX, false), (true, box.maxX, true),
                                     (false, box.minY, false), (false, box.maxY, true)] {
            guard let last = polygon.last else { return [] }
            func inside(_ p: (x: Double, y: Double)) -> Bool {
                let v = useX ? p.x : p.y
                return below ? v <= bound : v >= bound
            }
            var result: [(x: Double, y: Double)] = []
            var previous = last
            for point in polygon {
                if inside(point) != inside(previous) {
                    let (a, b) = useX ? (previous.x, point.x) : (previous.y, point.y)
                    let t = (bound - a) / (b - a)
                    result.append(useX ? (bound, previous.y + t * (point.y - previous.y))
                                       : (previous.x + t * (point.x - previous.x), bound))
                }
                if inside(point) { result.append(point) }
                previous = point
            }
            polygon = result
        }
        return polygon
    }
}
