import Foundation

extension CALayer {
    /// Hit testing among the sublayers of a presentation layer whose sublayers' copies are not
    /// all made (see `PresentationSource`): the answer of `hitTest(_:)` over the copies, making
    /// only the copies it must. A sublayer that is a plain `CALayer` without sublayers is
    /// tested on its presentation state alone, and its copy is made only when it is the hit;
    /// any other (a subclass may override `hitTest(_:)` or `contains(_:)`, a layer with
    /// sublayers is tested through them) is made and asked, as the copies are.
    ///
    /// `p` is in this layer's coordinates; returns `.notLazy` when the sublayers are all made
    /// (or this is not such a presentation layer), for the ordinary walk.
    func hitTestPresentedSublayers(_ p: CGPoint) -> PresentedSublayerHit {
        guard let source = presentationSource else { return .notLazy }
        return LayerTreeLock.shared.withLock {
            guard !source.isSettled else { return .notLazy }
            return PendingPresentations.making {
                .tested(hitAmong(source, at: p, parent: lockedFields.state))
            }
        }
    }

    /// The front-most hit among `source`'s copies, tried as `hitTest(_:)` tries sublayers: by
    /// descending `zPosition`, later siblings first among equals. The caller holds `LayerTreeLock`.
    private func hitAmong(_ source: PresentationSource, at p: CGPoint, parent: LayerState) -> CALayer? {
        let count = source.models.count
        // Back to front's reverse first; the positions are kept in case one is not 0.
        var zPositions = [CGFloat](repeating: 0, count: count)
        var lifted = false
        var found: CALayer?
        for index in (0..<count).reversed() {
            let testing = !lifted && found == nil
            let (zPosition, hit) = Self.probe(source, index, at: p, parent: parent, testing: testing)
            zPositions[index] = zPosition
            if zPosition != 0 { lifted = true }
            if testing { found = hit }
        }
        guard lifted else { return found }
        for index in Self.frontToBackOrder(zPositions: zPositions) {
            if let hit = Self.probe(source, index, at: p, parent: parent, testing: true).hit { return hit }
        }
        return nil
    }

    /// The presentation `zPosition` of `source.models[index]` and, when `testing`, its hit at
    /// `p` (in the coordinates of `parent`, the presentation state of the layer whose sublayer
    /// it is). A plain `CALayer` without sublayers whose copy is not made is tested on its
    /// presentation state as `hitTest(_:)` would test it, its copy made only when it is the
    /// hit; any other is made and asked. The caller holds `LayerTreeLock`.
    private static func probe(_ source: PresentationSource, _ index: Int, at p: CGPoint, parent: LayerState,
                              testing: Bool) -> (zPosition: CGFloat, hit: CALayer?) {
        let model = source.models[index]
        if source.madeChild(at: index) == nil && type(of: model) == CALayer.self && model.lockedFields.sublayers.isEmpty {
            let state = model.committedPresentationState(at: source.time)
            guard testing, !state.isHidden else { return (state.zPosition, nil) }
            let m = LayerGeometry.toSuperlayer(state, parent: parent)
            guard let local = m.unprojectPoint(p), state.bounds.contains(local) else { return (state.zPosition, nil) }
            return (state.zPosition, source.child(at: index))
        }
        let copy = source.child(at: index)
        let zPosition = copy.lockedFields.state.zPosition
        return (zPosition, testing ? DeepRecursion.guarded { copy.hitTest(p) } : nil)
    }
}

/// What `CALayer.hitTestPresentedSublayers(_:)` found.
enum PresentedSublayerHit {
    /// The sublayers' copies are all made (or the layer has none to make): walk them.
    case notLazy
    /// The hit among the sublayers, nil for none.
    case tested(CALayer?)
}
