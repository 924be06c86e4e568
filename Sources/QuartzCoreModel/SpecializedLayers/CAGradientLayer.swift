import Foundation

/// A layer that draws a colour gradient over its background colour, filling the shape of the
/// layer (including rounded corners).
///
/// `colors`, `locations`, `startPoint` and `endPoint` are animatable; the gradient is evaluated
/// by the renderer rather than drawn into a backing image.
open class CAGradientLayer: CALayer {
    /// Creates a gradient layer with Apple's defaults: no colours, a vertical axial gradient.
    public override init() {
        super.init()
        installSpecializedState(.gradient(GradientLayerState()))
    }

    /// Creates a gradient layer from an archive (see `CALayer.init?(coder:)`): its defaults,
    /// then what the archive holds, its own properties included.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        installSpecializedState(.gradient(GradientLayerState()))
        decodeArchivedSpecializedProperties(from: coder)
    }

    /// Creates a copy of `layer`, as Core Animation does for presentation layers.
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// Returns the default value of `key` for gradient layers.
    open override class func defaultValue(forKey key: String) -> Any? {
        specializedDefault(forKey: key, in: .gradient(GradientLayerState())) ?? super.defaultValue(forKey: key)
    }

    /// The colours of the gradient stops, as `CGColor` values; defaults to nil. Animatable.
    ///
    /// Elements that are not colours make the array invalid: it is ignored and reported.
    open var colors: [Any]? {
        get { state.gradient.colors }
        set {
            let converted = newValue.map { $0.compactMap { AnimatableValue($0).flatMap(Self.cgColor) } }
            guard converted?.count == newValue?.count else {
                Diagnostics.reject("CAGradientLayer: ignored colors containing a value that is not a CGColor")
                return
            }
            setProperty(\.gradient.colors, converted.flatMap { $0.isEmpty ? nil : $0 }, key: "colors")
        }
    }

    /// The location of each gradient stop, from 0 to 1, in increasing order; defaults to nil
    /// (evenly spaced). A count different from `colors` draws nothing. Animatable.
    open var locations: [NSNumber]? {
        get { state.gradient.locations?.map { NSNumber(value: $0) } }
        set {
            let values = newValue?.map(\.doubleValue)
            guard values?.allSatisfy(\.isFinite) ?? true else {
                Diagnostics.reject("CAGradientLayer: ignored non-finite locations")
                return
            }
            setProperty(\.gradient.locations, values.flatMap { $0.isEmpty ? nil : $0 }, key: "locations")
        }
    }

    /// The start point of the gradient in unit coordinates of the layer's bounds; defaults to
    /// (0.5, 0), the top centre. Animatable.
    open var startPoint: CGPoint {
        get { state.gradient.startPoint }
        set { setFinite(\.gradient.startPoint, newValue, key: "startPoint") }
    }

    /// The end point of the gradient in unit coordinates of the layer's bounds; defaults to
    /// (0.5, 1), the bottom centre. Animatable.
    open var endPoint: CGPoint {
        get { state.gradient.endPoint }
        set { setFinite(\.gradient.endPoint, newValue, key: "endPoint") }
    }

    /// The kind of gradient drawn; defaults to `.axial`.
    open var type: CAGradientLayerType {
        get { state.gradient.type }
        set { setProperty(\.gradient.type, newValue, key: "type") }
    }

    private static func cgColor(_ value: AnimatableValue) -> CGColor? {
        if case .color(let c) = value { return c }
        return nil
    }
}
