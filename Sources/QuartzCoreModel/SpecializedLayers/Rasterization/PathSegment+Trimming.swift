import Foundation

// What `strokeStart`/`strokeEnd` trimming needs of a path segment (the segment type keyframe
// animations also use): its arc length and its part between two curve parameters.

extension PathSegment {
    /// The segment from `start` through an element's points (1 for a line, 2 for a quadratic
    /// curve, 3 for a cubic one).
    init(start: CGPoint, through points: [CGPoint]) {
        switch points.count {
        case 1: self = .line(start, points[0])
        case 2: self = .quadCurve(start, points[0], points[1])
        default: self = .curve(start, points[0], points[1], points[2])
        }
    }

    /// The start point, the control points and the end point.
    var controlPoints: [CGPoint] {
        switch self {
        case let .line(a, b): [a, b]
        case let .quadCurve(a, c, b): [a, c, b]
        case let .curve(a, c1, c2, b): [a, c1, c2, b]
        }
    }

    /// The first point.
    var start: CGPoint { controlPoints[0] }
    /// The last point.
    var end: CGPoint { point(at: 1) }

    /// The arc length, measured on the segment flattened by `CGPath.flattened(tolerance:)`.
    func length(tolerance: CGFloat) -> CGFloat {
        let path = CGMutablePath()
        switch self {
        case let .line(a, b): return hypot(b.x - a.x, b.y - a.y)
        case let .quadCurve(a, c, b):
            path.move(to: a)
            path.addQuadCurve(to: b, control: c)
        case let .curve(a, c1, c2, b):
            path.move(to: a)
            path.addCurve(to: b, control1: c1, control2: c2)
        }
        return path.flattened(tolerance: tolerance).reduce(0) { total, subpath in
            zip(subpath.points, subpath.points.dropFirst()).reduce(total) { sum, pair in
                sum + hypot(pair.1.x - pair.0.x, pair.1.y - pair.0.y)
            }
        }
    }

    /// The part of the segment between parameters `t0` and `t1` (0...1), of the same degree, so
    /// that a trimmed curve is still a curve (de Casteljau subdivision).
    func portion(from t0: CGFloat, to t1: CGFloat) -> PathSegment {
        guard t0 > 0 || t1 < 1 else { return self }
        let all = controlPoints
        let head = t1 < 1 ? Self.split(all, at: t1).head : all
        // t0 on the original curve is t0 / t1 on the head.
        let part = t0 > 0 ? Self.split(head, at: t1 > 0 ? t0 / t1 : 0).tail : head
        return PathSegment(start: part[0], through: Array(part.dropFirst()))
    }

    /// The parameter at which the arc length from the start reaches `distance`, to a tenth of
    /// `tolerance`: Newton steps on the length of the leading part (its derivative is the speed
    /// along the curve), kept inside a shrinking bracket and bisecting when a step leaves it.
    func parameter(atLength distance: CGFloat, totalLength: CGFloat, tolerance: CGFloat) -> CGFloat {
        guard totalLength > 0, distance > 0 else { return 0 }
        guard distance < totalLength else { return 1 }
        if case .line = self { return distance / totalLength }
        var low: CGFloat = 0, high: CGFloat = 1
        var t = distance / totalLength
        for _ in 0..<32 {
            let error = portion(from: 0, to: t).length(tolerance: tolerance) - distance
            if abs(error) <= tolerance / 10 { break }
            if error < 0 { low = t } else { high = t }
            let velocity = tangent(at: Double(t))
            let speed = hypot(velocity.x, velocity.y)
            let step = speed > 0 ? t - error / speed : .nan
            t = step > low && step < high ? step : (low + high) / 2
        }
        return t
    }

    /// The control polygons of the two parts of a Bézier curve cut at `t`.
    private static func split(_ points: [CGPoint], at t: CGFloat) -> (head: [CGPoint], tail: [CGPoint]) {
        var level = points
        var head = [points[0]]
        var tail = [points[points.count - 1]]
        while level.count > 1 {
            level = zip(level, level.dropFirst()).map { a, b in
                CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            }
            head.append(level[0])
            tail.insert(level[level.count - 1], at: 0)
        }
        return (head, tail)
    }
}
