import Foundation

/// The model data of a layer that several threads may use at once, kept together so that the
/// accessors of `CALayer` can read and write it only while holding `LayerTreeLock`. A class,
/// so that an accessor reaches one field without copying the others (as reading a field of a
/// struct stored in the layer does in a debug build). `LayerTreeLock` already keeps accesses
/// from overlapping, so the fields are not checked for it again at run time (that check cost
/// more than a commit's copy of a changed layer).
final class LayerLockedFields {
    // What a commit reads of every changed layer comes first, in the object's first cache line
    // with its header (Swift lays out a class's stored properties in the order they are
    // declared): 41 bytes after the 16 of the header, so that `state` begins on the next line
    // and its `transform` fills two lines (see `LayerState`). At N = 100,000 each line a
    // commit touches is a miss to memory; these fields after the 500-byte state were two more.

    /// How many times `state` was written other than by the `position` and `transform` setters:
    /// a committed copy filled when it read the same count differs from `state` at most in
    /// those two fields (`LayerStateBox.modelStamp`), so a commit need not compare the rest.
    @exclusivity(unchecked) var stateStamp: UInt64 = 0
    /// The sublayers, back to front.
    @exclusivity(unchecked) var sublayers: [CALayer] = []
    /// The mask layer.
    @exclusivity(unchecked) var mask: CALayer? = nil
    /// Animations attached to the layer, in the order they were added.
    @exclusivity(unchecked) var animations: [AttachedAnimation] = []
    /// The layer ID of `superlayer` (0: none; IDs start at 1), kept beside the weak reference
    /// so that a commit reads it without loading the reference, whose load, retain and
    /// release cost more than the rest of a changed layer's bookkeeping. Set with
    /// `superlayer`, and cleared when the superlayer is deallocated (`SubtreeRelease`), before
    /// its ID can be given to another layer.
    @exclusivity(unchecked) var superlayerID: UInt64 = 0
    /// Whether a committed transaction has included this layer in a layer tree.
    @exclusivity(unchecked) var isLive: Bool = false

    /// The model values of every renderable property.
    @exclusivity(unchecked) var state: LayerState = LayerState()
    /// `contents` exactly as it was set (the render state keeps only a `CGImage`).
    @exclusivity(unchecked) var contentsObject: Any? = nil
    /// Values of custom keys set through key-value coding, exactly as they were set.
    @exclusivity(unchecked) var customObjects: [String: Any] = [:]
    /// The sublayers as the tree actions last saw them (kept for live layers only), so that a
    /// change can tell which layers were ordered in and out.
    @exclusivity(unchecked) var sublayersSeenByTreeActions: [CALayer] = []
    /// Whether `setNeedsLayout()` was called (or bounds changed) since the last layout.
    @exclusivity(unchecked) var needsLayout: Bool = false
    /// Whether a sublayer, or one of its descendants, may need layout: `layoutIfNeeded()` only
    /// descends into sublayers when it is set.
    @exclusivity(unchecked) var sublayersNeedLayout: Bool = false
    /// Whether `setNeedsDisplay()` was called since the last display.
    @exclusivity(unchecked) var needsDisplay: Bool = false
    /// The union of the rectangles passed to `setNeedsDisplay(_:)` since the last display.
    @exclusivity(unchecked) var dirtyRect: CGRect = .null
    /// The image the last `display()` drew, kept to redraw only dirty parts of it (see Display/).
    @exclusivity(unchecked) var backingStore: LayerBackingStore? = nil
    /// Whether a thread is in `displayIfNeeded()` for this layer (another one leaves it alone).
    @exclusivity(unchecked) var isDisplaying: Bool = false
    /// Set by `CALayerDelegate`'s default `display(_:)`: the delegate asked does not implement it.
    @exclusivity(unchecked) var delegateDeclinedDisplay: Bool = false
    /// The layout manager (see `layoutManager`).
    @exclusivity(unchecked) var layoutManager: CALayoutManager? = nil
    /// Constraints for `CAConstraintLayoutManager` (see `constraints`).
    @exclusivity(unchecked) var constraints: [CAConstraint] = []
    /// How the layer resizes with its superlayer (see `autoresizingMask`).
    @exclusivity(unchecked) var autoresizingMask: CAAutoresizingMask = []
    /// The bounds size before the bounds change in progress: the old size handed to
    /// `resizeSublayers(withOldSize:)` (see `willChangeProperty(_:)`).
    @exclusivity(unchecked) var autoresizingReferenceSize: CGSize? = nil
    /// The superlayer (held weakly).
    weak var superlayer: CALayer?
    /// The layer whose `mask` this layer is (held weakly).
    weak var maskOwner: CALayer?
    /// The layer ID of `maskOwner` (0: none), kept as `superlayerID` is.
    @exclusivity(unchecked) var maskOwnerID: UInt64 = 0

    /// The ID of the layer this layer is committed under: its superlayer's, else the ID of the
    /// layer it masks, else nil.
    var ownerID: UInt64? {
        superlayerID != 0 ? superlayerID : maskOwnerID != 0 ? maskOwnerID : nil
    }
}

// Each accessor holds `LayerTreeLock` for as long as the access lasts (`_read` and `_modify`
// yield the value in place, so reading a field of `state` copies nothing).
extension CALayer {
    /// The model values of every renderable property.
    var state: LayerState {
        // The lock is looked up once (every property change comes here).
        _read {
            let lock = LayerTreeLock.shared
            lock.lock()
            defer { lock.unlock() }
            yield lockedFields.state
        }
        _modify {
            // Presentation copies still to make are made from the state as it is.
            PendingPresentations.settle()
            let lock = LayerTreeLock.shared
            lock.lock()
            defer { lock.unlock() }
            // Any field may change: committed copies compare the whole state again.
            lockedFields.stateStamp &+= 1
            yield &lockedFields.state
        }
    }

    /// The value at `field` of the model state, read holding `LayerTreeLock`, through a plain
    /// call instead of the `state` coroutine.
    ///
    /// For the getters of large fields (the 128-byte transforms): AddressSanitizer found the
    /// debug build copying such a field out of the `_read` coroutine's heap frame after the
    /// coroutine had ended and freed it (a heap-use-after-free in `sublayerTransform`'s getter,
    /// replaying the key-value-coding fuzz corpus). Small fields are read through `state`.
    @inline(__always)
    func stateValue<Value>(_ field: KeyPath<LayerState, Value>) -> Value {
        LayerTreeLock.shared.withLock { lockedFields.state[keyPath: field] }
    }

    /// Stores `value` at `field` of the model state unless it is already there, comparing and
    /// storing under one hold of `lock` (`LayerTreeLock.shared`, which a caller that has it at
    /// hand passes, saving the look-up of the shared instance); returns whether it stored.
    /// `isPlacement` says that `field` is `position` or `transform`, which leave `stateStamp`
    /// as it is.
    @inline(__always)
    func replaceStateValue<Value: Equatable>(_ field: WritableKeyPath<LayerState, Value>, with value: Value,
                                             isPlacement: Bool = false, lock: LayerTreeLock = .shared) -> Bool {
        PendingPresentations.settle()
        return lock.withLock {
            guard lockedFields.state[keyPath: field] != value else { return false }
            lockedFields.state[keyPath: field] = value
            if !isPlacement { lockedFields.stateStamp &+= 1 }
            return true
        }
    }

    /// `contents` exactly as it was set (the render state keeps only a `CGImage`).
    var contentsObject: Any? {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.contentsObject
        }
        _modify {
            PendingPresentations.settle()
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.contentsObject
        }
    }

    /// Values of custom keys set through key-value coding, exactly as they were set.
    var customObjects: [String: Any] {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.customObjects
        }
        _modify {
            PendingPresentations.settle()
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.customObjects
        }
    }

    /// The sublayers, back to front (a presentation layer's copies are made first if they are
    /// still to make: see `PresentationSource`).
    package var sublayerStorage: [CALayer] {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            presentationSource?.settle()
            yield lockedFields.sublayers
        }
        _modify {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            presentationSource?.settle()
            yield &lockedFields.sublayers
        }
    }

    /// The mask layer.
    package var maskStorage: CALayer? {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.mask
        }
        _modify {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.mask
        }
    }

    /// Whether a committed transaction has included this layer in a layer tree.
    package var isLive: Bool {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.isLive
        }
        _modify {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.isLive
        }
    }

    /// The sublayers as the tree actions last saw them (kept for live layers only), so that a
    /// change can tell which layers were ordered in and out.
    var sublayersSeenByTreeActions: [CALayer] {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.sublayersSeenByTreeActions
        }
        _modify {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.sublayersSeenByTreeActions
        }
    }

    /// Whether `setNeedsLayout()` was called (or bounds changed) since the last layout.
    var needsLayoutFlag: Bool {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.needsLayout
        }
        _modify {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.needsLayout
        }
    }

    /// Whether a sublayer, or one of its descendants, may need layout: `layoutIfNeeded()` only
    /// descends into sublayers when it is set.
    var sublayersNeedLayoutFlag: Bool {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.sublayersNeedLayout
        }
        _modify {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.sublayersNeedLayout
        }
    }

    /// Whether `setNeedsDisplay()` was called since the last display.
    var needsDisplayFlag: Bool {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.needsDisplay
        }
        _modify {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.needsDisplay
        }
    }

    /// The union of the rectangles passed to `setNeedsDisplay(_:)` since the last display.
    var dirtyRect: CGRect {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.dirtyRect
        }
        _modify {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.dirtyRect
        }
    }

    /// Animations attached to the layer, in the order they were added.
    var animationStore: [AttachedAnimation] {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.animations
        }
        _modify {
            // Presentation copies still to make are made from the animations as they are.
            PendingPresentations.settle()
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.animations
        }
    }

    /// The image the last `display()` drew, kept to redraw only dirty parts of it (see Display/).
    var backingStore: LayerBackingStore? {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.backingStore
        }
        _modify {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.backingStore
        }
    }

    /// Set by `CALayerDelegate`'s default `display(_:)`: the delegate asked does not implement it.
    var delegateDeclinedDisplay: Bool {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.delegateDeclinedDisplay
        }
        _modify {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.delegateDeclinedDisplay
        }
    }

    /// Whether a thread is in `displayIfNeeded()` for this layer (another one leaves it alone).
    var isDisplaying: Bool {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.isDisplaying
        }
        _modify {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.isDisplaying
        }
    }

    /// The layout manager (see `layoutManager`).
    var layoutManagerStorage: CALayoutManager? {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.layoutManager
        }
        _modify {
            PendingPresentations.settle()
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.layoutManager
        }
    }

    /// Constraints for `CAConstraintLayoutManager` (see `constraints`).
    var constraintStorage: [CAConstraint] {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.constraints
        }
        _modify {
            PendingPresentations.settle()
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.constraints
        }
    }

    /// How the layer resizes with its superlayer (see `autoresizingMask`).
    var autoresizingMaskStorage: CAAutoresizingMask {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.autoresizingMask
        }
        _modify {
            PendingPresentations.settle()
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.autoresizingMask
        }
    }

    /// The bounds size at the last layout: the old size handed to `resizeSublayers(withOldSize:)`.
    var autoresizingReferenceSize: CGSize? {
        _read {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield lockedFields.autoresizingReferenceSize
        }
        _modify {
            LayerTreeLock.shared.lock()
            defer { LayerTreeLock.shared.unlock() }
            yield &lockedFields.autoresizingReferenceSize
        }
    }

    /// The superlayer (held weakly).
    var superlayerStorage: CALayer? {
        get { LayerTreeLock.shared.withLock { lockedFields.superlayer } }
        set {
            LayerTreeLock.shared.withLock {
                lockedFields.superlayer = newValue
                lockedFields.superlayerID = newValue?.layerID ?? 0
                // A subtree that needs layout somewhere brings that need to its new ancestors.
                if lockedFields.needsLayout || lockedFields.sublayersNeedLayout { newValue?.noteSublayerNeedsLayout() }
            }
        }
    }

    /// The layer whose `mask` this layer is (held weakly).
    var maskOwner: CALayer? {
        get { LayerTreeLock.shared.withLock { lockedFields.maskOwner } }
        set {
            LayerTreeLock.shared.withLock {
                lockedFields.maskOwner = newValue
                lockedFields.maskOwnerID = newValue?.layerID ?? 0
            }
        }
    }
}
