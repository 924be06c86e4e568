import Foundation

/// The content version of a rasterized layer (`shouldRasterize`, 001:1887-1958): it changes
/// whenever anything drawn inside the layer's group may change, so a renderer can reuse the
/// cached image while it stays the same.
extension FrameFlattener {
    /// Key paths of animations on the rasterized layer itself that move or fade the cached
    /// image without changing it (they are applied when the image is composited).
    static let compositingKeyPaths: [String] = ["position", "transform", "zPosition", "anchorPoint", "opacity",
                                                "hidden", "shadow"]

    /// A hash of the committed versions of every layer of the subtree (and its masks), plus
    /// the frame's time when an animation that changes the picture is running inside it.
    /// Commits of the layer itself change it too (conservatively, even when only its position
    /// changed); its own animations of `compositingKeyPaths` do not.
    func contentVersion(of p: PlacedLayer) -> UInt64 {
        var hasher = Hasher()
        var animated = false
        hash(p.layer, parentTime: p.parentTime, isRoot: true, into: &hasher, animated: &animated)
        if animated { hasher.combine(time) }
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    private func hash(_ layer: RenderLayer, parentTime: CFTimeInterval, isRoot: Bool, into hasher: inout Hasher,
                      animated: inout Bool) {
        hasher.combine(layer.id)
        hasher.combine(layer.version)
        let localTime = LayerTime.step(parentTime, through: layer.state)
        if !animated {
            for animation in layer.animations where animation.timing.phase(atParentTime: localTime) == .active {
                if isRoot, let keyPath = animation.keyPath,
                   Self.compositingKeyPaths.contains(where: { keyPath.hasPrefix($0) }) { continue }
                animated = true
                break
            }
        }
        for id in layer.sublayerIDs {
            if let child = layers[id] { hash(child, parentTime: localTime, isRoot: false, into: &hasher, animated: &animated) }
        }
        if let id = layer.maskID, let mask = layers[id] {
            hash(mask, parentTime: localTime, isRoot: false, into: &hasher, animated: &animated)
        }
    }
}
