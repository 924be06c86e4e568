import Foundation

extension CGPath {
    /// A subpath reduced to straight segments by `flattened(tolerance:)` (a Linux addition).
    public struct FlattenedSubpath: Equatable, Sendable {
        /// The polyline's vertices, starting at the subpath's first point. A closed subpath does not
        /// repeat its first point at the end unless the path itself did.
        public var points: [CGPoint]
        /// Whether the subpath was closed with `closeSubpath()`.
        public var isClosed: Bool
    }

    /// Returns the path's subpaths as polylines whose distance from the curves is at most `tolerance`
    /// (a Linux addition for renderers). A subpath that is only a move is left out; a tolerance that is not
    /// a positive finite number is treated as 0.25.
    public func flattened(tolerance: CGFloat = 0.25) -> [FlattenedSubpath] {
        let tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : 0.25
        var subpaths: [FlattenedSubpath] = []
        var current: FlattenedSubpath?
        var hasSegment = false
        func finish() {
            if let subpath = current, hasSegment || subpath.isClosed { subpaths.append(subpath) }
            current = nil
            hasSegment = false
        }
        var cursor = PathCursor()
        for element in storage {
            let start = cursor.current
            switch element {
            case .moveToPoint(let point):
                finish()
                current = FlattenedSubpath(points: [point], isClosed: false)
            case .closeSubpath:
                current?.isClosed = true
                finish()
            case .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint:
                if current == nil { current = FlattenedSubpath(points: [start], isClosed: false) }
                hasSegment = true
                let controls = element.points
                current?.points += controls.count == 1
                    ? controls : BezierCurve(points: [start] + controls).flattened(tolerance: tolerance)
            }
            cursor.advance(over: element)
        }
        finish()
        return subpaths
    }

    /// Returns whether a point is inside the path, under a fill rule, after transforming the point.
    ///
    /// Curves are flattened finely and every subpath is treated as closed, as filling does.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let point = point.applying(transform)
        let winding = flattened(tolerance: 0.01).reduce(0) { total, subpath in
            total + Self.windingNumber(of: subpath.points, around: point)
        }
        return rule == .winding ? winding != 0 : winding % 2 != 0
    }

    /// The number of times a closed polygon winds around a point (positive for increasing angles).
    private static func windingNumber(of polygon: [CGPoint], around point: CGPoint) -> Int {
        var winding = 0
        for (index, a) in polygon.enumerated() {
            let b = polygon[(index + 1) % polygon.count]
            let side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
            if a.y <= point.y, b.y > point.y, side > 0 { winding += 1 }
            if a.y > point.y, b.y <= point.y, side < 0 { winding -= 1 }
        }
        return winding
    }
}
