import Foundation

/// One drawn piece of a path a keyframe animation follows: a line, or a quadratic or cubic
/// Bézier curve, with its end points. Moves are not segments (no time is spent on them) and a
/// close becomes a line back to the subpath's start.
enum PathSegment: Sendable, Equatable {
    /// A straight line.
    case line(CGPoint, CGPoint)
    /// A quadratic Bézier curve: start, control point, end.
    case quadCurve(CGPoint, CGPoint, CGPoint)
    /// A cubic Bézier curve: start, two control points, end.
    case curve(CGPoint, CGPoint, CGPoint, CGPoint)

    /// The point at curve parameter `t` (0...1).
    func point(at t: Double) -> CGPoint {
        let t = CGFloat(t), u = 1 - t
        switch self {
        case let .line(a, b):
            return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        case let .quadCurve(a, c, b):
            return CGPoint(x: u * u * a.x + 2 * u * t * c.x + t * t * b.x,
                           y: u * u * a.y + 2 * u * t * c.y + t * t * b.y)
        case let .curve(a, c1, c2, b):
            let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
            return CGPoint(x: w0 * a.x + w1 * c1.x + w2 * c2.x + w3 * b.x,
                           y: w0 * a.y + w1 * c1.y + w2 * c2.y + w3 * b.y)
        }
    }

    /// The derivative (direction of travel) at curve parameter `t`; where it vanishes (a
    /// control point on an end point) the chord direction is used instead.
    func tangent(at t: Double) -> CGPoint {
        let t = CGFloat(t), u = 1 - t
        let d: CGPoint
        switch self {
        case let .line(a, b): d = CGPoint(x: b.x - a.x, y: b.y - a.y)
        case let .quadCurve(a, c, b):
            d = CGPoint(x: 2 * u * (c.x - a.x) + 2 * t * (b.x - c.x), y: 2 * u * (c.y - a.y) + 2 * t * (b.y - c.y))
        case let .curve(a, c1, c2, b):
            d = CGPoint(x: 3 * u * u * (c1.x - a.x) + 6 * u * t * (c2.x - c1.x) + 3 * t * t * (b.x - c2.x),
                         y: 3 * u * u * (c1.y - a.y) + 6 * u * t * (c2.y - c1.y) + 3 * t * t * (b.y - c2.y))
        }
        if d.x * d.x + d.y * d.y > 1e-18 { return d }
        let a = point(at: 0), b = point(at: 1)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }
}

/// A path prepared for sampling: its segments with arc-length tables, so that a point can be
/// found at a fraction of the time (each segment taking an equal share, or the share `keyTimes`
/// give it) or at a fraction of the length (paced).
struct SampledPath: Sendable, Equatable {
    /// Samples per segment for the arc-length table; the polyline error of a cubic is below
    /// 0.1 % of its length at this density.
    private static let samplesPerSegment = 64

    let segments: [PathSegment]
    /// Per segment: cumulative polyline length at each of the samples (first entry 0).
    private let lengthTables: [[Double]]
    /// Cumulative length at the start of each segment, plus the total at the end.
    private let segmentStarts: [Double]

    /// Prepares `segments`; nil when there are none.
    init?(segments: [PathSegment]) {
        guard !segments.isEmpty else { return nil }
        self.segments = segments
        var tables: [[Double]] = []
        var starts: [Double] = [0]
        for segment in segments {
            var table = [0.0]
            var previous = segment.point(at: 0)
            for i in 1...Self.samplesPerSegment {
                let p = segment.point(at: Double(i) / Double(Self.samplesPerSegment))
                table.append(table[table.count - 1] + Double(hypot(p.x - previous.x, p.y - previous.y)))
                previous = p
            }
            starts.append(starts[starts.count - 1] + table[table.count - 1])
            tables.append(table)
        }
        lengthTables = tables
        segmentStarts = starts
    }

    /// The total length of the path.
    var length: Double { segmentStarts[segmentStarts.count - 1] }

    /// The segment and curve parameter at `fraction` (0...1) of the path's length.
    func location(atLengthFraction fraction: Double) -> (segment: Int, t: Double) {
        let target = min(max(fraction, 0), 1) * length
        var index = 0
        while index < segments.count - 1 && segmentStarts[index + 1] < target { index += 1 }
        let table = lengthTables[index]
        let local = target - segmentStarts[index]
        var i = 1
        while i < table.count - 1 && table[i] < local { i += 1 }
        let span = table[i] - table[i - 1]
        let within = span > 0 ? (local - table[i - 1]) / span : 0
        return (index, (Double(i - 1) + min(max(within, 0), 1)) / Double(Self.samplesPerSegment))
    }
}
