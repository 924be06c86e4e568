import Foundation

/// A subpath as segments, with the lengths `strokeStart`/`strokeEnd` trimming measures.
struct PathContour {
    /// The segments in order; a closed contour's last segment returns to its start point.
    var segments: [PathSegment]
    /// The arc length of each segment.
    var lengths: [CGFloat]
    /// Whether the subpath was closed with `closeSubpath()`.
    var isClosed: Bool

    /// The contour's arc length.
    var length: CGFloat { lengths.reduce(0, +) }

    /// The contours of `path`, segment lengths measured to `tolerance`. Quadratic and cubic
    /// curves stay curves; a closed subpath gets a closing line when its end is not its start.
    static func contours(of path: CGPath, tolerance: CGFloat) -> [PathContour] {
        var contours: [PathContour] = []
        var segments: [PathSegment] = []
        var subpathStart = CGPoint.zero, current = CGPoint.zero
        func finish(closed: Bool) {
            if closed, current != subpathStart { segments.append(.line(current, subpathStart)) }
            if !segments.isEmpty || closed {
                contours.append(PathContour(segments: segments, lengths: segments.map { $0.length(tolerance: tolerance) },
                                            isClosed: closed))
            }
            segments = []
        }
        for element in path.elements {
            switch element {
            case .moveToPoint(let point):
                finish(closed: false)
                subpathStart = point
                current = point
            case .closeSubpath:
                finish(closed: true)
                current = subpathStart
            case .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint:
                if segments.isEmpty { subpathStart = current }
                let segment = PathSegment(start: current, through: element.points)
                segments.append(segment)
                current = segment.end
            }
        }
        finish(closed: false)
        return contours
    }
}

/// A piece of a path left after trimming, and where along its subpath it starts (where its dash
/// pattern continues from).
struct TrimmedContour {
    var segments: [PathSegment]
    var isClosed: Bool
    /// The arc length of the subpath before this piece.
    var offsetInSubpath: CGFloat

    /// The piece as a path of its own: one subpath, closed when the piece is.
    var path: CGPath {
        let path = CGMutablePath()
        guard let first = segments.first else { return path }
        path.move(to: first.start)
        for segment in segments {
            switch segment {
            case let .line(_, b): path.addLine(to: b)
            case let .quadCurve(_, c, b): path.addQuadCurve(to: b, control: c)
            case let .curve(_, c1, c2, b): path.addCurve(to: b, control1: c1, control2: c2)
            }
        }
        if isClosed { path.closeSubpath() }
        return path
    }
}

extension PathContour {
    /// The parts of `contours` between arc lengths `start` and `end` measured along the whole
    /// path (subpaths one after another), as `strokeStart`/`strokeEnd` select them. A contour
    /// kept whole stays closed; a cut one becomes open at the cuts.
    static func trimmed(_ contours: [PathContour], from start: CGFloat, to end: CGFloat,
                        tolerance: CGFloat) -> [TrimmedContour] {
        var pieces: [TrimmedContour] = []
        var contourStart: CGFloat = 0
        for contour in contours {
            let contourLength = contour.length
            defer { contourStart += contourLength }
            let contourEnd = contourStart + contourLength
            guard contourEnd > start, contourStart < end else { continue }
            if contourStart >= start, contourEnd <= end {
                pieces.append(TrimmedContour(segments: contour.segments, isClosed: contour.isClosed, offsetInSubpath: 0))
                continue
            }
            var kept: [PathSegment] = []
            var segmentStart = contourStart
            for (segment, length) in zip(contour.segments, contour.lengths) {
                defer { segmentStart += length }
                let from = max(start, segmentStart), to = min(end, segmentStart + length)
                guard to > from else { continue }
                let t0 = segment.parameter(atLength: from - segmentStart, totalLength: length, tolerance: tolerance)
                let t1 = segment.parameter(atLength: to - segmentStart, totalLength: length, tolerance: tolerance)
                kept.append(segment.portion(from: t0, to: t1))
            }
            if !kept.isEmpty {
                pieces.append(TrimmedContour(segments: kept, isClosed: false,
                                             offsetInSubpath: max(start, contourStart) - contourStart))
            }
        }
        return pieces
    }
}
