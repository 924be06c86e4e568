import CCairo
import Foundation

// The current path is kept as a CGMutablePath in Cairo's device space: each point is transformed
// by the CTM when it is added, as Core Graphics does, so later CTM changes do not move it.

extension CGContext {
    /// Discards the current path and starts a new one.
    public func beginPath() {
        devicePath = CGMutablePath()
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) {
        devicePath.move(to: point, transform: cairoMatrix)
    }

    /// Adds a straight line from the current point to `point`.
    public func addLine(to point: CGPoint) {
        devicePath.addLine(to: point, transform: cairoMatrix)
    }

    /// Adds a sequence of connected lines through `points`, starting a new subpath at the first.
    public func addLines(between points: [CGPoint]) {
        devicePath.addLines(between: points, transform: cairoMatrix)
    }

    /// Adds a cubic Bézier curve from the current point to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        devicePath.addCurve(to: end, control1: control1, control2: control2, transform: cairoMatrix)
    }

    /// Adds a quadratic Bézier curve from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        devicePath.addQuadCurve(to: end, control: control, transform: cairoMatrix)
    }

    /// Closes the current subpath with a line back to its start.
    public func closePath() {
        devicePath.closeSubpath()
    }

    /// Adds a rectangle as a closed subpath.
    public func addRect(_ rect: CGRect) {
        devicePath.addRect(rect, transform: cairoMatrix)
    }

    /// Adds rectangles as closed subpaths.
    public func addRects(_ rects: [CGRect]) {
        devicePath.addRects(rects, transform: cairoMatrix)
    }

    /// Adds an ellipse that fits inside `rect`.
    public func addEllipse(in rect: CGRect) {
        devicePath.addEllipse(in: rect, transform: cairoMatrix)
    }

    /// Adds an arc of a circle, with a line from the current point to its start. Angles are in
    /// radians from the positive x axis; `clockwise` is judged in an unflipped (y-up) user space.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        devicePath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                          clockwise: clockwise, transform: cairoMatrix)
    }

    /// Adds an arc of `radius` tangent to the lines from the current point to `tangent1End` and
    /// from there to `tangent2End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        devicePath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: cairoMatrix)
    }

    /// Adds a copy of `path`, transformed by the CTM.
    public func addPath(_ path: CGPath) {
        devicePath.addPath(path, transform: cairoMatrix)
    }

    /// Whether the current path holds no elements.
    public var isPathEmpty: Bool { devicePath.isEmpty }

    /// The current point of the path, in user space.
    public var currentPointOfPath: CGPoint {
        devicePath.currentPoint.applying(cairoMatrix.inverted())
    }

    /// The bounding box of the current path (control points included), in user space.
    public var boundingBoxOfPath: CGRect {
        devicePath.isEmpty ? .null : devicePath.boundingBox.applying(cairoMatrix.inverted())
    }

    /// A copy of the current path, in user space.
    public var path: CGPath? {
        guard !devicePath.isEmpty else { return nil }
        let toUser = cairoMatrix.inverted()
        return withUnsafePointer(to: toUser) { devicePath.copy(using: $0) }
    }

    /// Takes the current path for painting, leaving the context with an empty one.
    func takePath() -> [CGPath.Element] {
        let elements = devicePath.elements
        devicePath = CGMutablePath()
        return elements
    }
}

extension CairoCanvas {
    /// Replaces Cairo's path with `elements`, which are in device space, reduced to what can be
    /// visible for `use` when they reach beyond Cairo's fixed-point range; Cairo's matrix is left
    /// unchanged, so the pen of a later stroke still follows the CTM.
    func setPath(_ elements: [CGPath.Element], for use: CairoFarPath.Use) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        CairoFarPath.append(elements, to: cr, for: use)
        cairo_set_matrix(cr, &matrix)
    }
}
