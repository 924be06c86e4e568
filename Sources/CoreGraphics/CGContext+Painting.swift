import CCairo
import Foundation

extension CGContext {
    // MARK: Painting the current path

    /// Fills the current path with the fill colour, using `rule`, and empties the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        fill(takePath(), rule: rule)
    }

    /// Fills the current path with the nonzero winding rule and empties the path.
    public func fillPath() {
        fillPath(using: .winding)
    }

    /// Fills the current path with the even-odd rule and empties the path.
    public func eoFillPath() {
        fillPath(using: .evenOdd)
    }

    /// Strokes the current path with the stroke colour and line style, and empties the path.
    public func strokePath() {
        stroke(takePath())
    }

    /// Paints the current path as `mode` says, then empties the path.
    public func drawPath(using mode: CGPathDrawingMode) {
        let elements = takePath()
        switch mode {
        case .fill: fill(elements, rule: .winding)
        case .eoFill: fill(elements, rule: .evenOdd)
        case .stroke: stroke(elements)
        case .fillStroke:
            fill(elements, rule: .winding)
            stroke(elements)
        case .eoFillStroke:
            fill(elements, rule: .evenOdd)
            stroke(elements)
        }
    }

    // MARK: Painting shapes (the current path is left alone)

    /// Fills a rectangle with the fill colour.
    public func fill(_ rect: CGRect) {
        fill([rect])
    }

    /// Fills rectangles with the fill colour.
    public func fill(_ rects: [CGRect]) {
        fill(devicePath(of: { $0.addRects(rects, transform: cairoMatrix) }), rule: .winding)
    }

    /// Strokes the outline of a rectangle with the stroke colour and line style.
    public func stroke(_ rect: CGRect) {
        stroke(devicePath(of: { $0.addRect(rect, transform: cairoMatrix) }))
    }

    /// Strokes the outline of a rectangle with lines `width` wide.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }

    /// Fills the ellipse that fits inside `rect`.
    public func fillEllipse(in rect: CGRect) {
        fill(devicePath(of: { $0.addEllipse(in: rect, transform: cairoMatrix) }), rule: .winding)
    }

    /// Strokes the ellipse that fits inside `rect`.
    public func strokeEllipse(in rect: CGRect) {
        stroke(devicePath(of: { $0.addEllipse(in: rect, transform: cairoMatrix) }))
    }

    /// Strokes separate line segments: each pair of points is one segment.
    public func strokeLineSegments(between points: [CGPoint]) {
        stroke(devicePath(of: { path in
            var index = 0
            while index + 1 < points.count {
                path.move(to: points[index], transform: cairoMatrix)
                path.addLine(to: points[index + 1], transform: cairoMatrix)
                index += 2
            }
        }))
    }

    /// Sets the pixels of a rectangle to transparent (to black, alpha 0), whatever the blend mode.
    public func clear(_ rect: CGRect) {
        let elements = devicePath(of: { $0.addRect(rect, transform: cairoMatrix) })
        perform { canvas in
            cairo_save(canvas.cr)
            canvas.setPath(elements, for: .fill)
            cairo_set_operator(canvas.cr, CAIRO_OPERATOR_CLEAR)
            cairo_fill(canvas.cr)
            cairo_restore(canvas.cr)
            canvas.finishOperation()
        }
    }

    // MARK: Clipping

    /// Intersects the clip with the current path, using `rule`, and empties the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        let elements = takePath()
        perform { canvas in
            canvas.setPath(elements, for: .fill)
            cairo_set_fill_rule(canvas.cr, rule.cairoRule)
            cairo_clip(canvas.cr)
        }
    }

    /// Intersects the clip with the current path using the even-odd rule.
    public func eoClip() {
        clip(using: .evenOdd)
    }

    /// Intersects the clip with a rectangle; the current path is left alone.
    public func clip(to rect: CGRect) {
        clip(to: [rect])
    }

    /// Intersects the clip with the union of rectangles; the current path is left alone.
    public func clip(to rects: [CGRect]) {
        let elements = devicePath(of: { $0.addRects(rects, transform: cairoMatrix) })
        perform { canvas in
            canvas.setPath(elements, for: .fill)
            cairo_set_fill_rule(canvas.cr, CAIRO_FILL_RULE_WINDING)
            cairo_clip(canvas.cr)
        }
    }

    /// Removes the clip (a Linux addition mirroring `resetClip()` of newer SDKs).
    public func resetClip() {
        perform { cairo_reset_clip($0.cr) }
    }

    /// The bounding box of the clip, in user space.
    public var boundingBoxOfClipPath: CGRect {
        performAndWait { canvas in
            var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
            cairo_clip_extents(canvas.cr, &x1, &y1, &x2, &y2)
            return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1).standardized
        }
    }

    // MARK: Shared painting

    /// A device-space path built by `build` (given the CTM-aware path methods).
    private func devicePath(of build: (CGMutablePath) -> Void) -> [CGPath.Element] {
        let path = CGMutablePath()
        build(path)
        return path.elements
    }

    /// Fills device-space elements with the fill colour.
    func fill(_ elements: [CGPath.Element], rule: CGPathFillRule) {
        let color = PaintColor(gstate.fillColor, alpha: gstate.alpha)
        paint { canvas in
            canvas.setPath(elements, for: .fill)
            cairo_set_fill_rule(canvas.cr, rule.cairoRule)
            color.setSource(on: canvas.cr)
            cairo_fill(canvas.cr)
        }
    }

    /// Strokes device-space elements with the stroke colour.
    func stroke(_ elements: [CGPath.Element]) {
        let color = PaintColor(gstate.strokeColor, alpha: gstate.alpha)
        paint { canvas in
            canvas.setPath(elements, for: .stroke)
            color.setSource(on: canvas.cr)
            // Bounded by what can be visible: Cairo walks every dash of a huge path (issue 33).
            CairoDashedStroke.stroke(canvas.cr)
        }
    }

    /// Runs a painting operation with the current shadow, then finishes it.
    func paint(_ draw: @escaping @Sendable (CairoCanvas) -> Void) {
        let shadow = gstate.shadow.map { $0.withAlpha(gstate.alpha) }
        perform { canvas in
            if let shadow {
                canvas.drawWithShadow(shadow, draw)
            } else {
                draw(canvas)
            }
            canvas.finishOperation()
        }
    }
}

/// A colour ready for Cairo: straight sRGB components with the context's alpha applied.
struct PaintColor: Sendable {
    var red, green, blue, alpha: Double

    init(_ color: CGColor, alpha globalAlpha: CGFloat) {
        let c = color.rgba
        red = Double(c.red)
        green = Double(c.green)
        blue = Double(c.blue)
        alpha = Double(c.alpha * globalAlpha)
    }

    func setSource(on cr: OpaquePointer) {
        cairo_set_source_rgba(cr, red, green, blue, alpha)
    }
}

extension CGPathFillRule {
    var cairoRule: cairo_fill_rule_t {
        self == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING
    }
}
