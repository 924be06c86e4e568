import QuartzCore

/// Builds a `CGPath` from fuzzed elements and arguments (non-finite ones included), measures
/// and hit-tests it, copies it through a transform, and draws it with a shape layer's fill,
/// stroke, dashes and stroke range.
enum PathTarget {
    static func run(_ input: inout FuzzInput) {
        let path = makePath(&input, elementLimit: 24)
        _ = path.boundingBox
        _ = path.boundingBoxOfPath
        _ = path.currentPoint
        _ = path.isEmpty
        _ = path.contains(input.point(), using: input.bool() ? .evenOdd : .winding)
        var transform = CGAffineTransform(a: input.float(), b: input.float(), c: input.float(), d: input.float(),
                                          tx: input.float(), ty: input.float())
        _ = path.copy(using: &transform)
        var elements = 0
        path.applyWithBlock { _ in elements += 1 }

        let (root, _) = FuzzScene.makeTree()
        let shape = CAShapeLayer()
        shape.frame = root.bounds
        shape.path = path
        shape.fillColor = input.bool() ? CGColor(red: 0, green: 0, blue: 1, alpha: 1) : nil
        shape.strokeColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        shape.lineWidth = input.float()
        shape.miterLimit = input.float()
        shape.lineCap = input.choose([.butt, .round, .square])
        shape.lineJoin = input.choose([.miter, .round, .bevel])
        if input.bool() { shape.lineDashPattern = (0..<input.index(below: 5)).map { _ in NSNumber(value: input.double()) } }
        shape.lineDashPhase = input.float()
        shape.strokeStart = input.float()
        shape.strokeEnd = input.float()
        shape.fillRule = input.bool() ? .evenOdd : .nonZero
        root.addSublayer(shape)
        FuzzScene.render(root, at: [0])
    }

    /// A path of up to `elementLimit` elements of every kind.
    static func makePath(_ input: inout FuzzInput, elementLimit: Int) -> CGMutablePath {
        let path = CGMutablePath()
        for _ in 0..<input.index(below: elementLimit + 1) {
            switch input.byte() % 12 {
            case 0: path.move(to: input.point())
            case 1: path.addLine(to: input.point())
            case 2: path.addQuadCurve(to: input.point(), control: input.point())
            case 3: path.addCurve(to: input.point(), control1: input.point(), control2: input.point())
            case 4: path.closeSubpath()
            case 5: path.addRect(input.rect())
            case 6: path.addEllipse(in: input.rect())
            case 7: path.addRoundedRect(in: input.rect(), cornerWidth: input.float(), cornerHeight: input.float())
            case 8: path.addArc(center: input.point(), radius: input.float(), startAngle: input.float(),
                                endAngle: input.float(), clockwise: input.bool())
            case 9: path.addRelativeArc(center: input.point(), radius: input.float(), startAngle: input.float(), delta: input.float())
            case 10: path.addArc(tangent1End: input.point(), tangent2End: input.point(), radius: input.float())
            default: path.addLines(between: (0..<input.index(below: 4)).map { _ in input.point() })
            }
        }
        return path
    }
}
