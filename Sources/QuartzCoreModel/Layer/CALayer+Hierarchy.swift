import Foundation

extension CALayer {
    /// The behaviour of `superlayer` (the overridable member in `CALayer`'s body forwards here).
    var baseSuperlayer: CALayer? { superlayerOrItsPresentation }

    /// The behaviour of `sublayers` (the overridable member in `CALayer`'s body forwards here).
    var baseSublayers: [CALayer]? {
        get {
            let layers = sublayerStorage
            return layers.isEmpty ? nil : layers
        }
        set {
            changeTree {
                var changed: [CALayer] = []
                for layer in sublayerStorage { layer.detachFromSuperlayer() }
                sublayerStorage.removeAll()
                for layer in newValue ?? [] where canAdopt(layer) {
                    changed += attach(layer, at: sublayerStorage.count)
                }
                return changed + [self]
            }
        }
    }

    /// The behaviour of `mask` (the overridable member in `CALayer`'s body forwards here).
    var baseMask: CALayer? {
        get { maskStorage }
        set {
            changeTree {
                if let newMask = newValue {
                    if newMask === maskStorage { return [] }
                    if newMask.superlayerStorage != nil {
                        Diagnostics.reject("CALayer.mask: \(newMask) already has a superlayer; remove it first")
                        return []
                    }
                    if newMask === self || isDescendant(of: newMask) {
                        Diagnostics.reject("CALayer.mask: a layer cannot be masked by itself or an ancestor")
                        return []
                    }
                    newMask.maskOwner?.maskStorage = nil
                    newMask.maskOwner = self
                }
                maskStorage?.maskOwner = nil
                maskStorage = newValue
                return [self]
            }
        }
    }

    /// The behaviour of `addSublayer` (the overridable member in `CALayer`'s body forwards here):
    /// through `insertSublayer(_:at:)`, so that a subclass's override of it sees the insertion.
    func baseAddSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(clamping: sublayerStorage.count))
    }

    /// The behaviour of `insertSublayer` (the overridable member in `CALayer`'s body forwards here).
    func baseInsertSublayer(_ layer: CALayer, at idx: UInt32) {
        changeTree { canAdopt(layer) ? attach(layer, at: Int(idx)) + [self] : [] }
    }

    /// The behaviour of `insertSublayer` (the overridable member in `CALayer`'s body forwards here).
    func baseInsertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { sibling in sublayerStorage.firstIndex(where: { $0 === sibling }) } ?? 0
        insertSublayer(layer, at: UInt32(clamping: index))
    }

    /// The behaviour of `insertSublayer` (the overridable member in `CALayer`'s body forwards here).
    func baseInsertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let layers = sublayerStorage
        let index = sibling.flatMap { sibling in layers.firstIndex(where: { $0 === sibling }) }.map { $0 + 1 } ?? layers.count
        insertSublayer(layer, at: UInt32(clamping: index))
    }

    /// The behaviour of `replaceSublayer` (the overridable member in `CALayer`'s body forwards here).
    func baseReplaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        changeTree {
            guard oldLayer !== newLayer, sublayerStorage.contains(where: { $0 === oldLayer }) else {
                if oldLayer !== newLayer {
                    Diagnostics.reject("CALayer.replaceSublayer: \(oldLayer) is not a sublayer of \(self)")
                }
                return []
            }
            guard canAdopt(newLayer) else { return [] }
            let previousParent = newLayer.detachFromParent()
            guard let target = sublayerStorage.firstIndex(where: { $0 === oldLayer }) else { return [] }
            oldLayer.detachFromSuperlayer()
            sublayerStorage[target] = newLayer
            newLayer.superlayerStorage = self
            return (previousParent.map { [$0] } ?? []) + [self]
        }
    }

    /// The behaviour of `removeFromSuperlayer` (the overridable member in `CALayer`'s body forwards here).
    func baseRemoveFromSuperlayer() {
        changeTree { detachFromParent().map { [$0] } ?? [] }
    }

    /// Makes a change of the tree: `change` runs holding `LayerTreeLock`, so that no other
    /// thread sees or makes a change halfway, and returns the layers whose sublayers or mask it
    /// changed; their tree actions, layout marks and transaction records follow after the lock
    /// is released (they call out to delegates and actions).
    private func changeTree(_ change: () -> [CALayer]) {
        // Presentation copies still to make are made from the tree as it is.
        PendingPresentations.settle()
        let changed = LayerTreeLock.shared.withLock(change)
        var seen = Set<ObjectIdentifier>()
        for layer in changed where seen.insert(ObjectIdentifier(layer)).inserted { layer.sublayersDidChange() }
    }

    /// Puts `layer` at `idx` (clamped) of the sublayers, taking it from its previous superlayer
    /// or mask owner first; returns that one when it is another layer. Holding `LayerTreeLock`.
    private func attach(_ layer: CALayer, at idx: Int) -> [CALayer] {
        var index = min(max(idx, 0), sublayerStorage.count)
        var previousParent: CALayer?
        if layer.superlayerStorage === self, let current = sublayerStorage.firstIndex(where: { $0 === layer }) {
            sublayerStorage.remove(at: current)
            if current < index { index -= 1 }
        } else {
            previousParent = layer.detachFromParent()
        }
        sublayerStorage.insert(layer, at: min(index, sublayerStorage.count))
        layer.superlayerStorage = self
        return previousParent.map { [$0] } ?? []
    }

    /// Takes the layer out of its superlayer's sublayers or its owner's `mask`, and returns that
    /// layer (nil when it had none). Holding `LayerTreeLock`.
    private func detachFromParent() -> CALayer? {
        if let owner = maskOwner {
            owner.maskStorage = nil
            maskOwner = nil
            return owner
        }
        guard let parent = superlayerStorage else { return nil }
        parent.sublayerStorage.removeAll { $0 === self }
        detachFromSuperlayer()
        return parent
    }

    /// Whether `ancestor` is this layer's superlayer, or its superlayer's, and so on.
    func isDescendant(of ancestor: CALayer) -> Bool {
        var current = superlayerStorage ?? maskOwner
        while let layer = current {
            if layer === ancestor { return true }
            current = layer.superlayerStorage ?? layer.maskOwner
        }
        return false
    }

    /// The root of the tree that holds this layer.
    var rootLayer: CALayer {
        var current = self
        while let parent = current.superlayerStorage ?? current.maskOwner { current = parent }
        return current
    }

    /// Refuses (with a logged message) to adopt the layer itself or one of its ancestors, which
    /// would make the tree a cycle.
    private func canAdopt(_ layer: CALayer) -> Bool {
        if layer === self || isDescendant(of: layer) {
            Diagnostics.reject("CALayer: cannot add \(layer) to itself or to one of its descendants")
            return false
        }
        return true
    }

    private func detachFromSuperlayer() {
        superlayerStorage = nil
    }
}
