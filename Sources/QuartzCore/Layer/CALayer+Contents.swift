import Foundation

extension CALayer {
    /// An object that provides the contents of the layer: a `CGImage`. Any other value leaves the
    /// layer blank, as on Apple platforms. Animatable (the default action is a crossfade).
    public var contents: Any? {
        get { contentsObject }
        set {
            let image = newValue.flatMap { $0 as? CGImage }
            if newValue != nil && image == nil {
                Diagnostics.reject("CALayer \(layerID): contents of type \(type(of: newValue!)) is not a CGImage; the layer draws no contents")
            }
            contentsObject = newValue
            setProperty(\.contents, image, key: "contents")
        }
    }
}
