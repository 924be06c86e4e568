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
    weak var superlayerStorage: CALayer? {
        // A subtree that needs layout somewhere brings that need to its new ancestors.
        didSet { if needsLayoutFlag || sublayersNeedLayoutFlag { superlayerStorage?.noteSublayerNeedsLayout() } }
    }
    var maskStorage: CALayer?
    /// The layer whose `mask` this layer is.
    weak var maskOwner: CALayer?

    /// Set by a presentation copy: the model layer it was made from.
    weak var modelLayerStorage: CALayer?
    /// Whether a committed transaction has included this layer in a layer tree.
    var isLive = false
    /// The sublayers as the tree actions last saw them (kept for live layers only), so that a
    /// change can tell which layers were ordered in and out.
    var sublayersSeenByTreeActions: [CALayer] = []
    /// Whether `setNeedsLayout()` was called (or bounds changed) since the last layout.
    var needsLayoutFlag = false
    /// Whether a sublayer, or one of its descendants, may need layout: `layoutIfNeeded()` only
    /// descends into sublayers when it is set.
    var sublayersNeedLayoutFlag = false
    /// Whether `setNeedsDisplay()` was called since the last display.
    var needsDisplayFlag = false
    /// The union of the rectangles passed to `setNeedsDisplay(_:)` since the last display.
    var dirtyRect: CGRect = .null
    /// The image the last `display()` drew, kept to redraw only dirty parts of it (see Display/).
    var backingStore: LayerBackingStore?
    /// The layout manager (see `layoutManager`).
    var layoutManagerStorage: CALayoutManager?
    /// Constraints for `CAConstraintLayoutManager` (see `constraints`).
    var constraintStorage: [CAConstraint] = []
    /// How the layer resizes with its superlayer (see `autoresizingMask`).
    var autoresizingMaskStorage: CAAutoresizingMask = []
    /// The bounds size before the bounds change in progress: the old size handed to
    /// `resizeSublayers(withOldSize:)` (see `willChangeProperty(_:)`).
    var autoresizingReferenceSize: CGSize?
    /// Animations attached to the layer, in the order they were added.
    var animationStore: [AttachedAnimation] = []

    // MARK: Creating layers

    /// Creates a layer with Apple's default property values.
    public override init() {
        super.init()
        applyClassDefaults()
    }

    /// Creates a copy of `layer`, as Core Animation does when it makes presentation layers.
    ///
    /// Subclasses that add properties override this initializer and copy them, then call super.
    /// The copy has the layer's property values but no superlayer, sublayers or animations.
    /// The initializer is `required` so that presentation copies keep the subclass (Apple code
    /// that overrides it must add `required`: Swift on Linux has no Objective-C runtime to
    /// create instances of a dynamic class otherwise).
    public required init(layer: Any) {
        super.init()
        if let other = layer as? CALayer {
            state = other.state
            contentsObject = other.contentsObject
            customObjects = other.customObjects
            name = other.name
            delegate = other.delegate
            actions = other.actions
            style = other.style
            layoutManagerStorage = other.layoutManagerStorage
            constraintStorage = other.constraintStorage
            autoresizingMaskStorage = other.autoresizingMaskStorage
            animationStore = other.animationStore
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

    // MARK: Overridable behaviour
    //
    // Methods that Apple code overrides live in the class body: Swift cannot override members
    // declared in extensions without the Objective-C runtime.

    /// Lays out the sublayers. The default asks the layout manager, then the delegate's
    /// `layoutSublayers(of:)` (autoresizing has already happened when the bounds changed size).
    /// Subclasses override it to lay out their sublayers themselves.
    open func layoutSublayers() {
        layoutManagerStorage?.layoutSublayers(of: self)
        delegate?.layoutSublayers(of: self)
    }

    /// Returns the preferred size of the layer in its superlayer's coordinate space: the layout
    /// manager's answer when there is one, else the bounds size.
    open func preferredFrameSize() -> CGSize {
        layoutManagerStorage?.preferredSize(of: self) ?? state.bounds.size
    }

    /// Updates the layer's contents. The default asks the delegate's `display(_:)` when the
    /// delegate implements it, and otherwise redraws the backing store (the part marked by
    /// `setNeedsDisplay(_:)`) through `draw(in:)`; subclasses override it to set `contents` themselves.
    open func display() {
        let dirty = takeDisplayRequest()
        if let delegate, delegate.implementsDisplay {
            delegate.display(self)
        } else {
            redrawBackingStore(dirty: dirty)
        }
    }

    /// Draws the layer's contents into `ctx`, whose CTM maps the layer's bounds (top-left origin,
    /// y down) onto the backing store and whose clip is the area being redrawn. The default calls
    /// the delegate's `draw(_:in:)`; subclasses override it to draw.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    /// Renders the layer and its sublayers into `ctx`, in the layer's coordinate space: the
    /// origin of `bounds` at the origin of the CTM, through the context's clip. The layer tree's
    /// model values are drawn (backgrounds, borders, corner radii, contents, shadows, masks,
    /// sublayers with their transforms and opacity); animations are ignored. Subclasses may
    /// override it.
    open func render(in ctx: CGContext) {
        renderModelSubtree(in: ctx)
    }

    /// Returns the action for `event`, searching in Apple's order: the delegate's
    /// `action(for:forKey:)`, the `actions` dictionary, the `style` dictionary's `"actions"`
    /// entry, then the class's `defaultAction(forKey:)`. `NSNull` found at any step stops the
    /// search; it is returned and does nothing when run. Nil when no step has an action (the
    /// caller then falls back to the implicit animation of an animatable property).
    open func action(forKey event: String) -> CAAction? {
        if let found = delegate?.action(for: self, forKey: event) { return found }
        if let found = actions?[event] { return found }
        if let styleActions = style?["actions"] as? [String: CAAction], let found = styleActions[event] { return found }
        if let styleActions = style?["actions"] as? [AnyHashable: Any], let found = styleActions[event] as? CAAction {
            return found
        }
        return type(of: self).defaultAction(forKey: event)
    }

    /// Returns the default action of layers of this class for `event`; nil unless a subclass
    /// overrides it.
    open class func defaultAction(forKey event: String) -> CAAction? {
        nil
    }

    /// Returns the default value of `key` for layers of this class; subclasses override it to
    /// give their layers other defaults (new layers start with them). Nil for unknown keys and,
    /// as Apple's, for properties whose default is the zero of their type (`bounds`,
    /// `position`, `zPosition`, `backgroundColor`, ...); see `LayerClassDefaults`.
    open class func defaultValue(forKey key: String) -> Any? {
        LayerClassDefaults.value(forKey: key)
    }

    /// Returns whether a change of `key` makes the layer redraw its contents; false by default.
    open class func needsDisplay(forKey key: String) -> Bool {
        false
    }

    /// Returns whether the layer's bounds contain `p`, a point in the layer's own coordinates.
    open func contains(_ p: CGPoint) -> Bool {
        state.bounds.contains(p)
    }

    /// Returns the farthest descendant of the layer (or the layer itself) that contains `p`,
    /// a point in the superlayer's coordinate space, or nil.
    ///
    /// As the seeds describe: hidden layers and their sublayers are skipped; a layer that masks
    /// to its bounds hides sublayers outside them; sublayers are tried front to back in the
    /// order of the `sublayers` array, ignoring `zPosition`; back-facing layers that are not
    /// double-sided still take hits.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        if state.isHidden { return nil }
        let m = LayerGeometry.toSuperlayer(state, parent: superlayerStorage?.state)
        guard let local = m.unprojectPoint(p) else { return nil }
        let inside = contains(local)
        if state.masksToBounds && !inside { return nil }
        for sublayer in sublayerStorage.reversed() {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }

    /// How the render tree composites this kind of layer (transform layers keep 3D).
    var renderKind: RenderLayerKind { .plain }

    deinit {
        if isLive { RenderTreeStore.shared.remove(layerID) }
    }

    /// A textual description of the layer: its class, name and frame.
    open override var description: String {
        let kind = String(describing: type(of: self))
        let label = name.map { " \"\($0)\"" } ?? ""
        return "<\(kind)\(label) frame=\(frame) sublayers=\(sublayerStorage.count)>"
    }
}
