import Foundation

/// Every renderable property of a layer, as a Sendable value.
///
/// A `CALayer` keeps its model values here. A transaction's commit copies it into the render
/// tree, and animations evaluate against it (on the render side each frame, on the model side
/// for `presentation()`), so both sides share one definition of a layer's properties and their
/// defaults. The defaults are Apple's (see FEATURES.md sections 2-6).
package struct LayerState: Sendable {
    // The fields a commit of a moved layer reads and writes come first, together (Swift lays
    // out a struct's stored properties in the order they are declared): `transform`, then
    // `position`, then what the layer's placement in the render tree reads (`zPosition`,
    // `anchorPointZ`, and `objects` for the filters), 168 bytes; then what every drawn layer
    // reads. A commit of a moved layer so touches three cache lines of the model's state
    // (`LayerLockedFields`) and three of the render tree's copy (`LayerStateBox`, header
    // included) instead of five or six of each; at N = 100,000 each line is a miss to memory.
    // What a renderer reads of a layer it draws moved besides its placement (`bounds`,
    // `anchorPoint`, `isDoubleSided`, `shadowOpacity`, and whether the state holds a
    // specialized class's values or a shadow path) follows, in the box's fourth line.

    // Geometry.
    package var transform = CATransform3DIdentity
    package var position: CGPoint = .zero
    package var zPosition: CGFloat = 0
    package var anchorPointZ: CGFloat = 0
    /// The reference-counted values of the state, boxed together and copied on write: a commit
    /// copies every changed layer's state, and one retained box costs less than retaining each
    /// value (and releasing each when the copy goes). The plain values stay inline, and only
    /// plain values may: `assign(_:copying:)` copies a state's bytes and counts this one
    /// reference. Readable, so that code reading a state through its box
    /// (`LayerStateBox.value`) can reach these values as stored fields: a computed property
    /// read there copies the whole state.
    package private(set) var objects = LayerStateObjects.defaults
    package var bounds: CGRect = .zero
    package var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    package var isGeometryFlipped = false
    package var isDoubleSided = true
    package var isHidden = false
    package var masksToBounds = false

    // Visual style.
    package var opacity: Float = 1
    package var shadowOpacity: Float = 0
    /// Whether `specialized` is set, kept beside the fields a renderer reads of every layer it
    /// draws: reading it from `objects` is a miss to memory more a moved layer at N = 100,000.
    package private(set) var holdsSpecializedState = false
    /// Whether `shadowPath` is set (see `holdsSpecializedState`).
    package private(set) var holdsShadowPath = false
    package var allowsEdgeAntialiasing = false
    package var allowsGroupOpacity = true
    package var backgroundColor: CGColor? {
        get { objects.backgroundColor }
        _modify { makeObjectsUnique(); yield &objects.backgroundColor }
    }
    package var cornerRadius: CGFloat = 0
    package var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner,
                                       .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    var cornerCurve: CALayerCornerCurve {
        get { objects.cornerCurve }
        _modify { makeObjectsUnique(); yield &objects.cornerCurve }
    }
    package var borderWidth: CGFloat = 0
    package var borderColor: CGColor? {
        get { objects.borderColor }
        _modify { makeObjectsUnique(); yield &objects.borderColor }
    }
    package var shadowColor: CGColor? {
        get { objects.shadowColor }
        _modify { makeObjectsUnique(); yield &objects.shadowColor }
    }
    package var shadowOffset = CGSize(width: 0, height: -3)
    package var shadowRadius: CGFloat = 3
    package var shadowPath: CGPath? {
        get { objects.shadowPath }
        _modify {
            makeObjectsUnique()
            defer { holdsShadowPath = objects.shadowPath != nil }
            yield &objects.shadowPath
        }
    }
    package var edgeAntialiasingMask: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge,
                                                        .layerBottomEdge, .layerTopEdge]
    package var shouldRasterize = false
    package var rasterizationScale: CGFloat = 1
    // Geometry of the sublayers, after what every drawn layer reads.
    package var sublayerTransform = CATransform3DIdentity

    // Contents.
    package var contents: CGImage? {
        get { objects.contents }
        _modify { makeObjectsUnique(); yield &objects.contents }
    }
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsGravity: CALayerContentsGravity {
        get { objects.contentsGravity }
        _modify { makeObjectsUnique(); yield &objects.contentsGravity }
    }
    package var contentsScale: CGFloat = 1
    var contentsFormat: CALayerContentsFormat {
        get { objects.contentsFormat }
        _modify { makeObjectsUnique(); yield &objects.contentsFormat }
    }
    package var minificationFilter: CALayerContentsFilter {
        get { objects.minificationFilter }
        _modify { makeObjectsUnique(); yield &objects.minificationFilter }
    }
    package var magnificationFilter: CALayerContentsFilter {
        get { objects.magnificationFilter }
        _modify { makeObjectsUnique(); yield &objects.magnificationFilter }
    }
    var minificationFilterBias: Float = 0
    var isOpaque = false
    var needsDisplayOnBoundsChange = false
    var drawsAsynchronously = false

    // Media timing of the layer itself (CAMediaTiming). A layer's duration is infinite, as
    // Apple's measurably is (GNUstep libs-quartzcore Tests/quartzcore/CAMediaTiming/timing.m).
    package var beginTime: Double = 0
    package var duration: Double = .infinity
    package var speed: Float = 1
    package var timeOffset: Double = 0
    var repeatCount: Float = 0
    var repeatDuration: Double = 0
    var autoreverses = false
    var fillMode: String {
        get { objects.fillMode }
        _modify { makeObjectsUnique(); yield &objects.fillMode }
    }

    /// Values of custom keys set through key-value coding that have an animatable form.
    var customValues: [String: AnimatableValue] {
        get { objects.customValues }
        _modify { makeObjectsUnique(); yield &objects.customValues }
    }

    /// The extra model values of a specialized layer class (`CAShapeLayer`, `CAEmitterLayer`,
    /// ...); nil for a plain layer. See `SpecializedLayerState`.
    package var specialized: SpecializedLayerState? {
        get { objects.specialized }
        _modify {
            makeObjectsUnique()
            defer { holdsSpecializedState = objects.specialized != nil }
            yield &objects.specialized
        }
    }

    /// Copies of the layer's `filters`, `backgroundFilters` and `compositingFilter`; nil when
    /// it has none.
    package var filters: LayerFilters? {
        get { objects.filters }
        _modify { makeObjectsUnique(); yield &objects.filters }
    }

    /// Gives this state a box of its own before one of its values changes.
    private mutating func makeObjectsUnique() {
        if !isKnownUniquelyReferenced(&objects) { objects = LayerStateObjects(copying: objects) }
    }
}

/// The reference-counted values of a `LayerState`, shared by its copies until one of them
/// changes a value (see `LayerState.objects`).
///
/// Unchecked Sendable: a box is changed only through a `LayerState` that holds the only
/// reference to it, so a box that two states (or two threads) can see is never changed. For
/// the same reason accesses to its fields cannot overlap, and they are not checked for it at
/// run time (a renderer reads them for every layer of every frame).
package final class LayerStateObjects: @unchecked Sendable {
    /// The box of a new layer's state, with Apple's defaults.
    static let defaults = LayerStateObjects()

    @exclusivity(unchecked) package var backgroundColor: CGColor? = nil
    @exclusivity(unchecked) package var borderColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    @exclusivity(unchecked) var shadowColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    @exclusivity(unchecked) package var shadowPath: CGPath? = nil
    @exclusivity(unchecked) package var contents: CGImage? = nil
    @exclusivity(unchecked) var cornerCurve: CALayerCornerCurve = .circular
    @exclusivity(unchecked) package var contentsGravity: CALayerContentsGravity = .resize
    @exclusivity(unchecked) var contentsFormat: CALayerContentsFormat = .RGBA8Uint
    @exclusivity(unchecked) var minificationFilter: CALayerContentsFilter = .linear
    @exclusivity(unchecked) var magnificationFilter: CALayerContentsFilter = .linear
    @exclusivity(unchecked) var fillMode: String = "removed"
    @exclusivity(unchecked) var customValues: [String: AnimatableValue] = [:]
    @exclusivity(unchecked) package var specialized: SpecializedLayerState? = nil
    @exclusivity(unchecked) package var filters: LayerFilters? = nil

    private init() {}

    /// A box holding the values of `other`.
    init(copying other: LayerStateObjects) {
        backgroundColor = other.backgroundColor
        borderColor = other.borderColor
        shadowColor = other.shadowColor
        shadowPath = other.shadowPath
        contents = other.contents
        cornerCurve = other.cornerCurve
        contentsGravity = other.contentsGravity
        contentsFormat = other.contentsFormat
        minificationFilter = other.minificationFilter
        magnificationFilter = other.magnificationFilter
        fillMode = other.fillMode
        customValues = other.customValues
        specialized = other.specialized
        filters = other.filters
    }
}

extension LayerState {
    /// Replaces the state at `destination` with a copy of the state at `source`, in one pass
    /// over its bytes.
    ///
    /// A state is a few hundred bytes of plain values and one reference (the `objects` box).
    /// Assigned the usual way it is copied out to a temporary and then in, through its value
    /// witness (about 400 instructions for each changed layer a commit copies); here its bytes
    /// are copied once and the box's reference count is moved by hand: the box of `source`
    /// gains the holder that the box `destination` held loses (usually the same box: a commit
    /// refills a layer's previous copy, and its reference-counted values seldom change). That
    /// is sound because every other field is a plain value (`ModelCommitBookkeepingTests`
    /// checks that it stays so, and that both boxes stay balanced).
    static func assign(_ destination: UnsafeMutablePointer<LayerState>, copying source: UnsafePointer<LayerState>) {
        let incoming = Unmanaged.passUnretained(source.pointee.objects)
        let outgoing = Unmanaged.passUnretained(destination.pointee.objects)
        let sameBox = incoming.toOpaque() == outgoing.toOpaque()
        if !sameBox { _ = incoming.retain() }
        UnsafeMutableRawPointer(destination).copyMemory(from: source, byteCount: MemoryLayout<LayerState>.size)
        if !sameBox { outgoing.release() }
    }
}
