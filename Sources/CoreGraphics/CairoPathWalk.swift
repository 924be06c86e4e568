import CCairo
import Foundation

/// A run of joined line segments of a flattened subpath (in user space for a dashed stroke, in
/// device space for `CairoFarPath`), and how far along its subpath it starts (where its dash
/// pattern continues from).
struct DashedPiece {
    var points: [(x: Double, y: Double)]
    var offsetInSubpath: Double
    /// Whether the piece is a whole closed subpath (stroked with its closing join).
    var closed = false

    /// The piece's length in user space.
    var length: Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }

    /// Adds the piece to `cr`'s current path as a subpath of its own.
    func append(to cr: OpaquePointer) {
        guard let first = points.first else { return }
        cairo_move_to(cr, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
        if closed { cairo_close_path(cr) }
    }
}

/// An axis-aligned box: (minX, minY, maxX, maxY).
typealias CairoBox = (minX: Double, minY: Double, maxX: Double, maxY: Double)

/// Reads Cairo's current path (in user space) for `CairoDashedStroke`: its length, how far its
/// stroke can reach, and its pieces within that reach; cuts polylines to a box (also for
/// `CairoFarPath`).
enum CairoPathWalk {
    /// The length of the path with each curve's control polygon (never shorter than the curve).
    static func controlPolygonLength(of cr: OpaquePointer) -> Double {
        var length = 0.0, current = (x: 0.0, y: 0.0)
        forEachElement(of: cairo_copy_path(cr)) { type, points in
            guard let end = points.last else { return }
            if type != CAIRO_PATH_MOVE_TO {
                for point in points {
                    length += hypot(point.x - current.x, point.y - current.y)
                    current = point
                }
            }
            current = end
        }
        return length
    }

    /// How far from the path a stroke with `cr`'s line width and miter limit can paint, in user
    /// space: half the width times the miter limit (at least 1.5, for square caps' corners).
    static func penReach(of cr: OpaquePointer) -> Double {
        cairo_get_line_width(cr) / 2 * max(cairo_get_miter_limit(cr), 1.5)
    }

    /// The user-space box outside which nothing of a stroke shows: the clip's extents grown by
    /// half the line width times the miter limit (what joins and caps reach) and two pixels of
    /// antialiasing, kept finite; nil when the clip has no finite extents.
    static func reach(of cr: OpaquePointer) -> CairoBox? {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        guard [x1, y1, x2, y2].allSatisfy(\.isFinite) else { return nil }
        let reach = penReach(of: cr)
        var pixelX = (x: 1.0, y: 0.0), pixelY = (x: 0.0, y: 1.0)
        cairo_device_to_user_distance(cr, &pixelX.x, &pixelX.y)
        cairo_device_to_user_distance(cr, &pixelY.x, &pixelY.y)
        let marginX = reach + 2 * (abs(pixelX.x) + abs(pixelY.x))
        let marginY = reach + 2 * (abs(pixelX.y) + abs(pixelY.y))
        // Under a squashing transform a pixel can be 1e304 user units long and the grown box
        // overflows; clamped to the largest finite values it still bounds the stroke, where nil
        // would leave Cairo to walk every dash of a path reaching 1e308 away.
        let box = (minX: x1 - marginX, minY: y1 - marginY, maxX: x2 + marginX, maxY: y2 + marginY)
        guard ![box.minX, box.minY, box.maxX, box.maxY].contains(where: \.isNaN) else { return nil }
        let largest = Double.greatestFiniteMagnitude
        return (minX: max(box.minX, -largest), minY: max(box.minY, -largest),
                maxX: min(box.maxX, largest), maxY: min(box.maxY, largest))
    }

    /// The flattened path cut to `box`: a subpath inside it whole, others in the pieces of
    /// their segments inside it (Liang–Barsky), each with its distance along its subpath.
    static func pieces(of cr: OpaquePointer, within box: CairoBox) -> [DashedPiece] {
        var pieces: [DashedPiece] = []
        var subpath: [(x: Double, y: Double)] = []
        func finish(closed: Bool) {
            defer { subpath = [] }
            pieces += cut(subpath, closed: closed, to: box)
        }
        forEachElement(of: cairo_copy_path_flat(cr)) { type, points in
            switch type {
            case CAIRO_PATH_MOVE_TO:
                finish(closed: false)
                subpath = points
            case CAIRO_PATH_CLOSE_PATH:
                let start = subpath.first
                finish(closed: true)
                if let start { subpath = [start] }
            default:
                subpath += points
            }
        }
        finish(closed: false)
        return pieces
    }

    /// A polyline cut to `box`: whole when it lies inside, else the runs of its segments inside
    /// it (Liang–Barsky), each with its distance along the polyline as `measure` gives lengths.
    static func cut(_ subpath: [(x: Double, y: Double)], closed: Bool, to box: CairoBox,
                    measure: (_ dx: Double, _ dy: Double) -> Double = { hypot($0, $1) }) -> [DashedPiece] {
        guard !subpath.isEmpty else { return [] }
        if subpath.allSatisfy({ $0.x >= box.minX && $0.x <= box.maxX && $0.y >= box.minY && $0.y <= box.maxY }) {
            return [DashedPiece(points: subpath, offsetInSubpath: 0, closed: closed)]
        }
        var pieces: [DashedPiece] = []
        var distance = 0.0, open = false
        let points = closed ? subpath + [subpath[0]] : subpath
        for (a, b) in zip(points, points.dropFirst()) {
            let length = measure(b.x - a.x, b.y - a.y)
            defer { distance += length }
            guard let (t0, t1) = clip(from: a, to: b, box: box) else { open = false; continue }
            let start = (x: a.x + t0 * (b.x - a.x), y: a.y + t0 * (b.y - a.y))
            let end = t1 == 1 ? b : (x: a.x + t1 * (b.x - a.x), y: a.y + t1 * (b.y - a.y))
            if open && t0 == 0 {
                pieces[pieces.count - 1].points.append(end)
            } else {
                pieces.append(DashedPiece(points: [start, end], offsetInSubpath: distance + t0 * length))
            }
            open = t1 == 1
        }
        return pieces
    }

    /// The parameters in 0...1 between which the segment from `a` to `b` lies in `box`, or nil.
    private static func clip(from a: (x: Double, y: Double), to b: (x: Double, y: Double),
                             box: CairoBox) -> (Double, Double)? {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - box.minX), (dx, box.maxX - a.x), (-dy, a.y - box.minY), (dy, box.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else if p < 0 {
                t0 = max(t0, q / p)
            } else {
                t1 = min(t1, q / p)
            }
        }
        return t0 <= t1 && t0.isFinite && t1.isFinite ? (t0, t1) : nil
    }

    /// Calls `body` with each element of `path` and its points, then destroys the path.
    private static func forEachElement(of path: UnsafeMutablePointer<cairo_path_t>?,
                                       _ body: (cairo_path_data_type_t, [(x: Double, y: Double)]) -> Void) {
        guard let path else { return }
        defer { cairo_path_destroy(path) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return }
        var index = 0
        while index < Int(path.pointee.num_data) {
            let header = data[index].header
            let points = (1..<max(Int(header.length), 1)).map { (x: data[index + $0].point.x, y: data[index + $0].point.y) }
            body(header.type, points)
            index += max(Int(header.length), 1)
        }
    }
}
