import Foundation
import Synchronization

/// An object that manages image-based content and allows you to perform animations on it.
///
/// A layer is a model object: setting a property records the new value at once (reading it back
/// returns what you set) and, once the layer is part of a committed tree, starts an implicit
/// animation from the value on screen. Geometry is iOS-style: the origin of `bounds` is the
/// top-left corner and y grows downwards, unless `isGeometryFlipped` says otherwise.
///
/// As on Apple platforms, every property and method is `open`, and the framework goes through
/// them (a `frame` change sets `bounds` and `position`, layout sets `frame`, key-value coding
/// calls the setters, the superlayer's `hitTest(_:)` calls each sublayer's), so a subclass's
/// overrides are honoured. Without the Objective-C runtime Swift can override only members
/// declared in a class body, so they are all declared here; most forward to an internal
/// `base…` implementation in the extension file of their topic (Hierarchy, Display, Layout...).
open class CALayer: NSObject, NSSecureCoding {
    /// Identifies the layer in the render tree: unique among living layers, reused after the
    /// layer is gone (see `LayerIDs`).
    package let layerID: UInt64 = LayerIDs.take()

    /// The layer's model data that other threads may read or write at the same time: read and
    /// written only through the accessors of `CALayer+LockedFields.swift`, which hold
    /// `LayerTreeLock` for as long as each access lasts.
    let lockedFields = LayerLockedFields()

    /// Set on a presentation copy: its model layer and its sublayers' source (nil on a model
    /// layer). One reference for both keeps a layer object within its allocation size, and
    /// telling a model layer from a copy a plain load rather than a weak one.
    private var presentationLink: PresentationLink?

    /// Set by a presentation copy: the model layer it was made from.
    var modelLayerStorage: CALayer? {
        get { presentationLink?.model }
        set { link().model = newValue }
    }

    /// Set by a presentation copy with sublayers: what their copies are made from when first
    /// read (see `PresentationSource`).
    var presentationSource: PresentationSource? {
        get { presentationLink?.source }
        set { link().source = newValue }
    }

    /// Set on a presentation copy whose superlayer's copy is made when first asked for (see
    /// `PresentationSuperlayer`). Read and written holding `LayerTreeLock`. Final: a member
    /// that a subclass may override takes a slot in the class's table, whose layout other
    /// modules compile against.
    final var superlayerPresentation: PresentationSuperlayer? {
        get { presentationLink?.superlayer }
        set { link().superlayer = newValue }
    }

    /// Whether this layer is a presentation copy (it has, or had, a model layer).
    var isPresentationCopy: Bool { presentationLink != nil }

    /// The presentation link, made on first use.
    private func link() -> PresentationLink {
        if let presentationLink { return presentationLink }
        let made = PresentationLink()
        presentationLink = made
        return made
    }

    // MARK: Creating layers

    /// Creates a layer with Apple's default property values.
    public override init() {
        super.init()
        applyClassDefaults()
    }

    /// Layers archive with `NSKeyedArchiver` and unarchive as secure coding asks.
    open class var supportsSecureCoding: Bool { true }

    /// Creates a layer from an archive written by `encode(with:)`: Apple's defaults, then every
    /// property, object and sublayer the archive holds. Subclasses that add properties override
    /// it (`required init?(coder:)`), call super and read their own.
    public required init?(coder: NSCoder) {
        super.init()
        applyClassDefaults()
        decodeArchivedProperties(from: coder)
        decodeArchivedObjects(from: coder)
    }

    /// Archives the layer: the properties that have been given values (see
    /// `shouldArchiveValue(forKey:)`), its name, mask, sublayers, style, actions and filters.
    /// Subclasses override it to archive their own state after calling super.
    open func encode(with coder: NSCoder) { baseEncode(with: coder) }

    /// Creates a copy of `layer`, as Core Animation does when it makes presentation layers.
    ///
    /// Subclasses that add properties override this initializer (`override init(layer:)`), copy
    /// their own properties from `layer` and call super; `presentation()` calls the subclass's
    /// override. The copy has the layer's property values but no superlayer, sublayers or
    /// animations.
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
            filters = other.filters
            backgroundFilters = other.backgroundFilters
            compositingFilter = other.compositingFilter
            layoutManagerStorage = other.layoutManagerStorage
            constraintStorage = other.constraintStorage
            autoresizingMaskStorage = other.autoresizingMaskStorage
            animationStore = other.animationStore
        }
    }

    /// Creates a presentation copy of `layer` through the dynamic type's `init(layer:)`; the
    /// framework's way to call an initializer on a class known only at run time (see
    /// `CARuntimeInstantiation`).
    public required convenience init(_ instantiation: CARuntimeInstantiation, copying layer: CALayer) {
        self.init(layer: layer)
    }

    // MARK: Identity

    /// The name of the layer, used by constraints to refer to siblings.
    open var name: String? {
        // A presentation's copies still to make are made from the value as it is.
        willSet { PendingPresentations.settle() }
    }

    /// The layer's delegate (held weakly).
    open weak var delegate: CALayerDelegate? {
        // A presentation's copies still to make are made from the value as it is.
        willSet { PendingPresentations.settle() }
    }

    /// A dictionary of actions to use for the layer's properties, searched after the delegate.
    open var actions: [String: CAAction]? {
        // A presentation's copies still to make are made from the value as it is.
        willSet { PendingPresentations.settle() }
    }

    /// A dictionary of property values, searched when a property has no value of its own.
    /// Its `"actions"` entry is searched for actions after `actions`.
    open var style: [AnyHashable: Any]? {
        // A presentation's copies still to make are made from the value as it is.
        willSet { PendingPresentations.settle() }
    }

    /// Core Image filters for the layer's foreground content (its background, contents, border
    /// and sublayers), applied in order to the layer's whole rendering before its shadow,
    /// opacity and mask; nil by default.
    ///
    /// The layer keeps a copy of each `CIFilter` as it is when assigned; change a filter
    /// afterwards through the layer's key paths, which use the filter's `name`
    /// (`setValue(4, forKeyPath: "filters.glow.inputRadius")`); those key paths animate, and
    /// changing one on a live layer animates implicitly. An element that is not a `CIFilter`
    /// is logged and ignored. Assigning a new array takes effect at once.
    open var filters: [Any]? {
        willSet { PendingPresentations.settle() }
        didSet { filtersDidChange(.filters) }
    }

    /// Core Image filters for the content behind the layer; nil by default. Kept, committed
    /// into the render tree and reached by key path as `filters` is
    /// (`backgroundFilters.blur.inputRadius`), but not yet drawn: the renderers draw the layer
    /// as if it had none.
    open var backgroundFilters: [Any]? {
        willSet { PendingPresentations.settle() }
        didSet { filtersDidChange(.backgroundFilters) }
    }

    /// A Core Image compositing or blend-mode filter (`CIMultiplyBlendMode`...) that
    /// composites the layer over the content behind it; nil (source over) by default. The Core
    /// Animation names of the blend modes (`"multiplyBlendMode"`) are accepted too. The
    /// renderers draw `CIAdditionCompositing` (the layer's rendering added to what is behind it)
    /// and `CISourceOverCompositing`; the other blend modes are kept and committed but not yet
    /// drawn (the layer composites source-over).
    open var compositingFilter: Any? {
        willSet { PendingPresentations.settle() }
        didSet { compositingFilterDidChange() }
    }

    // MARK: Properties
    //
    // Stored in `state`; declared here, in the class body, so that subclasses can override them.

    /// The layer's bounds rectangle, in its own coordinate space. Animatable.
    ///
    /// A rectangle with a negative width or height is standardized when set, as Apple's
    /// measurably is (GNUstep libs-quartzcore `Tests/quartzcore/CALayer/geometry.m`: bounds
    /// set to (0, 0, -100, -50) read back as (-100, -50, 100, 50)); the layer then draws the
    /// standardized rectangle.
    open var bounds: CGRect {
        get { state.bounds }
        set { setFinite(\.bounds, newValue.isFiniteValue ? newValue.standardized : newValue, key: "bounds") }
    }

    /// The position of the layer's anchor point, in its superlayer's coordinate space. Animatable.
    open var position: CGPoint {
        get { state.position }
        set { setFinite(\.position, newValue, key: "position", isPlacement: true) }
    }

    /// The layer's position on the z axis; it orders siblings before their index does. Animatable.
    open var zPosition: CGFloat {
        get { state.zPosition }
        set { setFinite(\.zPosition, newValue, key: "zPosition") }
    }

    /// The anchor point of the layer's bounds, in unit coordinates; defaults to (0.5, 0.5). Animatable.
    open var anchorPoint: CGPoint {
        get { state.anchorPoint }
        set { setFinite(\.anchorPoint, newValue, key: "anchorPoint") }
    }

    /// The anchor point's z component. Animatable.
    open var anchorPointZ: CGFloat {
        get { state.anchorPointZ }
        set { setFinite(\.anchorPointZ, newValue, key: "anchorPointZ") }
    }

    /// The transform applied to the layer and its sublayers, relative to the anchor point. Animatable.
    open var transform: CATransform3D {
        get { stateValue(\.transform) }
        set { setFinite(\.transform, newValue, key: "transform", isPlacement: true) }
    }

    /// The transform applied to the sublayers only, relative to the layer's anchor point. Animatable.
    open var sublayerTransform: CATransform3D {
        get { stateValue(\.sublayerTransform) }
        set { setFinite(\.sublayerTransform, newValue, key: "sublayerTransform") }
    }

    /// Whether the geometry of the layer and its sublayers is flipped vertically.
    open var isGeometryFlipped: Bool {
        get { state.isGeometryFlipped }
        set { setProperty(\.isGeometryFlipped, newValue, key: "geometryFlipped") }
    }

    /// Whether the layer shows its back when facing away from the viewer; defaults to true.
    open var isDoubleSided: Bool {
        get { state.isDoubleSided }
        set { setProperty(\.isDoubleSided, newValue, key: "doubleSided") }
    }

    /// Whether the layer is hidden. Animatable.
    open var isHidden: Bool {
        get { state.isHidden }
        set {
            let wasHidden = state.isHidden
            setProperty(\.isHidden, newValue, key: "hidden")
            if wasHidden != newValue { hiddenDidChange() }
        }
    }

    /// Whether sublayers and contents are clipped to the layer's (rounded) bounds. Animatable.
    open var masksToBounds: Bool {
        get { state.masksToBounds }
        set { setProperty(\.masksToBounds, newValue, key: "masksToBounds") }
    }

    /// The opacity of the layer and its sublayers, from 0 to 1; defaults to 1. Animatable.
    open var opacity: Float {
        get { state.opacity }
        set { setFinite(\.opacity, newValue, key: "opacity") }
    }

    /// The background colour, drawn behind the contents; defaults to nil. Animatable.
    open var backgroundColor: CGColor? {
        get { state.backgroundColor }
        set { setProperty(\.backgroundColor, newValue, key: "backgroundColor") }
    }

    /// The radius of the rounded corners of the background and border; defaults to 0. Animatable.
    open var cornerRadius: CGFloat {
        get { state.cornerRadius }
        set { setFinite(\.cornerRadius, newValue, key: "cornerRadius") }
    }

    /// Which corners `cornerRadius` rounds; defaults to all four. Animatable.
    /// Bits that are not corners are dropped, as Apple's drops them (GNUstep
    /// `Tests/quartzcore/CALayer/modern.m`).
    open var maskedCorners: CACornerMask {
        get { state.maskedCorners }
        set {
            setProperty(\.maskedCorners, newValue, key: "maskedCorners")
            state.applySetterValidation()
        }
    }

    /// The curve used for rounded corners; defaults to circular.
    /// A curve Core Animation does not know puts it back to circular, as Apple's does (GNUstep
    /// `Tests/quartzcore/CALayer/modern.m`).
    open var cornerCurve: CALayerCornerCurve {
        get { state.cornerCurve }
        set {
            setProperty(\.cornerCurve, newValue, key: "cornerCurve")
            state.applySetterValidation()
        }
    }

    /// The width of the border, drawn inside the bounds; defaults to 0. Animatable.
    open var borderWidth: CGFloat {
        get { state.borderWidth }
        set { setFinite(\.borderWidth, newValue, key: "borderWidth") }
    }

    /// The colour of the border; defaults to opaque black. Animatable.
    open var borderColor: CGColor? {
        get { state.borderColor }
        set { setProperty(\.borderColor, newValue, key: "borderColor") }
    }

    /// The colour of the shadow; defaults to opaque black. Animatable.
    open var shadowColor: CGColor? {
        get { state.shadowColor }
        set { setProperty(\.shadowColor, newValue, key: "shadowColor") }
    }

    /// The opacity of the shadow; defaults to 0 (no shadow). Animatable.
    open var shadowOpacity: Float {
        get { state.shadowOpacity }
        set { setFinite(\.shadowOpacity, newValue, key: "shadowOpacity") }
    }

    /// The offset of the shadow; defaults to (0, -3). Animatable.
    open var shadowOffset: CGSize {
        get { state.shadowOffset }
        set { setFinite(\.shadowOffset, newValue, key: "shadowOffset") }
    }

    /// The blur radius of the shadow; defaults to 3. Animatable.
    open var shadowRadius: CGFloat {
        get { state.shadowRadius }
        set { setFinite(\.shadowRadius, newValue, key: "shadowRadius") }
    }

    /// The shape of the shadow; when nil the shadow follows the layer's composited alpha. Animatable.
    open var shadowPath: CGPath? {
        get { state.shadowPath }
        set { setProperty(\.shadowPath, newValue, key: "shadowPath") }
    }

    /// Whether the layer's edges are antialiased when it is transformed.
    open var allowsEdgeAntialiasing: Bool {
        get { state.allowsEdgeAntialiasing }
        set { setProperty(\.allowsEdgeAntialiasing, newValue, key: "allowsEdgeAntialiasing") }
    }

    /// Which edges are antialiased; defaults to all four.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { state.edgeAntialiasingMask }
        set { setProperty(\.edgeAntialiasingMask, newValue, key: "edgeAntialiasingMask") }
    }

    /// Whether the layer and its sublayers are composited as a group when opacity is below 1; defaults to true.
    open var allowsGroupOpacity: Bool {
        get { state.allowsGroupOpacity }
        set { setProperty(\.allowsGroupOpacity, newValue, key: "allowsGroupOpacity") }
    }

    /// Whether the layer is rendered as a bitmap before compositing; defaults to false.
    open var shouldRasterize: Bool {
        get { state.shouldRasterize }
        set { setProperty(\.shouldRasterize, newValue, key: "shouldRasterize") }
    }

    /// The scale at which the layer is rasterized; defaults to 1.
    open var rasterizationScale: CGFloat {
        get { state.rasterizationScale }
        set { setFinite(\.rasterizationScale, newValue, key: "rasterizationScale") }
    }

    /// The part of the contents to draw, in unit coordinates; defaults to (0, 0, 1, 1). Animatable.
    open var contentsRect: CGRect {
        get { state.contentsRect }
        set { setFinite(\.contentsRect, newValue, key: "contentsRect") }
    }

    /// The stretchable part of the contents, in unit coordinates; defaults to (0, 0, 1, 1). Animatable.
    open var contentsCenter: CGRect {
        get { state.contentsCenter }
        set { setFinite(\.contentsCenter, newValue, key: "contentsCenter") }
    }

    /// How the contents are positioned or scaled in the bounds; defaults to resize. A value that
    /// is none of the gravity constants is kept as `center`, as Apple's measurably keeps it
    /// (GNUstep libs-quartzcore `Tests/quartzcore/CALayer/render.m`, run against Apple's).
    open var contentsGravity: CALayerContentsGravity {
        get { state.contentsGravity }
        set { setProperty(\.contentsGravity, newValue.isKnown ? newValue : .center, key: "contentsGravity") }
    }

    /// The ratio of contents pixels to points; defaults to 1.
    open var contentsScale: CGFloat {
        get { state.contentsScale }
        set { setFinite(\.contentsScale, newValue, key: "contentsScale") }
    }

    /// The pixel format of the backing store the layer draws into.
    /// Defaults to RGBA8; a format Core Animation does not know puts it back to RGBA8, as
    /// Apple's does (GNUstep `Tests/quartzcore/CALayer/modern.m`).
    open var contentsFormat: CALayerContentsFormat {
        get { state.contentsFormat }
        set {
            setProperty(\.contentsFormat, newValue, key: "contentsFormat")
            state.applySetterValidation()
        }
    }

    /// The filter used when the contents are drawn smaller; defaults to linear.
    open var minificationFilter: CALayerContentsFilter {
        get { state.minificationFilter }
        set { setProperty(\.minificationFilter, newValue, key: "minificationFilter") }
    }

    /// The filter used when the contents are drawn larger; defaults to linear.
    open var magnificationFilter: CALayerContentsFilter {
        get { state.magnificationFilter }
        set { setProperty(\.magnificationFilter, newValue, key: "magnificationFilter") }
    }

    /// The bias used to choose the mipmap level with the trilinear filter.
    open var minificationFilterBias: Float {
        get { state.minificationFilterBias }
        set { setFinite(\.minificationFilterBias, newValue, key: "minificationFilterBias") }
    }

    /// Whether the layer's drawn contents are opaque; ignored for images assigned to `contents`.
    open var isOpaque: Bool {
        get { state.isOpaque }
        set { setProperty(\.isOpaque, newValue, key: "opaque") }
    }

    /// Whether the contents are redrawn when the bounds change; defaults to false.
    open var needsDisplayOnBoundsChange: Bool {
        get { state.needsDisplayOnBoundsChange }
        set { setProperty(\.needsDisplayOnBoundsChange, newValue, key: "needsDisplayOnBoundsChange") }
    }

    /// Whether drawing commands are executed on a background thread.
    open var drawsAsynchronously: Bool {
        get { state.drawsAsynchronously }
        set { setProperty(\.drawsAsynchronously, newValue, key: "drawsAsynchronously") }
    }

    // MARK: Media timing (CAMediaTiming)

    /// The layer's begin time, in its superlayer's time space.
    open var beginTime: CFTimeInterval {
        get { state.beginTime }
        set { setFinite(\.beginTime, newValue, key: "beginTime") }
    }
    /// The duration of the layer's own timeline; infinite by default, so that the layer's time
    /// runs on for ever. Apple's CALayer measurably starts with (and `defaultValue(forKey:)`
    /// answers) an infinite duration, where CAMediaTiming.h says "Defaults to 0" for the
    /// protocol in general (GNUstep libs-quartzcore `Tests/quartzcore/CAMediaTiming/timing.m`).
    /// A finite positive duration makes `repeatCount`, `repeatDuration`, `autoreverses` and
    /// `fillMode` act on the time the layer's sublayers and animations see, as they do on an
    /// animation's. NaN and negative values are rejected.
    open var duration: CFTimeInterval {
        get { state.duration }
        set {
            guard !newValue.isNaN, newValue >= 0 else {
                Diagnostics.reject("CALayer \(layerID): ignored invalid duration \(newValue)")
                return
            }
            setProperty(\.duration, newValue, key: "duration")
        }
    }
    /// How fast time passes in the layer relative to its superlayer; 0 pauses the layer and
    /// everything below it.
    open var speed: Float {
        get { state.speed }
        set { setFinite(\.speed, newValue, key: "speed") }
    }
    /// An offset added to the layer's local time.
    open var timeOffset: CFTimeInterval {
        get { state.timeOffset }
        set { setFinite(\.timeOffset, newValue, key: "timeOffset") }
    }
    /// The number of times the layer's timeline repeats.
    open var repeatCount: Float {
        get { state.repeatCount }
        set { setProperty(\.repeatCount, newValue, key: "repeatCount") }
    }
    /// How long the layer's timeline repeats for.
    open var repeatDuration: CFTimeInterval {
        get { state.repeatDuration }
        set { setProperty(\.repeatDuration, newValue, key: "repeatDuration") }
    }
    /// Whether the layer's timeline plays backwards after playing forwards.
    open var autoreverses: Bool {
        get { state.autoreverses }
        set { setProperty(\.autoreverses, newValue, key: "autoreverses") }
    }
    /// How the layer's timeline behaves outside its active interval.
    open var fillMode: CAMediaTimingFillMode {
        get { CAMediaTimingFillMode(rawValue: state.fillMode) }
        set { setProperty(\.fillMode, newValue.rawValue, key: "fillMode") }
    }

    /// An object that provides the contents of the layer: a `CGImage`. Any other value leaves the
    /// layer blank, as on Apple platforms. Animatable (the default action is a crossfade).
    open var contents: Any? {
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

    // MARK: Hierarchy

    /// The layer's superlayer, or nil for a root layer (and for a mask layer).
    open var superlayer: CALayer? { baseSuperlayer }

    /// The layer's sublayers in back-to-front order, or nil when it has none.
    ///
    /// Setting the array removes the current sublayers; each new sublayer is first removed from
    /// its previous superlayer. A layer that is this layer or one of its ancestors is refused.
    open var sublayers: [CALayer]? {
        get { baseSublayers }
        set { baseSublayers = newValue }
    }

    /// An optional layer whose alpha channel masks the layer's content.
    ///
    /// The mask is positioned in this layer's coordinate space like a sublayer but is not drawn.
    /// Apple leaves a mask that already has a superlayer undefined; here such a layer is refused
    /// (the previous mask is kept and a warning is logged), as is the layer itself or an ancestor.
    open var mask: CALayer? {
        get { baseMask }
        set { baseMask = newValue }
    }

    /// Appends `layer` to the sublayers, removing it from its previous superlayer first.
    open func addSublayer(_ layer: CALayer) { baseAddSublayer(layer) }

    /// Inserts `layer` into the sublayers at `idx` (clamped to the count).
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) { baseInsertSublayer(layer, at: idx) }

    /// Inserts `layer` just below `sibling`, or at the bottom when `sibling` is nil or not a sublayer.
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) { baseInsertSublayer(layer, below: sibling) }

    /// Inserts `layer` just above `sibling`, or at the top when `sibling` is nil or not a sublayer.
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) { baseInsertSublayer(layer, above: sibling) }

    /// Replaces `oldLayer`, a sublayer of this layer, with `newLayer`.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) { baseReplaceSublayer(oldLayer, with: newLayer) }

    /// Removes the layer from its superlayer's sublayers, or from its owner's `mask`.
    open func removeFromSuperlayer() { baseRemoveFromSuperlayer() }

    // MARK: Display

    /// Marks the whole layer as needing its contents redrawn before the next commit.
    open func setNeedsDisplay() { baseSetNeedsDisplay() }

    /// Marks `r`, in the layer's coordinates, as needing redrawing before the next commit; only
    /// that part of the backing store is redrawn (rectangles accumulate until the layer displays).
    open func setNeedsDisplay(_ r: CGRect) { baseSetNeedsDisplay(r) }

    /// Returns whether the layer has been marked as needing its contents redrawn.
    open func needsDisplay() -> Bool { baseNeedsDisplay() }

    /// Redraws the layer's contents now if they are marked as needing it. Core Animation calls it,
    /// when a transaction commits, for every layer of the committed trees that needs display.
    open func displayIfNeeded() { baseDisplayIfNeeded() }

    /// Returns whether the layer's contents are flipped when rendered relative to its own
    /// coordinates: true when an odd number of layers from this one up to the root, itself
    /// included, have `isGeometryFlipped` set.
    ///
    /// This renderer always places row 0 of `contents` at the top of the bounds in the layer's own
    /// coordinates, and the context given to `draw(in:)` maps those coordinates directly, so
    /// drawing lands where its coordinates say whether or not this returns true.
    open func contentsAreFlipped() -> Bool { baseContentsAreFlipped() }

    // MARK: Layout

    /// The object responsible for laying out the layer's sublayers. Assigning one schedules a layout.
    open var layoutManager: CALayoutManager? {
        get { baseLayoutManager }
        set { baseLayoutManager = newValue }
    }

    /// Marks the layer as needing layout; it is laid out before the next frame is committed.
    open func setNeedsLayout() { baseSetNeedsLayout() }

    /// Returns whether the layer has been marked as needing layout.
    open func needsLayout() -> Bool { baseNeedsLayout() }

    /// Lays out the layer now if it needs it, and then its sublayers if they need it.
    open func layoutIfNeeded() { baseLayoutIfNeeded() }

    // MARK: Autoresizing

    /// How the layer is resized when its superlayer's bounds size changes; empty (fixed size and
    /// margins) by default.
    ///
    /// As Apple's QuartzCore measurably does (GNUstep libs-quartzcore
    /// `Tests/quartzcore/CALayer/autoresizing.m`), the sublayers are resized at once when the
    /// superlayer's `bounds` (or `frame`) changes size, not at the next layout; moving the bounds
    /// origin resizes nothing. The programming guide places autoresizing in the layout pass;
    /// measured behaviour wins. `layerMinYMargin` is the margin on the smaller-y side: the top
    /// margin with this project's iOS-style geometry.
    open var autoresizingMask: CAAutoresizingMask {
        get { baseAutoresizingMask }
        set { baseAutoresizingMask = newValue }
    }

    /// Tells each sublayer with a non-empty `autoresizingMask` that the layer's bounds size was
    /// `size` before it changed, so that it resizes itself. Called by the layer itself whenever
    /// its bounds size changes.
    open func resizeSublayers(withOldSize size: CGSize) { baseResizeSublayers(withOldSize: size) }

    /// Moves and resizes the layer after its superlayer's bounds size changed from `size` to its
    /// current value, as `autoresizingMask` says.
    ///
    /// Apple's rule, measured (GNUstep `Tests/quartzcore/CALayer/autoresizing.m`): along each
    /// axis the change is shared by which aspects are flexible, not by their lengths (a flexible
    /// size next to a flexible margin takes a third, the flexible margins share the rest; margins
    /// alone share it equally; a flexible size alone takes it all), and the changed axis lands on
    /// whole points. A size that would become negative turns the frame over, as Apple's does.
    open func resize(withOldSuperlayerSize size: CGSize) { baseResize(withOldSuperlayerSize: size) }

    // MARK: Constraints

    /// The constraints that `CAConstraintLayoutManager` uses to lay out the layer within its
    /// superlayer; nil when there are none. Setting it schedules a layout of the superlayer.
    open var constraints: [CAConstraint]? {
        get { baseConstraints }
        set { baseConstraints = newValue }
    }

    /// Appends `constraint` to the layer's constraints and schedules a layout of the superlayer.
    open func addConstraint(_ constraint: CAConstraint) { baseAddConstraint(constraint) }

    // MARK: Animations

    /// Adds a copy of `anim` to the layer's render tree under `key`, replacing any animation
    /// with the same key. The animation starts when the transaction commits: a `beginTime` of
    /// 0 becomes the commit's time (until then it reads as the time it was added), so every
    /// animation of one transaction starts together. Animations that cannot be evaluated (a key
    /// path the layer does not have, values of a type that cannot be interpolated) are refused
    /// with a logged message.
    open func add(_ anim: CAAnimation, forKey key: String?) { baseAdd(anim, forKey: key) }

    /// Returns the animation attached under `key`: the layer's own copy, which must not be changed.
    open func animation(forKey key: String) -> CAAnimation? { baseAnimation(forKey: key) }

    /// Returns the keys of the attached animations in the order they were added, or nil when none.
    open func animationKeys() -> [String]? { baseAnimationKeys() }

    /// Removes the animation attached under `key`; the layer shows its model value again.
    open func removeAnimation(forKey key: String) { baseRemoveAnimation(forKey: key) }

    /// Removes every attached animation.
    open func removeAllAnimations() { baseRemoveAllAnimations() }

    // MARK: Geometry

    /// The layer's frame rectangle in its superlayer's coordinate space.
    ///
    /// The frame is derived from `bounds`, `anchorPoint`, `position` and `transform`: it is the
    /// axis-aligned bounding box of the transformed bounds. Setting it sets `position` (the
    /// anchor point's place in the new frame) and `bounds.size`, leaving `bounds.origin` alone.
    /// Under a transform that is not a scale, a translation or a multiple of 90° rotation the
    /// result of setting the frame is, as on Apple platforms, not well defined: the size is
    /// mapped through the inverse of the transform's 2D part. Not animatable.
    open var frame: CGRect {
        get { baseFrame }
        set { baseFrame = newValue }
    }

    /// Returns `transform` as an affine transform, or the identity when `transform` is not
    /// affine, as Apple's measurably reports (GNUstep libs-quartzcore
    /// `Tests/quartzcore/CALayer/conversion.m`).
    open func affineTransform() -> CGAffineTransform { baseAffineTransform() }

    /// Sets `transform` to the given affine transform.
    open func setAffineTransform(_ m: CGAffineTransform) { baseSetAffineTransform(m) }

    // MARK: Conversion

    /// Converts `p` from the coordinate space of `layer` (the display's when nil) to this layer's.
    ///
    /// The point is mapped through every transform between the two layers, perspective
    /// included, and projected onto this layer's plane. A point that falls behind the eye in
    /// either layer has no image: it is returned unchanged and a warning is logged.
    open func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint { baseConvert(p, from: layer) }

    /// Converts `p` from this layer's coordinate space to that of `layer` (the display's when nil).
    open func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint { baseConvert(p, to: layer) }

    /// Converts `r` from the coordinate space of `layer` to this layer's: the bounding box of
    /// its converted corners.
    open func convert(_ r: CGRect, from layer: CALayer?) -> CGRect { baseConvert(r, from: layer) }

    /// Converts `r` from this layer's coordinate space to that of `layer`: the bounding box of
    /// its converted corners.
    open func convert(_ r: CGRect, to layer: CALayer?) -> CGRect { baseConvert(r, to: layer) }

    // MARK: Timing

    /// Converts `t` from the time space of `layer` (global media time when nil) to this layer's.
    ///
    /// Each layer maps its superlayer's time `p` to `(p - beginTime) * speed + timeOffset`.
    open func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval { baseConvertTime(t, from: layer) }

    /// Converts `t` from this layer's time space to that of `layer` (global media time when nil).
    open func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval { baseConvertTime(t, to: layer) }

    // MARK: Scrolling

    /// Scrolls the closest ancestor scroll layer so that `p`, a point in this layer's
    /// coordinates, lies at the scroll layer's bounds origin. Does nothing without one.
    open func scroll(_ p: CGPoint) { baseScroll(p) }

    /// Scrolls the closest ancestor scroll layer the least distance that makes `r`, a rectangle
    /// in this layer's coordinates, visible. Does nothing without one.
    open func scrollRectToVisible(_ r: CGRect) { baseScrollRectToVisible(r) }

    /// The part of the layer's bounds, in its own coordinates, that its closest ancestor scroll
    /// layer does not clip: the whole bounds when there is no scroll layer, `CGRect.null` when
    /// the layer is scrolled out of view.
    open var visibleRect: CGRect { baseVisibleRect }

    // MARK: Presentation

    /// Returns a copy of the layer that shows its current on-screen values, or nil if the layer
    /// has not yet been committed in a layer tree.
    ///
    /// The copy's property values are the values as last committed, with every running
    /// animation applied at the current media time: inside an open transaction, the values as
    /// the transaction found them, not the ones set since, as Apple documents ("all properties
    /// as they were at the start of the current transaction, with any active animations applied"). Its `superlayer` and `sublayers` are presentation layers too, so
    /// that `presentation()?.hitTest(_:)` tests moving layers where they are seen.
    open func presentation() -> Self? { basePresentation() }

    /// Returns the model layer of a presentation layer, or the receiver itself for a model layer.
    open func model() -> Self { baseModel() }

    // MARK: KeyValueCoding

    /// Returns the value of a property or custom key, or nil when the key names nothing.
    ///
    /// Properties come back in their own Swift type (`opacity` as `Float`, `position` as
    /// `CGPoint`). A custom key with no value of its own falls back to `style`, then to
    /// `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? { baseValue(forKey: key) }

    /// Returns the value at a key path such as `"position.x"` or `"transform.rotation.z"`,
    /// or nil when the key path names nothing.
    open func value(forKeyPath keyPath: String) -> Any? { baseValue(forKeyPath: keyPath) }

    /// Sets the value of a property or custom key. A value of the wrong type for a property,
    /// or a non-finite geometry value, is ignored and reported through the log.
    open func setValue(_ value: Any?, forKey key: String) { baseSetValue(value, forKey: key) }

    /// Sets the value at a key path such as `"position.x"` or `"transform.scale"`. A value that
    /// cannot be stored there is ignored and reported through the log; use
    /// `setCheckedValue(_:forKeyPath:)` to receive the error instead.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { baseSetValue(value, forKeyPath: keyPath) }

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
    /// manager's answer when there is one, else the size of the bounds mapped into the superlayer
    /// (the frame's size, so a transform counts), as Apple's CALayer.h states.
    open func preferredFrameSize() -> CGSize {
        layoutManagerStorage?.preferredSize(of: self) ?? Self.frame(of: state).size
    }

    /// Updates the layer's contents. The default asks the delegate's `display(_:)` when the
    /// delegate implements it, and otherwise tells the delegate `layerWillDraw(_:)` and redraws the
    /// backing store (the part marked by `setNeedsDisplay(_:)`) through `draw(in:)`; subclasses
    /// override it to set `contents` themselves.
    open func display() {
        let dirty = takeDisplayRequest()
        if let delegate {
            // The protocol's default `display(_:)` sets the flag: the delegate does not implement it.
            delegateDeclinedDisplay = false
            delegate.display(self)
            guard delegateDeclinedDisplay else { return }
            delegate.layerWillDraw(self)
        }
        redrawBackingStore(dirty: dirty)
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
        guard let subtree = self as? any ModelSubtreeRendering else {
            Diagnostics.logger.error("CALayer.render(in:): no renderer linked (import QuartzCore); nothing drawn")
            return
        }
        subtree.renderModelSubtree(in: ctx)
    }

    /// Returns the action for `event`, searching in Apple's order: the delegate's
    /// `action(for:forKey:)`, the `actions` dictionary, the `style` dictionary's `"actions"`
    /// entry, the class's `defaultAction(forKey:)`, and last the implicit animation of an
    /// animatable property (a basic animation with the transaction's duration and timing
    /// function, or a fade for `contents`). As CALayer.h says, `NSNull` found at any step stops
    /// the search and is converted to nil. Nil means the change runs no action.
    ///
    /// Core Animation calls this method when a property of a live layer changes, so an override
    /// decides the layer's implicit animations.
    open func action(forKey event: String) -> CAAction? {
        let found = searchAction(forKey: event)
        return found is NSNull ? nil : found
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

    /// Returns whether the property named `key` should be archived: true once the property has
    /// been given a value (setting `frame` gives both `bounds` and `position`; adding a sublayer
    /// gives `sublayers`), and from the start for `allowsEdgeAntialiasing` and
    /// `allowsGroupOpacity`; false for `frame`, `superlayer` and keys the layer does not have.
    /// Subclasses override it to answer for their own keys.
    open func shouldArchiveValue(forKey key: String) -> Bool {
        baseShouldArchiveValue(forKey: key)
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
    /// Hidden layers and their sublayers are skipped; a layer that masks to its bounds hides
    /// sublayers outside them; back-facing layers that are not double-sided still take hits.
    /// Sublayers are tried front to back: the greatest `zPosition` first, and among equal ones
    /// the last in the `sublayers` array first. That is what Apple's QuartzCore measurably does
    /// (GNUstep libs-quartzcore `Tests/quartzcore/CALayer/hittest.m`: "a higher z position lifts
    /// a layer above the one added after it"); the book's remark that hit testing follows the
    /// tree order alone does not hold for CALayer.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        if state.isHidden { return nil }
        let m = LayerGeometry.toSuperlayer(state, parent: superlayerOrItsPresentation?.state)
        guard let local = m.unprojectPoint(p) else { return nil }
        let inside = contains(local)
        if state.masksToBounds && !inside { return nil }
        // A presentation layer whose sublayers' copies are still to make tests them without
        // making them all (see `hitTestPresentedSublayers(_:)`).
        if case .tested(let hit) = hitTestPresentedSublayers(local) { return hit ?? (inside ? self : nil) }
        for sublayer in Self.frontToBack(sublayerStorage) {
            // Once per tree level, through overrides that call super: a deep tree goes on on a
            // fresh stack when this one runs low (see `DeepRecursion`).
            if let hit = DeepRecursion.guarded({ sublayer.hitTest(local) }) { return hit }
        }
        return inside ? self : nil
    }

    /// `sublayers` in the order hit testing tries them: by descending `zPosition`, later
    /// siblings first among equals.
    private static func frontToBack(_ sublayers: [CALayer]) -> [CALayer] {
        let zPositions = sublayers.map(\.state.zPosition)
        guard zPositions.contains(where: { $0 != 0 }) else { return sublayers.reversed() }
        return frontToBackOrder(zPositions: zPositions).map { sublayers[$0] }
    }

    /// The indices of sublayers with `zPositions` (back to front, as `sublayers` lists them) in
    /// the order hit testing tries them: the greatest `zPosition` first, and among equal ones
    /// the last in the array first.
    static func frontToBackOrder(zPositions: [CGFloat]) -> [Int] {
        // Sorting the reversed indices stably keeps later siblings first among equal zPositions.
        Array(zPositions.indices.reversed()).enumerated().sorted { a, b in
            let za = zPositions[a.element], zb = zPositions[b.element]
            return za != zb ? za > zb : a.offset < b.offset
        }.map(\.element)
    }

    /// How the render tree composites this kind of layer (transform layers keep 3D).
    var renderKind: RenderLayerKind { .plain }

    deinit {
        if isLive { RenderTreeStores.liveLayerWillDeallocate(layerID) }
        SubtreeRelease.release(sublayersOf: self)
        LayerIDs.giveBack(layerID)
    }

    /// A textual description of the layer: its class, name and frame.
    open override var description: String {
        let kind = String(describing: type(of: self))
        let label = name.map { " \"\($0)\"" } ?? ""
        return "<\(kind)\(label) frame=\(frame) sublayers=\(sublayerStorage.count)>"
    }
}
