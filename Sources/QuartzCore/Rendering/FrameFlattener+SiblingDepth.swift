import Foundation

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
    /// The sublayers of the flattening layer `p`, back to front.
    func sublayerDrawOrder(of p: PlacedLayer) -> [UInt64] {
        let ordered = paintOrder(p.layer.sublayerIDs, of: p.layer.id)
        guard ordered.count > 1, sublayersNeedDepthSort(p) else { return ordered }
        let items = ordered.map { id -> DepthSorter.Item in
            guard let layer = layers[id] else { return DepthSorter.Item(corners: nil, depth: -.infinity) }
            let (s, _) = Self.presentation(of: layer, parentTime: p.localTime)
            return DepthSorter.item(s.bounds, scene: LayerGeometry.toSuperlayer(s, parent: p.state, flattens: false))
        }
        return DepthSorter.backToFront(items).map { ordered[$0] }
    }

    /// Whether `p`'s sublayers may lie at depths their `zPosition` does not give: a 3D
    /// `sublayerTransform`, or a sublayer that may leave its plane (from the summaries when
    /// `layers` holds the committed tree, else read from the layers).
    private func sublayersNeedDepthSort(_ p: PlacedLayer) -> Bool {
        if !CATransform3DIsAffine(p.state.sublayerTransform) { return true }
        if let summary = summary(of: p.layer.id) { return summary.sublayersMayLeavePlane }
        return p.layer.sublayerIDs.contains { layers[$0]?.mayLeavePlane ?? false }
    }
}

extension RenderLayer {
    /// Whether the layer may not lie in the plane at its `zPosition`, parallel to its
    /// superlayer's: a `transform` with a z or perspective part, an `anchorPointZ`, or an
    /// animation of either.
    var mayLeavePlane: Bool {
        !CATransform3DIsAffine(state.transform) || state.anchorPointZ != 0 || animations.contains { $0.mayMoveInDepth }
    }
}

extension CompiledAnimation {
    /// Whether the animation may move its layer out of its plane (it animates `transform`, a
    /// field of it, or `anchorPointZ`, itself or in a group).
    var mayMoveInDepth: Bool {
        switch kind {
        case .group(let children):
            return children.contains { $0.mayMoveInDepth }
        case .transition:
            return false
        case .basic, .spring, .keyframes, .path:
            guard let keyPath else { return false }
            return keyPath.hasPrefix("transform") || keyPath == "anchorPointZ"
        }
    }
}
