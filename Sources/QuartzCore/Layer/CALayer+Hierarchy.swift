import Foundation

extension CALayer {
    /// The layer's superlayer, or nil for a root layer (and for a mask layer).
    public var superlayer: CALayer? { superlayerStorage }

    /// The layer's sublayers in back-to-front order, or nil when it has none.
    ///
    /// Setting the array removes the current sublayers; each new sublayer is first removed from
    /// its previous superlayer. A layer that is this layer or one of its ancestors is refused.
    public var sublayers: [CALayer]? {
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

    /// An optional layer whose alpha channel masks the layer's content.
    ///
    /// The mask is positioned in this layer's coordinate space like a sublayer but is not drawn.
    /// Apple leaves a mask that already has a superlayer undefined; here such a layer is refused
    /// (the previous mask is kept and a warning is logged), as is the layer itself or an ancestor.
    public var mask: CALayer? {
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

    /// Appends `layer` to the sublayers, removing it from its previous superlayer first.
    public func addSublayer(_ layer: CALayer) {
        changeTree { canAdopt(layer) ? attach(layer, at: sublayerStorage.count) + [self] : [] }
    }

    /// Inserts `layer` into the sublayers at `idx` (clamped to the count).
    public func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        changeTree { canAdopt(layer) ? attach(layer, at: Int(idx)) + [self] : [] }
    }

    /// Inserts `layer` just below `sibling`, or at the bottom when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        changeTree {
            let index = sibling.flatMap { sublayerStorage.firstIndex(of: $0) } ?? 0
            return canAdopt(layer) ? attach(layer, at: index) + [self] : []
        }
    }

    /// Inserts `layer` just above `sibling`, or at the top when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        changeTree {
            let index = sibling.flatMap { sublayerStorage.firstIndex(of: $0) }.map { $0 + 1 } ?? sublayerStorage.count
            return canAdopt(layer) ? attach(layer, at: index) + [self] : []
        }
    }

    /// Replaces `oldLayer`, a sublayer of this layer, with `newLayer`.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
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

    /// Removes the layer from its superlayer's sublayers, or from its owner's `mask`.
    public func removeFromSuperlayer() {
        changeTree { detachFromParent().map { [$0] } ?? [] }
    }

    /// Makes a change of the tree: `change` runs holding `LayerTreeLock`, so that no other
    /// thread sees or makes a change halfway, and returns the layers whose sublayers or mask it
    /// changed; their tree actions, layout marks and transaction records follow after the lock
    /// is released (they call out to delegates and actions).
    private func changeTree(_ change: () -> [CALayer]) {
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
