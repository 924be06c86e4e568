import Foundation
import Synchronization

/// An object that manages image-based content and allows you to perform animations on it.
///
/// A layer is a model object: setting a property records the new value at once (reading it back
/// returns what you set) and, once the layer is part of a committed tree, starts an implicit
/// animation from the value on screen. Geometry is iOS-style: the origin of `bounds` is the
/// top-left corner and y grows downwards, unless `isGeometryFlipped` says otherwise.
open class CALayer: NSObject {
    /// Identifies the layer in the render tree.
    let layerID: UInt64 = CALayer.nextLayerID.add(1, ordering: .relaxed).newValue
    private static let nextLayerID = Atomic<UInt64>(0)

    /// The model values of every renderable property.
    var state = LayerState()
    /// `contents` exactly as it was set (the render state keeps only a `CGImage`).
    var contentsObject: Any?
    /// Values of custom keys set through key-value coding, exactly as they were set.
    var customObjects: [String: Any] = [:]

    var sublayerStorage: [CALayer] = []
    weak var superlayerStorage: CALayer?
    var maskStorage: CALayer?
    /// The layer whose `mask` this layer is.
    weak var maskOwner: CALayer?

    /// Set by a presentation copy: the model layer it was made from.
    weak var modelLayerStorage: CALayer?
    /// Whether a committed transaction has included this layer in a layer tree.
    var isLive = false
    /// Whether `setNeedsLayout()` was called (or bounds changed) since the last layout.
    var needsLayoutFlag = false
    /// Whether `setNeedsDisplay()` was called since the last display.
    var needsDisplayFlag = false
    /// The union of the rectangles passed to `setNeedsDisplay(_:)` since the last display.
    var dirtyRect: CGRect = .null

    // MARK: Creating layers

    /// Creates a layer with Apple's default property values.
    public override init() {
        super.init()
    }

    /// Creates a copy of `layer`, as Core Animation does when it makes presentation layers.
    ///
    /// Subclasses that add properties override this initializer and copy them, then call super.
    /// The copy has the layer's property values but no superlayer, sublayers or animations.
    public init(layer: Any) {
        super.init()
        if let other = layer as? CALayer {
            state = other.state
            contentsObject = other.contentsObject
            customObjects = other.customObjects
            name = other.name
            delegate = other.delegate
            actions = other.actions
            style = other.style
        }
    }

    // MARK: Identity

    /// The name of the layer, used by constraints to refer to siblings.
    open var name: String?

    /// The layer's delegate (held weakly).
    open weak var delegate: CALayerDelegate?

    /// A dictionary of actions to use for the layer's properties, searched after the delegate.
    open var actions: [String: CAAction]?

    /// A dictionary of property values, searched when a property has no value of its own.
    /// Its `"actions"` entry is searched for actions after `actions`.
    open var style: [AnyHashable: Any]?

    open override var description: String {
        let kind = String(describing: type(of: self))
        let label = name.map { " \"\($0)\"" } ?? ""
        return "<\(kind)\(label) frame=\(frame) sublayers=\(sublayerStorage.count)>"
    }
}
