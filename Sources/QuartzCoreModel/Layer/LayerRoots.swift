import Foundation

/// Finds the root of a layer's tree and the layer's depth in it, remembering every layer passed
/// on the way up, so that asking for many layers of one deep tree costs the size of the tree,
/// not its size times its depth. Meant for one pass over a tree that does not change meanwhile.
struct LayerRoots {
    private var known: [ObjectIdentifier: (root: CALayer, depth: Int)] = [:]
    /// Whether the caller holds `LayerTreeLock` (perhaps on another thread, which waits for this
    /// one meanwhile): the superlayers are then read from the fields directly, not through the
    /// accessors that take the lock.
    private let lockIsHeld: Bool

    /// Roots found through the layers' accessors, or, when `lockIsHeld`, read from the layers'
    /// fields under a hold of `LayerTreeLock` that the caller makes sure of.
    init(lockIsHeld: Bool = false) {
        self.lockIsHeld = lockIsHeld
    }

    /// The root of the tree that holds `layer` (itself when it has no superlayer or owner).
    mutating func root(of layer: CALayer) -> CALayer {
        place(of: layer).root
    }

    /// The root of the tree that holds `layer`, and how many superlayers (or mask owners) lie
    /// between them.
    mutating func place(of layer: CALayer) -> (root: CALayer, depth: Int) {
        var path: [CALayer] = []
        var current = layer
        var found: (root: CALayer, depth: Int)
        while true {
            if let place = known[ObjectIdentifier(current)] {
                found = place
                break
            }
            guard let parent = lockIsHeld ? current.lockedFields.superlayer ?? current.lockedFields.maskOwner
                                          : current.superlayerStorage ?? current.maskOwner else {
                found = (current, 0)
                known[ObjectIdentifier(current)] = found
                break
            }
            path.append(current)
            current = parent
        }
        for passed in path.reversed() {
            found.depth += 1
            known[ObjectIdentifier(passed)] = found
        }
        return found
    }
}
