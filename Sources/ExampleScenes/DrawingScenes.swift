import QuartzCore

// Scenes whose layers draw their own contents: the book's chapter 2 (custom drawing through the
// layer delegate) and chapter 13 (a drawing app that redraws only dirty rectangles, and vector
// drawing with Core Graphics).

extension ExampleScene {
    /// The book's Listing 2.5 custom drawing: a blue 100x100 layer whose delegate strokes a red
    /// circle 10 points wide inside its bounds (`drawLayer:inContext:`), in a 200x200 view.
    public static let delegateDrawing = ExampleScene(
        name: "delegate-drawing", summary: "Listing 2.5: a layer delegate strokes a red circle in a blue layer",
        size: CGSize(width: 200, height: 200)
    ) { root in
        let blue = CALayer()
        blue.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        blue.backgroundColor = Palette.blue
        let delegate = CircleDelegate()
        blue.delegate = delegate
        // The delegate is weak, as on Apple platforms: the layer's custom key keeps it alive here.
        blue.setValue(delegate, forKey: "drawingDelegate")
        root.addSublayer(blue)
        blue.display()
    }

    /// The book's chapter 13 drawing app: brush stamps along a stroke, each added with
    /// `setNeedsDisplay(_:)` of the stamp's rectangle only, so each redraw repaints one dirty
    /// rectangle of the existing backing store.
    public static let sketchDirtyRects = ExampleScene(
        name: "sketch", summary: "Chapter 13: a drawing app redrawing only each brush stamp's dirty rectangle",
        size: CGSize(width: 300, height: 200)
    ) { root in
        let canvas = SketchLayer()
        canvas.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        canvas.setNeedsDisplay()
        canvas.displayIfNeeded()
        for step in 0...40 {
            let x = 30 + CGFloat(step) * 6
            let point = CGPoint(x: x, y: 100 + 50 * sin(CGFloat(step) / 40 * 2 * .pi))
            canvas.addBrushStroke(at: point)
            canvas.displayIfNeeded()
        }
        root.addSublayer(canvas)
    }

    /// The book's chapter 13 vector drawing: a stick figure, a dashed frame, gradients and a
    /// label, all drawn with Core Graphics into one layer at contents scale 2.
    public static let vectorGraphics = ExampleScene(
        name: "vector", summary: "Chapter 13: vector drawing with paths, dashes, gradients and text",
        size: CGSize(width: 240, height: 240)
    ) { root in
        let layer = VectorArtLayer()
        layer.frame = CGRect(x: 20, y: 20, width: 200, height: 200)
        layer.contentsScale = 2
        layer.setNeedsDisplay()
        root.addSublayer(layer)
    }
}

/// Strokes a red circle 10 points wide in the layer's bounds (the book's chapter 2 delegate).
private final class CircleDelegate: CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.setLineWidth(10)
        ctx.setStrokeColor(Palette.red)
        ctx.strokeEllipse(in: layer.bounds)
    }
}

/// A drawing canvas that stamps a round brush at each stroke point and redraws only the stamps
/// that meet the context's clip (the dirty rectangle), as chapter 13's optimised app does.
private final class SketchLayer: CALayer {
    static let brushSize: CGFloat = 24
    private var strokes: [CGPoint] = []

    func addBrushStroke(at point: CGPoint) {
        strokes.append(point)
        setNeedsDisplay(brushRect(at: point))
    }

    private func brushRect(at point: CGPoint) -> CGRect {
        CGRect(x: point.x - Self.brushSize / 2, y: point.y - Self.brushSize / 2,
               width: Self.brushSize, height: Self.brushSize)
    }

    override func draw(in ctx: CGContext) {
        let dirty = ctx.boundingBoxOfClipPath
        ctx.setFillColor(CGColor(red: 0.98, green: 0.97, blue: 0.92, alpha: 1))
        ctx.fill(dirty)
        for (index, point) in strokes.enumerated() where brushRect(at: point).intersects(dirty) {
            let hue = CGFloat(index) / 40
            ctx.setFillColor(CGColor(red: 0.2 + 0.6 * hue, green: 0.3, blue: 0.9 - 0.6 * hue, alpha: 0.6))
            ctx.fillEllipse(in: brushRect(at: point))
        }
    }
}

/// Vector art drawn with Core Graphics (chapter 13's comparison with CAShapeLayer).
private final class VectorArtLayer: CALayer {
    override func draw(in ctx: CGContext) {
        let colors = [CGColor(red: 0.55, green: 0.8, blue: 1, alpha: 1), CGColor(red: 1, green: 1, blue: 1, alpha: 1)]
        if let sky = CGGradient(colorsSpace: nil, colors: colors as CFArray, locations: [0, 1]) {
            ctx.drawLinearGradient(sky, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 0, y: 200), options: [])
        }
        let sunColors = [CGColor(red: 1, green: 0.9, blue: 0.2, alpha: 1), CGColor(red: 1, green: 0.6, blue: 0, alpha: 0)]
        if let sun = CGGradient(colorsSpace: nil, colors: sunColors as CFArray, locations: [0.4, 1]) {
            ctx.drawRadialGradient(sun, startCenter: CGPoint(x: 160, y: 40), startRadius: 0,
                                   endCenter: CGPoint(x: 160, y: 40), endRadius: 30, options: [])
        }

        // The stick figure of the book's Listing 6.1, as one stroked path.
        ctx.setStrokeColor(Palette.red)
        ctx.setLineWidth(5)
        ctx.setLineJoin(.round)
        ctx.setLineCap(.round)
        ctx.addArc(center: CGPoint(x: 100, y: 70), radius: 20, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        ctx.move(to: CGPoint(x: 100, y: 90))
        ctx.addLine(to: CGPoint(x: 100, y: 140))
        ctx.addLine(to: CGPoint(x: 75, y: 185))
        ctx.move(to: CGPoint(x: 100, y: 140))
        ctx.addLine(to: CGPoint(x: 125, y: 185))
        ctx.move(to: CGPoint(x: 65, y: 110))
        ctx.addLine(to: CGPoint(x: 135, y: 110))
        ctx.strokePath()

        ctx.setStrokeColor(Palette.black)
        ctx.setLineWidth(2)
        ctx.setLineDash(phase: 0, lengths: [8, 4])
        ctx.stroke(bounds.insetBy(dx: 4, dy: 4))

        if let font = CGFont("DejaVuSans-Bold" as CFString) {
            ctx.setFont(font)
            ctx.setFontSize(18)
            ctx.setFillColor(Palette.black)
            ctx.showText("Vector", at: CGPoint(x: 12, y: 30))
        }
    }
}
