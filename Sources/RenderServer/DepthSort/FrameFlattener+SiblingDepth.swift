import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// Depth order among the sublayers of a flattening layer (001:2430-2683; 001:1228-1232).
///
/// A plain layer flattens each sublayer's subtree into that sublayer's plane, but its direct
/// sublayers are composited in the layer's own 3D space, after its `sublayerTransform`: they
/// are drawn back to front by `DepthSorter`, each plane with its flattened subtree. That is why
/// the book's cube (Listing 5.9) shows faces 1-3 in front of faces 4-6 although 4-6 were added
/// later, and why the faces' lighting sublayers (Listing 5.10) stay on their faces. Sublayers
/// that all stay in planes parallel to the layer's, under a 2D `sublayerTransform`, are at the
/// depth of their `zPosition`, so their order is `paintOrder(_:of:)` (zPosition, then index)
/// and nothing is sorted.
extension FrameFlattener {
    /// The sublayers of the flattening layer `p`, back to front, and, when they had to be
    /// depth-sorted with the plane tests (no more than `DepthSorter.planeTestLimit` of them),
    /// each one's evaluation in the same order (so that placing it does not evaluate it again);
    /// nil entries are layers missing from the tree. More are sorted by depth alone
    /// (`sortedByDepth(_:of:)`) without keeping their evaluations, so that they are drawn as
    /// any long list of sublayers is (`visitSublayers(of:_:in:evaluated:)`: in parts, each one
    /// that only moved from its last frame's drawing).
    func sublayerDrawOrder(of p: PlacedLayer) -> (ids: [UInt64], evaluated: [EvaluatedSublayer?]?) {
        let ordered = paintOrder(p.layer.sublayerIDs, of: p.layer.id)
        guard ordered.count > 1, sublayersNeedDepthSort(p) else { return (ordered, nil) }
        // Too many for the plane tests: ordered by depth alone, evaluated again where placed.
        if ordered.count > DepthSorter.planeTestLimit { return (sortedByDepth(ordered, of: p), nil) }
        var evaluated: [EvaluatedSublayer?] = []
        evaluated.reserveCapacity(ordered.count)
        for id in ordered {
            guard let layer = facts.layers[id] else {
                evaluated.append(nil)
                continue
            }
            let (storage, localTime) = presentationStorage(of: layer, parentTime: p.localTime)
            let toParent = LayerGeometry.toSuperlayer(storage.value, parent: p.state, flattens: false)
            evaluated.append(EvaluatedSublayer(stateStorage: storage, localTime: localTime, toParent: toParent))
        }
        if Self.liesInPaintOrder(evaluated, sublayerTransform: p.state.sublayerTransform) { return (ordered, evaluated) }
        let items = evaluated.map { sublayer in
            sublayer.map { DepthSorter.item($0.stateStorage.value.bounds, scene: $0.toParent) }
                ?? DepthSorter.Item(corners: nil, depth: -.infinity)
        }
        let order = DepthSorter.backToFront(items)
        return (order.map { ordered[$0] }, order.map { evaluated[$0] })
    }

    /// Whether the depth sort would keep the sublayers in their paint order at this frame:
    /// every one lies in a plane parallel to the layer's (its presentation `transform` keeps the
    /// plane, no `anchorPointZ`, under an affine `sublayerTransform`), so its depth is its
    /// `zPosition`, and the `zPosition`s do not decrease along that order. The sort orders such
    /// planes by depth, then by the given order, so it would return that order; skipping it
    /// saves its cost at every frame of layers whose running animations of `transform` (a
    /// turn about z, say) may move them in depth but do not.
    private static func liesInPaintOrder(_ evaluated: [EvaluatedSublayer?], sublayerTransform: CATransform3D) -> Bool {
        guard CATransform3DIsAffine(sublayerTransform) else { return false }
        return liesInPaintOrder(evaluated.lazy.map { $0.map { planeZ(of: $0.stateStorage) } ?? .nan })
    }

    /// `liesInPaintOrder(_:sublayerTransform:)` for an affine `sublayerTransform`, from each
    /// sublayer's `planeZ(of:)` in paint order (NaN for a missing one).
    static func liesInPaintOrder(_ planeZs: some Sequence<CGFloat>) -> Bool {
        var previousZ = -CGFloat.infinity
        for z in planeZs {
            // False for NaN, as for a z position below the last.
            guard z >= previousZ else { return false }
            previousZ = z
        }
        return true
    }

    /// The `zPosition` of the presentation state in `box` when it lies in a plane parallel to
    /// its superlayer's (at the depth of its `zPosition`), else NaN.
    static func planeZ(of box: LayerStateBox) -> CGFloat {
        box.value.transform.keepsLayerPlane && box.value.anchorPointZ == 0 ? box.value.zPosition : .nan
    }

    /// Whether `p`'s sublayers may lie at depths their `zPosition` does not give: a 3D
    /// `sublayerTransform`, or a sublayer that may leave its plane (from the summaries when
    /// `layers` holds the committed tree, else read from the layers).
    private func sublayersNeedDepthSort(_ p: PlacedLayer) -> Bool {
        if !CATransform3DIsAffine(p.state.sublayerTransform) { return true }
        if let summary = facts.summary(of: p.layer.id) { return summary.sublayersMayLeavePlane }
        return p.layer.sublayerIDs.contains { facts.layers[$0]?.mayLeavePlane ?? false }
    }
}

/// A sublayer evaluated for the depth sort of `sublayerDrawOrder(of:)`: what `place` would
/// compute for it again. A reference, so that the optional one every visit is handed (nil
/// unless the siblings were depth-sorted) is one word to pass down, not a matrix.
final class EvaluatedSublayer {
    /// The presentation state.
    let stateStorage: LayerStateBox
    /// The layer's local time.
    let localTime: CFTimeInterval
    /// The layer's space to its superlayer's, before flattening.
    let toParent: CATransform3D

    init(stateStorage: LayerStateBox, localTime: CFTimeInterval, toParent: CATransform3D) {
        self.stateStorage = stateStorage; self.localTime = localTime; self.toParent = toParent
    }
}
