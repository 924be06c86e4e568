import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// What a superlayer hands down to each sublayer it draws.
struct ParentContext {
    /// The box holding the superlayer's presentation state (nil for the root): a context is
    /// copied for every sublayer drawn, so it refers to the state rather than holding it.
    let stateStorage: LayerStateBox?
    /// Whether the superlayer changes where its sublayers go beyond their own geometry: it
    /// flips its geometry or has a `sublayerTransform` (found once here rather than for
    /// every sublayer placed).
    let superlayerAddsGeometry: Bool
    /// The superlayer's presentation state (nil for the root).
    var state: LayerState? { stateStorage?.value }
    /// Whether the superlayer flattens its sublayers into its plane (all but transform layers).
    var flattensSublayers = true
    /// Maps the superlayer's own space to the pixels of the current target.
    var world: CATransform3D
    /// The superlayer's local time: the parent time of its sublayers.
    var time: CFTimeInterval
    /// How fast `time` runs relative to global time.
    var rate: Double = 1
    /// The accumulated opacity relative to the current target.
    var opacity: Float = 1
    /// The innermost clip in the current target.
    var clip: Int32?

    init(stateStorage: LayerStateBox? = nil, flattensSublayers: Bool = true, world: CATransform3D,
         time: CFTimeInterval, rate: Double = 1, opacity: Float = 1, clip: Int32? = nil) {
        self.stateStorage = stateStorage
        superlayerAddsGeometry = stateStorage.map {
            $0.value.isGeometryFlipped || !$0.value.sublayerTransform.isIdentityFast
        } ?? false
        self.flattensSublayers = flattensSublayers
        self.world = world
        self.time = time
        self.rate = rate
        self.opacity = opacity
        self.clip = clip
    }
}

/// A layer evaluated at the frame's time and placed in the image being drawn (the canvas or a
/// group's intermediate image).
///
/// Held by reference: a placed layer is handed through several steps for every drawn layer of
/// every frame (placing, the shadow, the body, the sublayers' context), and as a value of about
/// 400 bytes it was copied at each of them. It never changes while anything but the flattener
/// holds it: once a layer is drawn and nothing else holds its placed layer, the flattener keeps
/// it and places the next layer in it (`place(_:stateStorage:...)`), rather than allocating one for each
/// layer drawn. (The fields are not checked for overlapping access at run time, which every
/// read would pay; no access overlaps a refill, which happens only while the flattener is the
/// sole holder.)
final class PlacedLayer {
    /// The committed layer.
    @exclusivity(unchecked) private(set) var layer: RenderLayer
    /// Its presentation state.
    var state: LayerState { _read { yield stateStorage.value } }
    /// The box holding `state` (the committed layer's own when nothing animates it).
    @exclusivity(unchecked) private(set) var stateStorage: LayerStateBox
    /// Its superlayer's local time (the time its own timing is evaluated in).
    @exclusivity(unchecked) private(set) var parentTime: CFTimeInterval = 0
    /// Its local time: the parent time of its animations and sublayers.
    @exclusivity(unchecked) private(set) var localTime: CFTimeInterval = 0
    /// How fast local time runs relative to global time (0 when paused).
    @exclusivity(unchecked) private(set) var rate: Double = 1
    /// The layer's own space to its superlayer's, before flattening (depth kept).
    @exclusivity(unchecked) private(set) var toParent = CATransform3DIdentity
    /// Maps the layer's own space to the pixels of the current target.
    @exclusivity(unchecked) private(set) var world = CATransform3DIdentity
    /// The accumulated opacity relative to the current target.
    @exclusivity(unchecked) private(set) var opacity: Float = 1
    /// The superlayer's accumulated opacity (what `opacity` is before the layer's own).
    @exclusivity(unchecked) private(set) var inheritedOpacity: Float = 1
    /// The superlayer's clip: applies to the layer's shadow, background and border.
    @exclusivity(unchecked) private(set) var clip: Int32? = nil

    init(layer: consuming RenderLayer, stateStorage: LayerStateBox, parentTime: CFTimeInterval, localTime: CFTimeInterval,
         rate: Double, toParent: CATransform3D, world: CATransform3D, opacity: Float, inheritedOpacity: Float,
         clip: Int32?) {
        self.layer = layer
        self.stateStorage = stateStorage
        setPlacement(parentTime: parentTime, localTime: localTime, rate: rate, toParent: toParent, world: world,
                     opacity: opacity, inheritedOpacity: inheritedOpacity, clip: clip)
    }

    /// Makes this placed layer, which nothing but the flattener holds, the placement of
    /// another layer (the arguments of `init`).
    func place(_ layer: consuming RenderLayer, stateStorage: LayerStateBox, parentTime: CFTimeInterval,
               localTime: CFTimeInterval, rate: Double, toParent: CATransform3D, world: CATransform3D, opacity: Float,
               inheritedOpacity: Float, clip: Int32?) {
        self.layer = layer
        self.stateStorage = stateStorage
        setPlacement(parentTime: parentTime, localTime: localTime, rate: rate, toParent: toParent, world: world,
                     opacity: opacity, inheritedOpacity: inheritedOpacity, clip: clip)
    }

    /// Sets the fields besides the layer and its state.
    private func setPlacement(parentTime: CFTimeInterval, localTime: CFTimeInterval, rate: Double, toParent: CATransform3D,
                              world: CATransform3D, opacity: Float, inheritedOpacity: Float, clip: Int32?) {
        self.parentTime = parentTime
        self.localTime = localTime
        self.rate = rate
        self.toParent = toParent
        self.world = world
        self.opacity = opacity
        self.inheritedOpacity = inheritedOpacity
        self.clip = clip
    }

    convenience init(layer: RenderLayer, state: LayerState, parentTime: CFTimeInterval, localTime: CFTimeInterval,
                     rate: Double, toParent: CATransform3D, world: CATransform3D, opacity: Float,
                     inheritedOpacity: Float, clip: Int32?) {
        self.init(layer: layer, stateStorage: LayerStateBox(state), parentTime: parentTime, localTime: localTime,
                  rate: rate, toParent: toParent, world: world, opacity: opacity, inheritedOpacity: inheritedOpacity,
                  clip: clip)
    }

    /// The context the layer hands to its sublayers.
    func sublayerContext(clip: Int32?) -> ParentContext {
        ParentContext(stateStorage: stateStorage, flattensSublayers: layer.kind.isPlain, world: world, time: localTime,
                      rate: rate, opacity: opacity, clip: clip)
    }

    /// The same layer drawn into a group whose local space is the layer's own: `localToPixels`
    /// is the group's map to its image; opacity and clips restart inside it.
    func inGroup(localToPixels: CATransform3D) -> PlacedLayer {
        PlacedLayer(layer: layer, stateStorage: stateStorage, parentTime: parentTime, localTime: localTime, rate: rate,
                    toParent: toParent, world: localToPixels, opacity: 1, inheritedOpacity: 1, clip: nil)
    }

    /// The same layer with `offset` applied before its map to the target's pixels.
    func moved(by offset: CATransform3D) -> PlacedLayer {
        PlacedLayer(layer: layer, stateStorage: stateStorage, parentTime: parentTime, localTime: localTime, rate: rate,
                    toParent: toParent, world: offset.concatenating(world), opacity: opacity,
                    inheritedOpacity: inheritedOpacity, clip: clip)
    }
}

extension CATransform3D {
    /// The matrix with its z output discarded: the map onto the z = 0 plane that every layer
    /// but a transform layer applies to its sublayers.
    var flattenedZ: CATransform3D {
        var m = self
        m.m13 = 0; m.m23 = 0; m.m33 = 0; m.m43 = 0
        return m
    }
}
