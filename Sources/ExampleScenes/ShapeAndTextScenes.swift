import QuartzCore

// The book's chapter 6 shape and text layers (001:2725-2900): drawn from their properties by
// Cairo and Pango at the density they are seen at.

extension ExampleScene {
    /// Listing 6.1: a stick figure stroked by one CAShapeLayer (red, 5 points wide, round joins
    /// and caps, no fill), beside Chapter 6's rounded rectangle with three rounded corners.
    public static let stickFigure = ExampleScene(
        name: "stickfigure", summary: "Listing 6.1: a stick figure and a three-corner rounded rect with CAShapeLayer",
        size: CGSize(width: 400, height: 250)
    ) { root in
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 175, y: 100))
        path.addArc(center: CGPoint(x: 150, y: 100), radius: 25, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        path.move(to: CGPoint(x: 150, y: 125))
        path.addLine(to: CGPoint(x: 150, y: 175))
        path.addLine(to: CGPoint(x: 125, y: 225))
        path.move(to: CGPoint(x: 150, y: 175))
        path.addLine(to: CGPoint(x: 175, y: 225))
        path.move(to: CGPoint(x: 100, y: 150))
        path.addLine(to: CGPoint(x: 200, y: 150))
        let figure = CAShapeLayer()
        figure.strokeColor = Palette.red
        figure.fillColor = nil
        figure.lineWidth = 5
        figure.lineJoin = .round
        figure.lineCap = .round
        figure.path = path
        root.addSublayer(figure)

        // Top-right, bottom-right and bottom-left corners rounded by 20; top-left sharp.
        let r: CGFloat = 20, rect = CGRect(x: 250, y: 50, width: 100, height: 100)
        let rounded = CGMutablePath()
        rounded.move(to: CGPoint(x: rect.minX, y: rect.minY))
        rounded.addArc(tangent1End: CGPoint(x: rect.maxX, y: rect.minY), tangent2End: CGPoint(x: rect.maxX, y: rect.maxY), radius: r)
        rounded.addArc(tangent1End: CGPoint(x: rect.maxX, y: rect.maxY), tangent2End: CGPoint(x: rect.minX, y: rect.maxY), radius: r)
        rounded.addArc(tangent1End: CGPoint(x: rect.minX, y: rect.maxY), tangent2End: CGPoint(x: rect.minX, y: rect.minY), radius: r)
        rounded.closeSubpath()
        let corners = CAShapeLayer()
        corners.fillColor = Palette.blue
        corners.path = rounded
        root.addSublayer(corners)
    }

    /// Listing 6.2: a justified, wrapped text label, 15 points, black on white.
    public static let textLabel = ExampleScene(
        name: "textlabel", summary: "Listing 6.2: a wrapped, justified CATextLayer",
        size: CGSize(width: 300, height: 200)
    ) { root in
        let text = CATextLayer()
        text.frame = CGRect(x: 20, y: 20, width: 260, height: 160)
        text.foregroundColor = Palette.black
        text.alignmentMode = .justified
        text.isWrapped = true
        text.font = "Helvetica"
        text.fontSize = 15
        text.string = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Quisque massa arcu, eleifend vel "
            + "varius in, facilisis pulvinar leo. Nunc quis nunc at mauris pharetra condimentum ut ac neque."
        root.addSublayer(text)
    }
}
