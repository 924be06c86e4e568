import Foundation

extension CGPath {
    /// The bounding box of every point in the path, control points included; `.null` for an empty path.
    public var boundingBox: CGRect {
        CGRect(boundingPoints: storage.flatMap(\.points))
    }

    /// The smallest rectangle that contains the path's points and curves, control points excluded;
    /// `.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        var points: [CGPoint] = []
        var cursor = PathCursor()
        for element in storage {
            let start = cursor.current
            switch element {
            case .moveToPoint(let point), .addLineToPoint(let point):
                points.append(point)
            case .addQuadCurveToPoint(let control, let end):
                points.append(end)
                let curve = BezierCurve(start, control, end)
                points += curve.extremaParameters().map(curve.point(at:))
            case .addCurveToPoint(let control1, let control2, let end):
                points.append(end)
                let curve = BezierCurve(start, control1, control2, end)
                points += curve.extremaParameters().map(curve.point(at:))
            case .closeSubpath:
                break
            }
            cursor.advance(over: element)
        }
        return CGRect(boundingPoints: points)
    }

    /// Returns whether the path is exactly one axis-aligned rectangle, storing it (standardized) in `rect` if so.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        var corners: [CGPoint] = []
        var isClosed = false
        for (index, element) in storage.enumerated() {
            switch element {
            case .moveToPoint(let point) where index == 0: corners.append(point)
            case .addLineToPoint(let point) where !isClosed: corners.append(point)
            case .closeSubpath where !isClosed: isClosed = true
            default: return false
            }
        }
        if corners.count == 5, corners[4] == corners[0] { corners.removeLast(); isClosed = true }
        guard isClosed, corners.count == 4 else { return false }
        let (p0, p1, p2, p3) = (corners[0], corners[1], corners[2], corners[3])
        let horizontalFirst = p0.y == p1.y && p1.x == p2.x && p2.y == p3.y && p3.x == p0.x
        let verticalFirst = p0.x == p1.x && p1.y == p2.y && p2.x == p3.x && p3.y == p0.y
        guard horizontalFirst || verticalFirst else { return false }
        rect?.pointee = CGRect(boundingPoints: corners)
        return true
    }
}

/// A quadratic or cubic Bézier curve, for evaluation, extrema and flattening.
struct BezierCurve {
    /// The control polygon: 3 points for a quadratic curve, 4 for a cubic one.
    let points: [CGPoint]

    init(_ points: CGPoint...) { self.points = points }

    init(points: [CGPoint]) { self.points = points }

    /// The point of the curve at parameter `t` (de Casteljau).
    func point(at t: CGFloat) -> CGPoint {
        var level = points
        while level.count > 1 {
            level = zip(level, level.dropFirst()).map { a, b in
                CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            }
        }
        return level[0]
    }

    /// The parameters in (0, 1) where the curve's x or y derivative is zero.
    func extremaParameters() -> [CGFloat] {
        [\CGPoint.x, \CGPoint.y].flatMap { axis in
            derivativeRoots(points.map { $0[keyPath: axis] })
        }.filter { $0 > 0 && $0 < 1 }
    }

    /// The roots of the derivative of a 1D Bézier with the given control values.
    private func derivativeRoots(_ v: [CGFloat]) -> [CGFloat] {
        if v.count == 3 {
            // B'(t) ∝ (v0 - 2v1 + v2)t + (v1 - v0).
            let slope = v[0] - 2 * v[1] + v[2]
            return slope == 0 ? [] : [(v[0] - v[1]) / slope]
        }
        // B'(t)/3 = (d0 - 2d1 + d2)t² + 2(d1 - d0)t + d0, with d_i = v_{i+1} - v_i.
        let d0 = v[1] - v[0], d1 = v[2] - v[1], d2 = v[3] - v[2]
        let a = d0 - 2 * d1 + d2, b = 2 * (d1 - d0), c = d0
        if abs(a) < 1e-12 * max(abs(b), abs(c), 1) {
            return b == 0 ? [] : [-c / b]
        }
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return [] }
        let root = discriminant.squareRoot()
        return [(-b + root) / (2 * a), (-b - root) / (2 * a)]
    }

    /// Points along the curve after its start, spaced so the polyline deviates at most `tolerance`
    /// from the curve (Wang's formula), the end point last.
    func flattened(tolerance: CGFloat) -> [CGPoint] {
        let degree = CGFloat(points.count - 1)
        var maxSecondDifference: CGFloat = 0
        for i in 0..<(points.count - 2) {
            let dx = points[i].x - 2 * points[i + 1].x + points[i + 2].x
            let dy = points[i].y - 2 * points[i + 1].y + points[i + 2].y
            maxSecondDifference = max(maxSecondDifference, hypot(dx, dy))
        }
        let estimate = (degree * (degree - 1) / 8 * maxSecondDifference / tolerance).squareRoot().rounded(.up)
        let count = estimate.isFinite ? Int(min(max(estimate, 1), 1000)) : 1
        return (1...count).map { index in
            index == count ? points[points.count - 1] : point(at: CGFloat(index) / CGFloat(count))
        }
    }
}
