import Foundation

/// A layer that draws a cubic Bézier spline in its coordinate space.
///
/// The shape is composited between the layer's contents and its first sublayer. It is drawn
/// from the vector path at composite time, so it stays sharp at any scale, and it is not
/// clipped to the layer's bounds. `path`, the colours, `lineWidth`, `miterLimit`,
/// `lineDashPhase` and `strokeStart`/`strokeEnd` are animatable; a path animates between paths
/// with the same number of elements.
open class CAShapeLayer: CALayer {
    /// Creates a shape layer with Apple's defaults: opaque black fill, no stroke, line width 1.
    public override init() {
        super.init()
        installSpecializedState(.shape(ShapeLayerState()))
    }

    /// Creates a shape layer from an archive (see `CALayer.init?(coder:)`): its defaults,
    /// then what the archive holds, its own properties included.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        installSpecializedState(.shape(ShapeLayerState()))
        decodeArchivedSpecializedProperties(from: coder)
    }

    /// Creates a copy of `layer`, as Core Animation does for presentation layers.
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// Returns the default value of `key` for shape layers.
    open override class func defaultValue(forKey key: String) -> Any? {
        specializedDefault(forKey: key, in: .shape(ShapeLayerState())) ?? super.defaultValue(forKey: key)
    }

    /// The path defining the shape to be rendered; defaults to nil. Animatable.
    ///
    /// The path is copied when set, so later changes to a mutable path do not affect the layer.
    open var path: CGPath? {
        get { state.shape.path }
        set { setProperty(\.shape.path, newValue.map { $0.copy() ?? $0 }, key: "path") }
    }

    /// The colour used to fill the path; defaults to opaque black. Nil fills nothing. Animatable.
    open var fillColor: CGColor? {
        get { state.shape.fillColor }
        set { setProperty(\.shape.fillColor, newValue, key: "fillColor") }
    }

    /// The fill rule used when filling the path; defaults to `.nonZero`.
    open var fillRule: CAShapeLayerFillRule {
        get { state.shape.fillRule }
        set { setProperty(\.shape.fillRule, newValue, key: "fillRule") }
    }

    /// The colour used to stroke the path; defaults to nil (no stroke). Animatable.
    open var strokeColor: CGColor? {
        get { state.shape.strokeColor }
        set { setProperty(\.shape.strokeColor, newValue, key: "strokeColor") }
    }

    /// The relative location, from 0 to 1, at which to begin stroking the path; defaults to 0.
    /// Animatable.
    open var strokeStart: CGFloat {
        get { state.shape.strokeStart }
        set { setFinite(\.shape.strokeStart, newValue, key: "strokeStart") }
    }

    /// The relative location, from 0 to 1, at which to stop stroking the path; defaults to 1.
    /// Animating it from 0 draws the line progressively. Animatable.
    open var strokeEnd: CGFloat {
        get { state.shape.strokeEnd }
        set { setFinite(\.shape.strokeEnd, newValue, key: "strokeEnd") }
    }

    /// The width of the stroke, in points; defaults to 1. Animatable.
    open var lineWidth: CGFloat {
        get { state.shape.lineWidth }
        set { setFinite(\.shape.lineWidth, newValue, key: "lineWidth") }
    }

    /// The limit on the ratio of a miter joint's length to the line width; defaults to 10.
    /// Animatable.
    open var miterLimit: CGFloat {
        get { state.shape.miterLimit }
        set { setFinite(\.shape.miterLimit, newValue, key: "miterLimit") }
    }

    /// The shape of the ends of the stroked path; defaults to `.butt`.
    open var lineCap: CAShapeLayerLineCap {
        get { state.shape.lineCap }
        set { setProperty(\.shape.lineCap, newValue, key: "lineCap") }
    }

    /// The shape of the joints of the stroked path; defaults to `.miter`.
    open var lineJoin: CAShapeLayerLineJoin {
        get { state.shape.lineJoin }
        set { setProperty(\.shape.lineJoin, newValue, key: "lineJoin") }
    }

    /// How far into the dash pattern the stroke starts, in points; defaults to 0. Animatable.
    open var lineDashPhase: CGFloat {
        get { state.shape.lineDashPhase }
        set { setFinite(\.shape.lineDashPhase, newValue, key: "lineDashPhase") }
    }

    /// The lengths of the painted and unpainted segments of a dashed stroke, alternately, in
    /// points; defaults to nil (a solid line).
    open var lineDashPattern: [NSNumber]? {
        get { state.shape.lineDashPattern?.map { NSNumber(value: $0) } }
        set {
            let lengths = newValue?.map(\.doubleValue)
            guard lengths?.allSatisfy({ $0.isFinite && $0 >= 0 }) ?? true else {
                Diagnostics.reject("CAShapeLayer: ignored lineDashPattern with a negative or non-finite length")
                return
            }
            setProperty(\.shape.lineDashPattern, lengths.flatMap { $0.isEmpty ? nil : $0 }, key: "lineDashPattern")
        }
    }
}
