// Reads a CGPath's elements into the segments a keyframe animation follows, through Apple's
// `CGPath.applyWithBlock`.
import CoreGraphics

/// The drawn segments of `path`, in order: moves start a new subpath, closes draw a line back
/// to the subpath's start.
func pathSegments(of path: CGPath) -> [PathSegment] {
    var segments: [PathSegment] = []
    var current = CGPoint.zero
    var subpathStart = CGPoint.zero
    path.applyWithBlock { elementPointer in
        let element = elementPointer.pointee
        switch element.type {
        case .moveToPoint:
            current = element.points[0]
            subpathStart = current
        case .addLineToPoint:
            segments.append(.line(current, element.points[0]))
            current = element.points[0]
        case .addQuadCurveToPoint:
            segments.append(.quadCurve(current, element.points[0], element.points[1]))
            current = element.points[1]
        case .addCurveToPoint:
            segments.append(.curve(current, element.points[0], element.points[1], element.points[2]))
            current = element.points[2]
        case .closeSubpath:
            if current != subpathStart { segments.append(.line(current, subpathStart)) }
            current = subpathStart
        @unknown default:
            break
        }
    }
    return segments
}
