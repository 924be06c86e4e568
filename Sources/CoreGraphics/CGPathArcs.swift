import Foundation

/// Cubic Bézier approximations of arcs of the unit circle.
enum UnitArc {
    /// One cubic Bézier segment: the start is the previous segment's end.
    struct Segment {
        var control1: CGPoint
        var control2: CGPoint
        var end: CGPoint
    }

    /// The point of the unit circle at an angle, with the rounding residue of cos/sin at multiples of π/2 removed.
    static func point(at angle: CGFloat) -> CGPoint {
        func snapped(_ value: CGFloat) -> CGFloat { abs(value) < 1e-15 ? 0 : value }
        return CGPoint(x: snapped(cos(angle)), y: snapped(sin(angle)))
    }

    /// The cubic segments (each sweeping at most 90°) of the arc from `startAngle` through `delta` radians.
    /// A sweep of more than two turns draws the same as one turn plus the remainder, so it is
    /// reduced to that (the end point is unchanged) and the number of segments stays bounded.
    static func cubicSegments(startAngle: CGFloat, delta requested: CGFloat) -> [Segment] {
        guard requested != 0, requested.isFinite else { return [] }
        let turn = 2 * CGFloat.pi
        let delta = abs(requested) > 2 * turn
            ? (turn + abs(requested).truncatingRemainder(dividingBy: turn)) * (requested < 0 ? -1 : 1) : requested
        let count = max(1, Int((abs(delta) / (.pi / 2)).rounded(.up)))
        let step = delta / CGFloat(count)
        // Control-point distance that makes the cubic meet the circle at the segment's midpoint.
        let handle = 4 / 3 * tan(step / 4)
        return (0..<count).map { index in
            let from = startAngle + step * CGFloat(index)
            let to = index == count - 1 ? startAngle + delta : from + step
            let start = point(at: from), end = point(at: to)
            return Segment(
                control1: CGPoint(x: start.x - handle * start.y, y: start.y + handle * start.x),
                control2: CGPoint(x: end.x + handle * end.y, y: end.y - handle * end.x),
                end: end)
        }
    }
}

/// The circle arc that rounds the corner between two lines, as `addArc(tangent1End:tangent2End:radius:)` draws it.
struct TangentArc {
    /// The arc's center.
    var center: CGPoint
    /// The angle of the arc's start (its tangent point on the first line).
    var startAngle: CGFloat
    /// The signed sweep from the start to the tangent point on the second line.
    var delta: CGFloat

    /// Computes the arc of `radius` tangent to `start→corner` and `corner→end`;
    /// `nil` when the radius is not positive or the points are coincident or collinear.
    init?(from start: CGPoint, corner: CGPoint, to end: CGPoint, radius: CGFloat) {
        let toStart = CGPoint(x: start.x - corner.x, y: start.y - corner.y)
        let toEnd = CGPoint(x: end.x - corner.x, y: end.y - corner.y)
        let lengthToStart = hypot(toStart.x, toStart.y), lengthToEnd = hypot(toEnd.x, toEnd.y)
        guard radius > 0, radius.isFinite, lengthToStart > 0, lengthToEnd > 0 else { return nil }
        let u = CGPoint(x: toStart.x / lengthToStart, y: toStart.y / lengthToStart)
        let v = CGPoint(x: toEnd.x / lengthToEnd, y: toEnd.y / lengthToEnd)
        let cross = u.x * v.y - u.y * v.x
        let angleBetween = atan2(abs(cross), u.x * v.x + u.y * v.y)
        guard abs(cross) > 1e-12, angleBetween > 0, angleBetween < .pi else { return nil }
        // The center lies on the bisector, radius / sin(θ/2) from the corner.
        let bisector = CGPoint(x: u.x + v.x, y: u.y + v.y)
        let bisectorLength = hypot(bisector.x, bisector.y)
        let centerDistance = radius / sin(angleBetween / 2)
        center = CGPoint(x: corner.x + bisector.x / bisectorLength * centerDistance,
                         y: corner.y + bisector.y / bisectorLength * centerDistance)
        let tangentDistance = radius / tan(angleBetween / 2)
        let firstTangent = CGPoint(x: corner.x + u.x * tangentDistance, y: corner.y + u.y * tangentDistance)
        startAngle = atan2(firstTangent.y - center.y, firstTangent.x - center.x)
        // Travelling start→corner→end turns left (cross of the directions > 0) for increasing angles.
        let turn = (-u.x) * v.y - (-u.y) * v.x
        delta = (turn > 0 ? 1 : -1) * (.pi - angleBetween)
    }
}
