import Foundation

/// The model values of a `CAShapeLayer`, with Apple's defaults.
package struct ShapeLayerState: Sendable {
    var path: CGPath?
    var fillColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    var fillRule: CAShapeLayerFillRule = .nonZero
    var strokeColor: CGColor?
    var strokeStart: CGFloat = 0
    var strokeEnd: CGFloat = 1
    var lineWidth: CGFloat = 1
    var miterLimit: CGFloat = 10
    var lineCap: CAShapeLayerLineCap = .butt
    var lineJoin: CAShapeLayerLineJoin = .miter
    var lineDashPhase: CGFloat = 0
    var lineDashPattern: [Double]?

    static let accessors: [String: LayerPropertyAccessor] = [
        "path": .path(\.shape.path),
        "fillColor": .color(\.shape.fillColor),
        "fillRule": .constant(\.shape.fillRule),
        "strokeColor": .color(\.shape.strokeColor),
        "strokeStart": .cgFloat(\.shape.strokeStart),
        "strokeEnd": .cgFloat(\.shape.strokeEnd),
        "lineWidth": .cgFloat(\.shape.lineWidth),
        "miterLimit": .cgFloat(\.shape.miterLimit),
        "lineCap": .constant(\.shape.lineCap),
        "lineJoin": .constant(\.shape.lineJoin),
        "lineDashPhase": .cgFloat(\.shape.lineDashPhase),
        "lineDashPattern": .numbers(\.shape.lineDashPattern),
    ]

    /// Apple's animatable shape-layer properties.
    static let implicitlyAnimatedKeys: Set<String> = [
        "path", "fillColor", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit",
        "lineDashPhase",
    ]
}
