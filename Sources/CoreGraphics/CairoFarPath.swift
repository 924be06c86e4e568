import CCairo
import Foundation

/// Hands Core Graphics path elements to Cairo, also when they reach far outside the surface.
///
/// Cairo 1.16 converts path coordinates to 24.8 fixed point in device space, so a coordinate
/// beyond about ±8.4e6 device pixels wraps, and a line to a far point is drawn towards a garbage
/// point (issue 33). A path whose device coordinates all stay within `safeLimit` goes to Cairo
/// exactly as it is (one pass over its points decides), so ordinary paths keep Cairo's pixels.
/// Another is flattened in device space and reduced to what can be visible: a stroke to the
/// pieces of its segments inside the clip grown by the pen's reach, a fill or clip to its
/// polygons clipped to a box around the clip extents, which keeps the winding number (so the
/// coverage under either fill rule) of every point inside the box.
package enum CairoFarPath {
    /// ±(1 << 22) device pixels: half of Cairo's fixed-point range, so that what Cairo adds to a
    /// safe path (the stroke's pen, a group's device offset, a shadow's offset) stays inside it.
    static let safeLimit = Double(1 << 22)

    /// What the path is appended for: the visible part of a stroke reaches further than a fill's.
    package enum Use {
        /// A fill or a clip.
        case fill
        /// A stroke with the context's line width and miter limit.
        case stroke
    }

    /// Appends `elements`, in `cr`'s user space, to its current path; quadratic curves become the
    /// equivalent cubic curves. Far paths are reduced to what can be visible for `use`.
    package static func append(_ elements: [CGPath.Element], to cr: OpaquePointer, for use: Use) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        guard !isSafe(elements, matrix) else { return appendExactly(elements, to: cr) }
        cairo_identity_matrix(cr)
        defer { cairo_set_matrix(cr, &matrix) }
        let box = visibleBox(of: cr, matrix: matrix, for: use)
        let subpaths = FarPathFlattening.subpaths(of: elements, matrix: matrix, within: box,
                                                  tolerance: cairo_get_tolerance(cr))
        for subpath in subpaths {
            switch use {
            case .fill:
                let polygon = FarPathFlattening.clip(subpath.points, to: box)
                guard let first = polygon.first else { continue }
                cairo_move_to(cr, first.x, first.y)
                for point in polygon.dropFirst() { cairo_line_to(cr, point.x, point.y) }
                cairo_close_path(cr)
            case .stroke:
                let dashes = DashAlignment(cr, matrix: matrix, box: box)
                for piece in CairoPathWalk.cut(subpath.points, closed: subpath.closed, to: box, measure: dashes.userLength) {
                    dashes.aligned(piece).append(to: cr)
                }
            }
        }
    }

    /// Whether every point of `elements` lies within `safeLimit` in device space.
    private static func isSafe(_ elements: [CGPath.Element], _ m: cairo_matrix_t) -> Bool {
        func safe(_ p: CGPoint) -> Bool {
            abs(m.xx * p.x + m.xy * p.y + m.x0) <= safeLimit && abs(m.yx * p.x + m.yy * p.y + m.y0) <= safeLimit
        }
        for element in elements {
            switch element {
            case .moveToPoint(let p), .addLineToPoint(let p):
                guard safe(p) else { return false }
            case .addQuadCurveToPoint(let c, let p):
                guard safe(c), safe(p) else { return false }
            case .addCurveToPoint(let c1, let c2, let p):
                guard safe(c1), safe(c2), safe(p) else { return false }
            case .closeSubpath:
                continue
            }
        }
        return true
    }

    /// The device-space box outside which nothing of the path shows: the clip extents grown by
    /// two pixels of antialiasing, and for a stroke by what joins and caps reach; never beyond
    /// `safeLimit`. Called with the identity matrix set.
    private static func visibleBox(of cr: OpaquePointer, matrix m: cairo_matrix_t, for use: Use) -> CairoBox {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        var margin = 2.0
        if use == .stroke {
            // A user-space distance d moves a device coordinate by at most d times the row sum.
            let scale = max(abs(m.xx) + abs(m.xy), abs(m.yx) + abs(m.yy))
            margin += CairoPathWalk.penReach(of: cr) * scale
        }
        func bound(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, -safeLimit), safeLimit) }
        return (bound(x1 - margin), bound(y1 - margin), bound(x2 + margin), bound(y2 + margin))
    }

    /// Appends `elements` as they are.
    private static func appendExactly(_ elements: [CGPath.Element], to cr: OpaquePointer) {
        var current = CGPoint.zero, subpathStart = CGPoint.zero
        for element in elements {
            switch element {
            case .moveToPoint(let point):
                cairo_move_to(cr, point.x, point.y)
                current = point
                subpathStart = point
            case .addLineToPoint(let point):
                cairo_line_to(cr, point.x, point.y)
                current = point
            case .addQuadCurveToPoint(let c, let b):
                let (c1, c2) = cubicControls(from: current, quadratic: c, to: b)
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, b.x, b.y)
                current = b
            case .addCurveToPoint(let c1, let c2, let b):
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, b.x, b.y)
                current = b
            case .closeSubpath:
                cairo_close_path(cr)
                current = subpathStart
            }
        }
    }

    /// The controls of the cubic curve equal to a quadratic one: two thirds of the way from each
    /// end to the quadratic's control.
    static func cubicControls(from a: CGPoint, quadratic c: CGPoint, to b: CGPoint) -> (CGPoint, CGPoint) {
        (CGPoint(x: a.x + 2 / 3 * (c.x - a.x), y: a.y + 2 / 3 * (c.y - a.y)),
         CGPoint(x: b.x + 2 / 3 * (c.x - b.x), y: b.y + 2 / 3 * (c.y - b.y)))
    }
}

/// Keeps the dashes of a stroke cut to the visible box where they were: Cairo starts the dash
/// pattern afresh at each piece, so a piece that starts inside its subpath is extended backwards,
/// outside the box, to where the pattern starts a period.
private struct DashAlignment {
    /// The dash pattern's period in user space; nil for a solid stroke.
    let period: Double?
    let inverse: cairo_matrix_t
    let box: CairoBox

    init(_ cr: OpaquePointer, matrix: cairo_matrix_t, box: CairoBox) {
        var inverse = matrix
        let invertible = cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS
        self.period = invertible ? DashStyle(of: cr)?.period : nil
        self.inverse = inverse
        self.box = box
    }

    /// The user-space length of the device-space vector (dx, dy).
    func userLength(_ dx: Double, _ dy: Double) -> Double {
        hypot(inverse.xx * dx + inverse.xy * dy, inverse.yx * dx + inverse.yy * dy)
    }

    /// `piece`, extended backwards along its first segment by its offset into the dash period
    /// when it enters the box from outside there (so the extension is invisible).
    func aligned(_ piece: DashedPiece) -> DashedPiece {
        guard let period, piece.points.count > 1 else { return piece }
        let into = piece.offsetInSubpath.truncatingRemainder(dividingBy: period)
        let a = piece.points[0], b = piece.points[1]
        let length = userLength(b.x - a.x, b.y - a.y)
        let onEdge = min(abs(a.x - box.minX), abs(a.x - box.maxX), abs(a.y - box.minY), abs(a.y - box.maxY)) < 1e-3
        guard into > 0, length > 0, onEdge else { return piece }
        let s = into / length
        let start = (x: a.x - s * (b.x - a.x), y: a.y - s * (b.y - a.y))
        guard abs(start.x) <= CairoFarPath.safeLimit, abs(start.y) <= CairoFarPath.safeLimit else { return piece }
        var extended = piece
        extended.points.insert(start, at: 0)
        extended.offsetInSubpath -= into
        return extended
    }
}
