import Foundation
import Synchronization

/// What kind of layer a render-tree node is, where the kind changes how it is composited.
package enum RenderLayerKind: Sendable, Equatable {
    /// An ordinary layer: flattens its sublayers into its own plane.
    case plain
    /// A transform layer: draws nothing itself and keeps its sublayers in 3D.
    case transform
}

/// One layer of the render tree: an immutable, Sendable copy of a layer as committed.
///
/// The layer's `state` is kept in an immutable box (`LayerStateBox`), replaced when the state
/// changes, so that copying a `RenderLayer` (out of the tree's dictionary, into a placed layer,
/// into the store) costs a reference, not a copy of every property.
package struct RenderLayer: Sendable {
    package var id: UInt64
    package var kind: RenderLayerKind
    /// The layer's model state as committed.
    package var state: LayerState {
        _read { yield stateStorage.value }
        set { stateStorage = LayerStateBox(newValue) }
    }
    /// The box that holds `state`, shared by every copy of the layer (and by the placed layer
    /// of a frame that draws it without animations: see `FrameFlattener.presentationStorage`).
    package private(set) var stateStorage: LayerStateBox
    package var sublayerIDs: [UInt64]
    package var maskID: UInt64?
    /// The layer's animations, in the order they were added.
    package var animations: [CompiledAnimation]
    /// The layer's superlayer (or the layer it masks) when it was committed.
    var superlayerID: UInt64? = nil
    /// The commit count at which this copy of the layer was committed: it changes whenever
    /// the layer's committed state does (rasterization caches key on it).
    package var version: UInt64 = 0
    /// The newest `version` of this layer and every layer below it (sublayers and masks, to
    /// any depth): equal in two copies only when nothing in the subtree was committed between
    /// them, so a renderer can reuse what it made of the subtree (`FlattenedSubtreeCache`).
    package var subtreeVersion: UInt64 = 0
    /// The commit count at which anything of this layer but its `position` and `transform`
    /// was last committed (its state, sublayers, mask, animations, kind or superlayer), or
    /// `UInt64.max` when not known. A renderer that drew the layer at `version` v, with this at
    /// most v, may move that drawing to the layer's new place instead of flattening it again
    /// (`FrameFlattener.redrawMoved`).
    package var lastChangeBesidesPlacement: UInt64 = .max

    init(id: UInt64, kind: RenderLayerKind, state: LayerState, sublayerIDs: [UInt64], maskID: UInt64?,
         animations: [CompiledAnimation], superlayerID: UInt64? = nil, version: UInt64 = 0, subtreeVersion: UInt64 = 0) {
        self.init(id: id, kind: kind, stateStorage: LayerStateBox(state), sublayerIDs: sublayerIDs, maskID: maskID,
                  animations: animations, superlayerID: superlayerID, version: version, subtreeVersion: subtreeVersion)
    }

    /// Creates a layer whose state is held by `stateStorage`.
    init(id: UInt64, kind: RenderLayerKind, stateStorage: LayerStateBox, sublayerIDs: [UInt64], maskID: UInt64?,
         animations: [CompiledAnimation], superlayerID: UInt64? = nil, version: UInt64 = 0, subtreeVersion: UInt64 = 0) {
        self.id = id
        self.kind = kind
        self.stateStorage = stateStorage
        self.sublayerIDs = sublayerIDs
        self.maskID = maskID
        self.animations = animations
        self.superlayerID = superlayerID
        self.version = version
        self.subtreeVersion = subtreeVersion
    }
}

/// An immutable layer state held by reference: copying a holder (`RenderLayer`, `PlacedLayer`)
/// retains it instead of copying every property. Changing a holder's state makes a new box.
///
/// Unchecked Sendable: once shared a box never changes. The box of a committed layer that
/// nothing but the render tree's own copy holds is filled again by the layer's next commit
/// (`RenderLayer.recommit(_:)`) instead of being replaced by a new one; no other reference to
/// it exists then, so no reader can see the change (nor overlap it: the field is not checked
/// for overlapping access at run time, which renderers would pay on every read).
///
/// A committed layer's box also keeps the box of its last presentation state (see
/// `presentation(animatedBy:localTime:)`), which is filled again at the next frame when nothing
/// else holds it any more: the same exception, under the same condition.
package final class LayerStateBox: @unchecked Sendable {
    /// For the box of a committed layer, the layer's `LayerLockedFields.stateStamp` when the box
    /// was last filled from the layer's state (`UInt64.max`: not filled from a layer): while
    /// the two are equal the box differs from the model at most in `position` and `transform`.
    /// Written, as `value` is refilled, only while nothing else holds the box.
    ///
    /// Declared first, before `value`, so that a commit of a moved layer reads it in the line
    /// of the object's header and of the state's first fields (`LayerState`): the header, this
    /// and the 168 bytes a moved layer's commit touches fill three cache lines exactly.
    @exclusivity(unchecked) var modelStamp: UInt64 = .max
    /// The state. Declared right after `modelStamp`: `withUnsafeStatePointer(_:)` finds it at
    /// `stateOffset` from where the object's stored properties begin.
    @exclusivity(unchecked) package internal(set) var value: LayerState
    /// The box of the last presentation state made from this one, retained, or nil.
    let presentationSlot = Atomic<UnsafeMutableRawPointer?>(nil)
    /// For a presentation box, the renderer it was made for (`PresentationBoxOwner`): only that
    /// renderer's later frames fill it again. Nil for a committed box.
    let presentationOwner: PresentationBoxOwner?
    /// For a presentation box, the parts of the transform its `transform.rotation.z`
    /// animation last turned, for the next frame (`PlanarRotationMemo`), out of line: a
    /// committed box (every layer has one) has none. Written only while the box is filled,
    /// by its owner's frames, as `value` is.
    let planarRotationMemo: PlanarRotationMemo.Storage?

    package init(_ value: LayerState) {
        self.value = value
        presentationOwner = nil
        planarRotationMemo = nil
        assert(stateLiesAtItsOffset)
    }

    /// A box holding a layer's model state, copied from the layer's fields (the caller holds
    /// `LayerTreeLock`), stamped with the fields' `stateStamp`.
    convenience init(committingStateOf fields: LayerLockedFields) {
        self.init(fields.state)
        modelStamp = fields.stateStamp
    }

    /// A presentation box made for `owner`'s frames, with the memo its state was animated with.
    /// Without an owner the box is never filled again, so it keeps no memo (no allocation for
    /// a `presentation()` made outside a renderer).
    init(presentation value: LayerState, owner: PresentationBoxOwner?, planarRotationMemo: PlanarRotationMemo) {
        self.value = value
        presentationOwner = owner
        self.planarRotationMemo = owner != nil ? PlanarRotationMemo.Storage(planarRotationMemo) : nil
        assert(stateLiesAtItsOffset)
    }

    deinit {
        if let kept = presentationSlot.load(ordering: .acquiring) {
            Unmanaged<LayerStateBox>.fromOpaque(kept).release()
        }
    }

    /// Replaces the state of a box that nothing else holds with a layer's model state, copied
    /// straight from the layer's fields (the caller holds `LayerTreeLock`), not through a
    /// temporary (`LayerState.assign(_:copying:)`: one pass over its bytes).
    func overwrite(withStateOf fields: LayerLockedFields) {
        withUnsafeMutablePointer(to: &value) { destination in
            withUnsafePointer(to: &fields.state) { LayerState.assign(destination, copying: $0) }
        }
        modelStamp = fields.stateStamp
    }

    /// Replaces the `position` and `transform` of a box that nothing else holds with the layer's
    /// model values (the caller holds `LayerTreeLock`): the whole of `overwrite(withStateOf:)`
    /// when the two states differ in nothing else (`differsAtMostInPlacement(from:)`).
    func overwritePlacement(withStateOf fields: LayerLockedFields) {
        value.position = fields.state.position
        value.transform = fields.state.transform
        modelStamp = fields.stateStamp
    }

    /// Calls `body` with the address of the state, read in place (not copied out).
    ///
    /// Not an access to `value` at all: a commit compares the box of a layer with the model
    /// while a renderer on another thread reads the same box, so a modifying access (`&value`)
    /// is out, and `withUnsafePointer(to: value)` of a class's stored property copies the whole
    /// state (about 500 bytes, its reference retained and released) before handing out the
    /// copy's address. The state is the box's second stored property, after `modelStamp`, so
    /// it lies at a fixed offset from where the object's stored properties begin
    /// (`statePointer`).
    @inline(__always)
    func withUnsafeStatePointer<Result>(_ body: (UnsafePointer<LayerState>) -> Result) -> Result {
        body(UnsafePointer(statePointer))
    }

    /// The offset of `value` from where the object's stored properties begin: past
    /// `modelStamp`, rounded up to the state's alignment.
    private static let stateOffset = (MemoryLayout<UInt64>.size + MemoryLayout<LayerState>.alignment - 1)
        / MemoryLayout<LayerState>.alignment * MemoryLayout<LayerState>.alignment

    /// The address of `value`: `stateOffset` bytes past where the object's stored properties
    /// begin, `modelStamp` being the first of them (checked when a box is made, in debug
    /// builds: `stateLiesAtItsOffset`).
    @inline(__always)
    private var statePointer: UnsafeMutablePointer<LayerState> {
        (_getUnsafePointerToStoredProperties(self) + Self.stateOffset).assumingMemoryBound(to: LayerState.self)
    }

    /// Whether `value` lies where `statePointer` says: right after `modelStamp`, which lies
    /// where the stored properties begin. Asserted by every initializer; a test reads it too.
    var stateLiesAtItsOffset: Bool {
        withUnsafeMutablePointer(to: &modelStamp) { UnsafeMutableRawPointer($0) == _getUnsafePointerToStoredProperties(self) }
            && withUnsafeMutablePointer(to: &value) { $0 == statePointer }
    }
}

extension RenderLayer {
    /// `layer` as committed now: a copy of its model fields. The caller holds `LayerTreeLock`.
    init(committing layer: CALayer) {
        let fields = layer.lockedFields
        self.init(id: layer.layerID, kind: layer.renderKind, stateStorage: LayerStateBox(committingStateOf: fields),
                  sublayerIDs: fields.sublayers.isEmpty ? [] : fields.sublayers.map(\.layerID),
                  maskID: fields.mask?.layerID,
                  animations: fields.animations.isEmpty ? [] : fields.animations.map(\.compiled),
                  superlayerID: fields.ownerID)
    }

    /// Makes this copy, the render tree's committed copy of `layer`, hold `layer` as committed
    /// now, writing only what can differ: the state box is refilled when nothing else holds it
    /// (a renderer still drawing the previous commit keeps its box, and this copy gets a new
    /// one), and the sublayer and animation lists are left as they are when they did not change
    /// (most committed layers have neither). The caller holds `LayerTreeLock`; the version
    /// stamps are the caller's to set.
    ///
    /// Returns whether the copy changed at most in its `position` and `transform`.
    @discardableResult
    mutating func recommit(_ layer: CALayer) -> Bool {
        let fields = layer.lockedFields
        // Asked once (a dynamic call): compared, then stored.
        let renderKind = layer.renderKind
        // A box filled since the model's last write besides `position` and `transform` needs no
        // comparing: its other fields are the model's (see `LayerLockedFields.stateStamp`).
        let statePlacementOnly = stateStorage.modelStamp == fields.stateStamp
            || stateStorage.differsAtMostInPlacement(from: fields)
        var onlyPlacement = statePlacementOnly && animations.isEmpty
            && fields.animations.isEmpty && id == layer.layerID && kind == renderKind
            && maskID == fields.mask?.layerID && superlayerID == fields.ownerID
        if isKnownUniquelyReferenced(&stateStorage) {
            // Every other byte is the same already: a moved layer copies 144 bytes, not all.
            if statePlacementOnly {
                stateStorage.overwritePlacement(withStateOf: fields)
            } else {
                stateStorage.overwrite(withStateOf: fields)
            }
        } else {
            stateStorage = LayerStateBox(committingStateOf: fields)
        }
        id = layer.layerID
        kind = renderKind
        if fields.sublayers.isEmpty {
            if !sublayerIDs.isEmpty {
                sublayerIDs = []
                onlyPlacement = false
            }
        } else if !sublayerIDs.elementsEqual(fields.sublayers.lazy.map(\.layerID)) {
            sublayerIDs = fields.sublayers.map(\.layerID)
            onlyPlacement = false
        }
        maskID = fields.mask?.layerID
        if !(animations.isEmpty && fields.animations.isEmpty) {
            animations = fields.animations.map(\.compiled)
        }
        superlayerID = fields.ownerID
        return onlyPlacement
    }
}

/// The few fields of a committed layer that a renderer reads for every sublayer of every
/// frame, kept apart so that reading them does not copy the whole layer.
package struct RenderLayerSummary: Sendable, Equatable {
    /// The layer's `subtreeVersion`.
    package var subtreeVersion: UInt64
    /// The layer's model `zPosition` (siblings are painted in its order).
    package var zPosition: CGFloat
    /// False when every sublayer's `zPosition` is known to be 0, so they paint in index order.
    package var sublayersMayHaveZPosition = true
    /// Whether the layer may leave the plane its `zPosition` puts it in: a 3D `transform`, an
    /// `anchorPointZ`, or an animation that may give it either (see `RenderLayer.mayLeavePlane`).
    var mayLeavePlane = true
    /// False when no sublayer may leave its plane, so siblings need no depth sorting.
    package var sublayersMayLeavePlane = true
    /// Whether drawing the layer reads what was drawn behind it (`RenderLayer.readsBackdrop`).
    package var readsBackdrop: Bool
}

/// The change a commit sends to the render tree.
struct RenderTreeUpdate: Sendable {
    var layers: [RenderLayer] = []
}
