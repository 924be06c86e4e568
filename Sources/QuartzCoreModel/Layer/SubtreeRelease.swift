import Foundation

/// Releases the subtree of a layer being deallocated with a loop instead of a recursion.
///
/// Left to itself, Swift releases a layer's sublayers array in the layer's deinit, which
/// deallocates each sublayer held by nothing else, whose deinit releases its own sublayers, and
/// so on: one nested deinit per tree level, which overflows the stack of any thread on a chain
/// a few thousand layers deep. Here the deallocating layer's sublayers and mask are moved to a
/// list; each layer taken from the list that nothing else holds gives up its own sublayers and
/// mask (and the sublayers its tree actions last saw, the same layers) to the list before it
/// is released, so every deinit finds an empty tree below it.
enum SubtreeRelease {
    /// Takes the sublayers and the mask of `layer` (in its deinit) and releases them and every
    /// layer below them that nothing else holds, without nesting deinits.
    static func release(sublayersOf layer: CALayer) {
        var pending: [CALayer] = []
        takeSubtree(of: layer, into: &pending)
        while var next = pending.popLast() {
            // Only the last reference may give up the layer's subtree: a layer that lives on
            // keeps its sublayers. (A layer listed twice is given up at its second turn.)
            guard isKnownUniquelyReferenced(&next) else { continue }
            takeSubtree(of: next, into: &pending)
        }
    }

    /// Moves every strong reference `layer` holds to layers below it into `pending`: its
    /// sublayers, the sublayers its tree actions last saw, and its mask.
    private static func takeSubtree(of layer: CALayer, into pending: inout [CALayer]) {
        // A presentation layer's copies made so far, and none of those still to make.
        if let source = layer.presentationSource {
            pending.append(contentsOf: LayerTreeLock.shared.withLock { source.abandon() })
        }
        forgetOwner(layer)
        pending.append(contentsOf: layer.sublayerStorage)
        layer.sublayerStorage.removeAll()
        pending.append(contentsOf: layer.sublayersSeenByTreeActions)
        layer.sublayersSeenByTreeActions.removeAll()
        if let mask = layer.maskStorage {
            layer.maskStorage = nil
            pending.append(mask)
        }
    }

    /// Clears the owner IDs that the sublayers and the mask of `layer`, which is going away,
    /// keep of it (their weak references to it read nil by themselves), so that none of them
    /// names `layer`'s ID once it is given to another layer.
    private static func forgetOwner(_ layer: CALayer) {
        LayerTreeLock.shared.withLock {
            let id = layer.layerID
            for sublayer in layer.lockedFields.sublayers where sublayer.lockedFields.superlayerID == id {
                sublayer.lockedFields.superlayerID = 0
            }
            if let mask = layer.lockedFields.mask, mask.lockedFields.maskOwnerID == id {
                mask.lockedFields.maskOwnerID = 0
            }
        }
    }
}
