import Foundation

extension CALayer {
    /// The behaviour of `superlayer` (the overridable member in `CALayer`'s body forwards here).
    var baseSuperlayer: CALayer? { superlayerStorage }

    /// The behaviour of `sublayers` (the overridable member in `CALayer`'s body forwards here).
    var baseSublayers: [CALayer]? {
        get { sublayerStorage.isEmpty ? nil : sublayerStorage }
        set {
            for layer in sublayerStorage { layer.detachFromSuperlayer() }
            sublayerStorage.removeAll()
            for layer in newValue ?? [] { insertSublayer(layer, at: UInt32(sublayerStorage.count)) }
            sublayersDidChange()
        }
    }

    /// The behaviour of `mask` (the overridable member in `CALayer`'s body forwards here).
    var baseMask: CALayer? {
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

    /// The behaviour of `addSublayer` (the overridable member in `CALayer`'s body forwards here).
    func baseAddSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(sublayerStorage.count))
    }

    /// The behaviour of `insertSublayer` (the overridable member in `CALayer`'s body forwards here).
    func baseInsertSublayer(_ layer: CALayer, at idx: UInt32) {
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

    /// The behaviour of `insertSublayer` (the overridable member in `CALayer`'s body forwards here).
    func baseInsertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { sublayerStorage.firstIndex(of: $0) } ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    /// The behaviour of `insertSublayer` (the overridable member in `CALayer`'s body forwards here).
    func baseInsertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let index = sibling.flatMap { sublayerStorage.firstIndex(of: $0) }.map { $0 + 1 } ?? sublayerStorage.count
        insertSublayer(layer, at: UInt32(index))
    }

    /// The behaviour of `replaceSublayer` (the overridable member in `CALayer`'s body forwards here).
    func baseReplaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
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

    /// The behaviour of `removeFromSuperlayer` (the overridable member in `CALayer`'s body forwards here).
    func baseRemoveFromSuperlayer() {
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
