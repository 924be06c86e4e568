import Foundation

extension CGPath {
    /// Returns a path whose interior, filled with the nonzero winding rule, is the area that
    /// stroking this path with the given line parameters paints.
    ///
    /// Curves are flattened (within 0.05 units) before stroking; the outline is a union of
    /// pieces, one per segment, join and cap, each wound counterclockwise in the path's own
    /// coordinates, so it fills correctly with the winding rule (not with even-odd) and
    /// `contains(_:)` answers for the stroked area. A miter join whose miter length divided by the
    /// line width exceeds `miterLimit` is bevelled, as Core Graphics does. A zero-length subpath
    /// paints a dot with round or square caps and nothing with butt caps. `transform` is applied
    /// to the result.
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                     miterLimit: CGFloat, transform: CGAffineTransform = .identity) -> CGPath {
        let outline = CGMutablePath()
        guard lineWidth > 0, lineWidth.isFinite else { return outline.copy() ?? outline }
        var stroker = StrokeOutliner(halfWidth: lineWidth / 2, cap: lineCap, join: lineJoin, miterLimit: miterLimit)
        for subpath in flattened(tolerance: 0.05) {
            stroker.add(subpath)
        }
        for piece in stroker.pieces {
            piece.append(to: outline, transform: transform)
        }
        return outline.copy() ?? outline
    }

    /// Returns a path made of the dashes of this path: the pieces that stroking with the dash
    /// pattern `lengths` (painted, unpainted, painted... lengths, repeating), started `phase`
    /// units into the pattern, paints.
    ///
    /// The pattern starts again at each subpath, as Core Graphics strokes do; curves are
    /// flattened (within 0.05 units), so dashes along curves are polylines. An empty pattern, or
    /// one whose lengths are all zero, returns the path unchanged; a negative length returns the
    /// path unchanged with a log line. `transform` is applied to the result.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity) -> CGPath {
        guard !lengths.isEmpty, lengths.contains(where: { $0 > 0 }) else {
            return copy(using: [transform]) ?? self
        }
        guard lengths.allSatisfy({ $0 >= 0 && $0.isFinite }), phase.isFinite else {
            CoreGraphicsLog.logger.error("CGPath.copy(dashingWithPhase:lengths:): lengths \(lengths) must be finite and not negative")
            return copy(using: [transform]) ?? self
        }
        let dashed = CGMutablePath()
        for subpath in flattened(tolerance: 0.05) {
            var points = subpath.points
            if subpath.isClosed, let first = points.first { points.append(first) }
            var pattern = DashPattern(lengths: lengths, phase: phase)
            var open = false
            for (start, end) in zip(points, points.dropFirst()) {
                let length = hypot(end.x - start.x, end.y - start.y)
                var travelled: CGFloat = 0
                while travelled < length {
                    let step = min(pattern.remainingInPhase, length - travelled)
                    let from = interpolate(start, end, travelled / length)
                    let to = interpolate(start, end, (travelled + step) / length)
                    if pattern.isPainted {
                        if !open { dashed.move(to: from, transform: transform); open = true }
                        dashed.addLine(to: to, transform: transform)
                    }
                    travelled += step
                    if pattern.advance(by: step) { open = false }
                }
            }
        }
        return dashed.copy() ?? dashed
    }
}

/// The point a fraction `t` of the way from `a` to `b`.
private func interpolate(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
    CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
}

/// Where a walk along a path stands in a dash pattern.
struct DashPattern {
    private let lengths: [CGFloat]
    private var index = 0
    /// The length left in the current painted or unpainted interval.
    private(set) var remainingInPhase: CGFloat

    /// A pattern `phase` units in (the phase wraps around the pattern's total length).
    init(lengths: [CGFloat], phase: CGFloat) {
        // An odd count repeats the lengths, so painted and unpainted intervals alternate.
        self.lengths = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let total = self.lengths.reduce(0, +)
        var offset = phase.truncatingRemainder(dividingBy: total)
        if offset < 0 { offset += total }
        remainingInPhase = self.lengths[0]
        while offset >= remainingInPhase {
            offset -= remainingInPhase
            index = (index + 1) % self.lengths.count
            remainingInPhase = self.lengths[index]
        }
        remainingInPhase -= offset
    }

    /// Whether the current interval is painted (even intervals are).
    var isPainted: Bool { index % 2 == 0 }

    /// Moves `distance` (at most `remainingInPhase`) along; returns whether that ended an interval.
    mutating func advance(by distance: CGFloat) -> Bool {
        remainingInPhase -= distance
        guard remainingInPhase <= 1e-9 else { return false }
        repeat {
            index = (index + 1) % lengths.count
            remainingInPhase = lengths[index]
        } while remainingInPhase == 0 && index % 2 == 1
        return true
    }
}

/// One piece of a stroke's outline: a polygon or a circle, wound counterclockwise.
enum StrokePiece {
    case polygon([CGPoint])
    case circle(center: CGPoint, radius: CGFloat)

    /// Appends the piece to `path` as a closed subpath.
    func append(to path: CGMutablePath, transform: CGAffineTransform) {
        switch self {
        case .polygon(let points):
            guard let first = points.first else { return }
            path.move(to: first, transform: transform)
            for point in points.dropFirst() { path.addLine(to: point, transform: transform) }
        case .circle(let center, let radius):
            path.move(to: CGPoint(x: center.x + radius, y: center.y), transform: transform)
            path.addRelativeArc(center: center, radius: radius, startAngle: 0, delta: 2 * .pi, transform: transform)
        }
        path.closeSubpath()
    }
}

/// Builds the outline of a stroke from flattened subpaths.
struct StrokeOutliner {
    let halfWidth: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    let miterLimit: CGFloat
    private(set) var pieces: [StrokePiece] = []

    init(halfWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat) {
        self.halfWidth = halfWidth
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
    }

    /// Adds the outline of one subpath: a piece per segment, per join, and per cap.
    mutating func add(_ subpath: CGPath.FlattenedSubpath) {
        // Consecutive equal points make no segment and no join.
        var points: [CGPoint] = []
        for point in subpath.points where points.last.map({ $0 != point }) ?? true { points.append(point) }
        if subpath.isClosed, points.count > 1, points.first == points.last { points.removeLast() }
        guard points.count > 1 else {
            if let dot = points.first { addDot(at: dot) }
            return
        }
        let closed = subpath.isClosed && points.count > 2
        let ends = closed ? points + [points[0]] : points
        var directions: [CGPoint] = []
        for (start, end) in zip(ends, ends.dropFirst()) {
            let direction = unit(end - start)
            directions.append(direction)
            let offset = normal(direction) * halfWidth
            addPolygon([start - offset, end - offset, end + offset, start + offset])
        }
        for index in 0..<directions.count where closed || index > 0 {
            let previous = directions[(index + directions.count - 1) % directions.count]
            addJoin(at: ends[index], incoming: previous, outgoing: directions[index])
        }
        if !closed, let first = directions.first, let last = directions.last {
            addCap(at: points[0], direction: first * -1)
            addCap(at: points[points.count - 1], direction: last)
        }
    }

    /// The piece that fills the outer corner between two segments meeting at `vertex`.
    private mutating func addJoin(at vertex: CGPoint, incoming: CGPoint, outgoing: CGPoint) {
        let turn = cross(incoming, outgoing)
        guard abs(turn) > 1e-12 || dot(incoming, outgoing) < 0 else { return }
        if join == .round {
            pieces.append(.circle(center: vertex, radius: halfWidth))
            return
        }
        // The outer side is to the right of a left turn and to the left of a right turn.
        let side: CGFloat = turn > 0 ? -1 : 1
        let a = vertex + normal(incoming) * (halfWidth * side)
        let b = vertex + normal(outgoing) * (halfWidth * side)
        // Miter length over line width is 1 / sin(θ/2), θ the angle between the segments.
        let cosine = max(-1, min(1, dot(incoming * -1, outgoing)))
        let halfAngleSine = sqrt((1 - cosine) / 2)
        if join == .miter, halfAngleSine > 1e-9, 1 / halfAngleSine <= miterLimit {
            let bisector = unit((a - vertex) + (b - vertex))
            let tip = vertex + bisector * (halfWidth / halfAngleSine)
            addPolygon([vertex, a, tip, b])
        } else {
            addPolygon([vertex, a, b])
        }
    }

    /// The piece past an open end, `direction` pointing away from the line.
    private mutating func addCap(at end: CGPoint, direction: CGPoint) {
        switch cap {
        case .butt:
            break
        case .round:
            pieces.append(.circle(center: end, radius: halfWidth))
        case .square:
            let offset = normal(direction) * halfWidth
            let far = end + direction * halfWidth
            addPolygon([end - offset, far - offset, far + offset, end + offset])
        }
    }

    /// The mark a zero-length subpath leaves: a dot for round caps, an axis-aligned square for
    /// square caps, nothing for butt caps.
    private mutating func addDot(at point: CGPoint) {
        switch cap {
        case .butt: break
        case .round: pieces.append(.circle(center: point, radius: halfWidth))
        case .square:
            let h = halfWidth
            addPolygon([CGPoint(x: point.x - h, y: point.y - h), CGPoint(x: point.x + h, y: point.y - h),
                        CGPoint(x: point.x + h, y: point.y + h), CGPoint(x: point.x - h, y: point.y + h)])
        }
    }

    /// Adds a polygon, reversed if needed so it winds counterclockwise (positive area).
    private mutating func addPolygon(_ points: [CGPoint]) {
        var area: CGFloat = 0
        for (index, point) in points.enumerated() {
            let next = points[(index + 1) % points.count]
            area += point.x * next.y - next.x * point.y
        }
        guard abs(area) > 1e-12 else { return }
        pieces.append(.polygon(area > 0 ? points : points.reversed()))
    }
}

private func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
private func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
private func * (a: CGPoint, s: CGFloat) -> CGPoint { CGPoint(x: a.x * s, y: a.y * s) }
private func dot(_ a: CGPoint, _ b: CGPoint) -> CGFloat { a.x * b.x + a.y * b.y }
private func cross(_ a: CGPoint, _ b: CGPoint) -> CGFloat { a.x * b.y - a.y * b.x }
private func unit(_ v: CGPoint) -> CGPoint {
    let length = hypot(v.x, v.y)
    return length > 0 ? CGPoint(x: v.x / length, y: v.y / length) : .zero
}
/// The direction a quarter turn counterclockwise from `v`.
private func normal(_ v: CGPoint) -> CGPoint { CGPoint(x: -v.y, y: v.x) }
