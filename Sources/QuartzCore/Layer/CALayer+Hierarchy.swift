import Foundation

extension CALayer {
    /// The layer's superlayer, or nil for a root layer (and for a mask layer).
    public var superlayer: CALayer? { superlayerStorage }

    /// The layer's sublayers in back-to-front order, or nil when it has none.
    ///
    /// Setting the array removes the current sublayers; each new sublayer is first removed from
    /// its previous superlayer. A layer that is this layer or one of its ancestors is refused.
    public var sublayers: [CALayer]? {
        get { sublayerStorage.isEmpty ? nil : sublayerStorage }
        set {
            for layer in sublayerStorage { layer.detachFromSuperlayer() }
            sublayerStorage.removeAll()
            for layer in newValue ?? [] { insertSublayer(layer, at: UInt32(sublayerStorage.count)) }
            sublayersDidChange()
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
            if let newMask = newValue {
                if newMask === maskStorage { return }
                if newMask.superlayerStorage != nil {
                    Diagnostics.reject("CALayer.mask: \(newMask) already has a superlayer; remove it first")
                    return
                }
                if newMask === self || isDescendant(of: newMask) {
                    Diagnostics.reject("CALayer.mask: a layer cannot be masked by itself or an ancestor")
                    return
                }
                newMask.maskOwner?.maskStorage = nil
                newMask.maskOwner = self
            }
            maskStorage?.maskOwner = nil
            maskStorage = newValue
            sublayersDidChange()
        }
    }

    /// Appends `layer` to the sublayers, removing it from its previous superlayer first.
    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(sublayerStorage.count))
    }

    /// Inserts `layer` into the sublayers at `idx` (clamped to the count).
    public func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        guard canAdopt(layer) else { return }
        var index = Int(min(idx, UInt32(sublayerStorage.count)))
        if layer.superlayerStorage === self, let current = sublayerStorage.firstIndex(of: layer) {
            sublayerStorage.remove(at: current)
            if current < index { index -= 1 }
        } else {
            layer.removeFromSuperlayer()
        }
        sublayerStorage.insert(layer, at: min(index, sublayerStorage.count))
        layer.superlayerStorage = self
        sublayersDidChange()
    }

    /// Inserts `layer` just below `sibling`, or at the bottom when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { sublayerStorage.firstIndex(of: $0) } ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    /// Inserts `layer` just above `sibling`, or at the top when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let index = sibling.flatMap { sublayerStorage.firstIndex(of: $0) }.map { $0 + 1 } ?? sublayerStorage.count
        insertSublayer(layer, at: UInt32(index))
    }

    /// Replaces `oldLayer`, a sublayer of this layer, with `newLayer`.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer, let index = sublayerStorage.firstIndex(of: oldLayer) else {
            if oldLayer !== newLayer {
                Diagnostics.reject("CALayer.replaceSublayer: \(oldLayer) is not a sublayer of \(self)")
            }
            return
        }
        guard canAdopt(newLayer) else { return }
        newLayer.removeFromSuperlayer()
        let target = sublayerStorage.firstIndex(of: oldLayer) ?? index
        oldLayer.detachFromSuperlayer()
        sublayerStorage[target] = newLayer
        newLayer.superlayerStorage = self
        sublayersDidChange()
    }

    /// Removes the layer from its superlayer's sublayers, or from its owner's `mask`.
    public func removeFromSuperlayer() {
        if let owner = maskOwner {
            owner.maskStorage = nil
            maskOwner = nil
            owner.sublayersDidChange()
            return
        }
        guard let parent = superlayerStorage else { return }
        parent.sublayerStorage.removeAll { $0 === self }
        detachFromSuperlayer()
        parent.sublayersDidChange()
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
