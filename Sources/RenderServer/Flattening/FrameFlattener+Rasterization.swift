import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// The content version of a rasterized layer (`shouldRasterize`, 001:1887-1958): it changes
/// whenever anything drawn inside the layer's group may change, so a renderer can reuse the
/// cached image while it stays the same.
extension FrameFlattener {
    /// The committed state of the whole subtree (its `subtreeVersion`, which moves with any
    /// commit inside it, its masks included), plus the frame's time when an animation that
    /// changes the picture is running inside it. Commits of the layer itself change it too
    /// (conservatively, even when only its position changed); its own animations that only move
    /// or fade the composited picture (`CompiledAnimation.movesCompositedPictureOnly`) do not.
    func contentVersion(of p: PlacedLayer) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(p.layer.id)
        hasher.combine(p.layer.subtreeVersion)
        if changesPictureWithTime(p.layer, parentTime: p.parentTime, isRoot: true) { hasher.combine(facts.time) }
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// Whether an animation that changes the picture is active in the subtree at the frame's time.
    private func changesPictureWithTime(_ layer: RenderLayer, parentTime: CFTimeInterval, isRoot: Bool) -> Bool {
        let localTime = LayerTime.step(parentTime, through: layer.state)
        for animation in layer.animations where animation.timing.phase(atParentTime: localTime) == .active {
            if isRoot && animation.movesCompositedPictureOnly { continue }
            return true
        }
        for id in layer.sublayerIDs {
            if let child = facts.layers[id], changesPictureWithTime(child, parentTime: localTime, isRoot: false) { return true }
        }
        guard let id = layer.maskID, let mask = facts.layers[id] else { return false }
        return changesPictureWithTime(mask, parentTime: localTime, isRoot: false)
    }
}
