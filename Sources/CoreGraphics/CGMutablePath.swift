import Foundation

/// A mutable graphics path: a path you build by adding lines, curves, arcs and shapes.
///
/// Every method takes an optional `transform` applied to its points before they are added.
/// A mutable path must not be changed while another thread reads it; `copy()` gives an immutable snapshot.
public class CGMutablePath: CGPath, @unchecked Sendable {
    /// The subpath state after the last element.
    private var cursor: PathCursor

    /// Creates an empty mutable path.
    public convenience init() {
        self.init(elements: [])
    }

    /// Creates a mutable path holding elements.
    override init(elements: [Element]) {
        cursor = PathCursor(after: elements)
        super.init(elements: elements)
    }

    /// Appends an element and updates the subpath state.
    private func append(_ element: Element) {
        storage.append(element)
        cursor.advance(over: element)
    }

    /// Appends a line or curve; ignored when there is no current point, as on Apple platforms.
    ///
    /// A segment after `closeSubpath()` starts a new subpath at the closed subpath's start point;
    /// this implementation records that start as an explicit move so every subpath begins with one.
    private func appendSegment(_ element: Element) {
        guard cursor.hasCurrentPoint else { return }
        if cursor.isClosed { append(.moveToPoint(cursor.current)) }
        append(element)
    }

    /// Begins a new subpath at the specified point.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(.moveToPoint(point.applying(transform)))
    }

    /// Appends a straight line segment from the current point to the specified point.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        appendSegment(.addLineToPoint(point.applying(transform)))
    }

    /// Adds a sequence of connected straight-line segments: a move to the first point, then lines to the others.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() { addLine(to: point, transform: transform) }
    }

    /// Adds a quadratic Bézier curve to the path, with the specified end point and control point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        appendSegment(.addQuadCurveToPoint(control: control.applying(transform), end: end.applying(transform)))
    }

    /// Adds a cubic Bézier curve to the path, with the specified end point and control points.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        appendSegment(.addCurveToPoint(control1: control1.applying(transform),
                                       control2: control2.applying(transform),
                                       end: end.applying(transform)))
    }

    /// Closes and completes the current subpath with a line back to its start.
    public func closeSubpath() {
        guard cursor.hasCurrentPoint, !cursor.isClosed else { return }
        append(.closeSubpath)
    }

    /// Adds a rectangular subpath: a move to the origin, three lines clockwise in y-down geometry, and a close.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let x = rect.origin.x, y = rect.origin.y, w = rect.size.width, h = rect.size.height
        move(to: CGPoint(x: x, y: y), transform: transform)
        addLine(to: CGPoint(x: x + w, y: y), transform: transform)
        addLine(to: CGPoint(x: x + w, y: y + h), transform: transform)
        addLine(to: CGPoint(x: x, y: y + h), transform: transform)
        closeSubpath()
    }

    /// Adds a set of rectangular subpaths to the path.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// Adds an ellipse that fits inside the specified rectangle, as a closed subpath of four cubic curves.
    ///
    /// It starts at the rectangle's right edge midpoint and runs through increasing angles
    /// (towards maxY first), as Apple's does.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let rect = rect.standardized
        let unitToRect = CGAffineTransform(scaleX: rect.width / 2, y: rect.height / 2)
            .concatenating(CGAffineTransform(translationX: rect.midX, y: rect.midY))
            .concatenating(transform)
        appendArc(startAngle: 0, delta: 2 * .pi, unitToPath: unitToRect, connection: .move)
        closeSubpath()
    }

    /// Adds a subpath of a rectangle with rounded (elliptical) corners.
    ///
    /// Corner sizes are clamped to 0...half the rectangle's size; with a zero corner size the path is a rectangle.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let rect = rect.standardized
        let cw = min(max(cornerWidth, 0), rect.width / 2)
        let ch = min(max(cornerHeight, 0), rect.height / 2)
        guard cw > 0, ch > 0 else { addRect(rect, transform: transform); return }
        let corners: [(center: CGPoint, startAngle: CGFloat, lineEnd: CGPoint)] = [
            (CGPoint(x: rect.maxX - cw, y: rect.minY + ch), -.pi / 2, CGPoint(x: rect.maxX - cw, y: rect.minY)),
            (CGPoint(x: rect.maxX - cw, y: rect.maxY - ch), 0, CGPoint(x: rect.maxX, y: rect.maxY - ch)),
            (CGPoint(x: rect.minX + cw, y: rect.maxY - ch), .pi / 2, CGPoint(x: rect.minX + cw, y: rect.maxY)),
            (CGPoint(x: rect.minX + cw, y: rect.minY + ch), .pi, CGPoint(x: rect.minX, y: rect.minY + ch)),
        ]
        move(to: CGPoint(x: rect.minX + cw, y: rect.minY), transform: transform)
        for corner in corners {
            addLine(to: corner.lineEnd, transform: transform)
            let unitToCorner = CGAffineTransform(scaleX: cw, y: ch)
                .concatenating(CGAffineTransform(translationX: corner.center.x, y: corner.center.y))
                .concatenating(transform)
            appendArc(startAngle: corner.startAngle, delta: .pi / 2, unitToPath: unitToCorner, connection: .none)
        }
        closeSubpath()
    }

    /// Adds an arc of a circle, specified by a center, radius and start and end angles (radians).
    ///
    /// `clockwise` follows Apple's convention in the path's own coordinates: `false` runs through increasing
    /// angles (which looks clockwise in iOS's y-down geometry). When the angles are 2π or more apart in the
    /// chosen direction the arc is a full circle. A line joins the current point to the arc's start;
    /// without a current point the arc starts a new subpath.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        let sweep = clockwise ? startAngle - endAngle : endAngle - startAngle
        let magnitude = sweep >= 2 * .pi ? 2 * .pi : positiveRemainder(sweep, 2 * .pi)
        addRelativeArc(center: center, radius: radius, startAngle: startAngle,
                       delta: clockwise ? -magnitude : magnitude, transform: transform)
    }

    /// Adds an arc of a circle, specified by a center, radius, start angle and a signed angle to sweep (radians).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let unitToPath = CGAffineTransform(scaleX: radius, y: radius)
            .concatenating(CGAffineTransform(translationX: center.x, y: center.y))
            .concatenating(transform)
        appendArc(startAngle: startAngle, delta: delta, unitToPath: unitToPath, connection: .line)
    }

    /// Adds an arc of a circle tangent to the line from the current point to `tangent1End` and to the
    /// line from `tangent1End` to `tangent2End`, preceded by a line from the current point to the arc's start.
    ///
    /// With no current point nothing is added; when the points are collinear or the radius is not positive,
    /// a line to `tangent1End` is added instead.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard cursor.hasCurrentPoint else { return }
        let start = cursor.current.applying(transform.inverted())
        guard let arc = TangentArc(from: start, corner: tangent1End, to: tangent2End, radius: radius) else {
            addLine(to: tangent1End, transform: transform)
            return
        }
        addRelativeArc(center: arc.center, radius: radius, startAngle: arc.startAngle, delta: arc.delta,
                       transform: transform)
    }

    /// Appends a path's elements, transformed.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        for element in path.transformedElements(transform) { append(element) }
    }

    /// How an arc joins what comes before it.
    private enum ArcConnection {
        /// The arc starts a new subpath.
        case move
        /// A line joins the current point to the arc's start (a move when there is no current point).
        case line
        /// The arc's first curve starts at the current point, which is already the arc's start.
        case none
    }

    /// Appends an arc of the unit circle mapped into path coordinates, as cubic Béziers of at most 90° each.
    private func appendArc(startAngle: CGFloat, delta: CGFloat, unitToPath: CGAffineTransform,
                           connection: ArcConnection) {
        guard startAngle.isFinite, delta.isFinite else { return }
        let start = UnitArc.point(at: startAngle).applying(unitToPath)
        switch connection {
        case .move: move(to: start)
        case .line:
            if !cursor.hasCurrentPoint {
                move(to: start)
            } else if cursor.current != start {
                addLine(to: start)
            }
        case .none: break
        }
        for segment in UnitArc.cubicSegments(startAngle: startAngle, delta: delta) {
            addCurve(to: segment.end.applying(unitToPath),
                     control1: segment.control1.applying(unitToPath),
                     control2: segment.control2.applying(unitToPath))
        }
    }
}

/// The remainder of `value / divisor` in `0..<divisor`.
private func positiveRemainder(_ value: CGFloat, _ divisor: CGFloat) -> CGFloat {
    let remainder = value.truncatingRemainder(dividingBy: divisor)
    return remainder < 0 ? remainder + divisor : remainder
}
