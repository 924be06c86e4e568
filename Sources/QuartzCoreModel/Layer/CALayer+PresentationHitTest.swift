import Foundation

extension CALayer {
    /// Hit testing among the sublayers of a presentation layer whose sublayers' copies are not
    /// all made (see `PresentationSource`): the answer of `hitTest(_:)` over the copies, making
    /// only the copies it must (`PresentedHitWalk`).
    ///
    /// `p` is in this layer's coordinates; returns `.notLazy` when the sublayers are all made
    /// (or this is not such a presentation layer), for the ordinary walk.
    func hitTestPresentedSublayers(_ p: CGPoint) -> PresentedSublayerHit {
        guard let source = presentationSource else { return .notLazy }
        return LayerTreeLock.shared.withLock {
            guard !source.isSettled else { return .notLazy }
            return PendingPresentations.making {
                let parent = withUnsafePointer(to: lockedFields.state) { HitGeometry($0) }
                // The sublayers' time runs from their superlayer's (`localTime(fromGlobal:)`).
                let parentTime = modelLayerStorage?.localTime(fromGlobal: source.time) ?? source.time
                var walk = PresentedHitWalk(source: source)
                return .tested(walk.hit(among: source.models, at: p, parent: parent, parentTime: parentTime))
            }
        }
    }
}

/// A hit test among the sublayers' copies of a presentation layer, as `hitTest(_:)` walks
/// them, that reads the presentation of each layer it visits from its model
/// (`presentedHitGeometry(at:parentTime:)`) and makes the copy of the layer it returns only
/// (with its ancestors', so that it is the copy the presentation's `sublayers` give).
///
/// A layer whose copy is made already, or whose class is not `CALayer` itself (a subclass may
/// override `hitTest(_:)` or `contains(_:)`), is made and asked, as the copies are. Everything
/// runs holding `LayerTreeLock`.
struct PresentedHitWalk {
    /// The source of the sublayers' copies of the presentation layer tested.
    let source: PresentationSource
    /// The indices, level by level below the source, of the sublayers whose sublayers are being
    /// tested: the way to their copies, none of which is made when the walk goes down.
    private var path: [Int] = []

    init(source: PresentationSource) {
        self.source = source
    }

    /// The front-most hit at `p` among `models` (back to front, the sublayers at the current
    /// `path`), tried as `hitTest(_:)` tries sublayers: by descending `zPosition`, later siblings
    /// first among equals. `parent` and `parentTime` are their superlayer's presentation
    /// geometry and local time.
    mutating func hit(among models: [CALayer], at p: CGPoint, parent: HitGeometry,
                      parentTime: CFTimeInterval) -> CALayer? {
        // Back to front's reverse, as long as no zPosition lifts a layer out of that order.
        var committedZPositions: [CGFloat?] = []
        var found: CALayer?
        var lifted = false
        for index in models.indices.reversed() {
            let geometry = found == nil ? presentedGeometry(of: models, index, parentTime: parentTime) : nil
            let z = geometry?.zPosition ?? zPosition(of: models, index, committed: &committedZPositions)
            if z != 0 {
                lifted = true
                break
            }
            if found == nil { found = test(models, index, geometry, at: p, parent: parent, parentTime: parentTime) }
        }
        guard lifted else { return found }
        let zPositions = models.indices.map { zPosition(of: models, $0, committed: &committedZPositions) }
        for index in CALayer.frontToBackOrder(zPositions: zPositions) {
            let geometry = presentedGeometry(of: models, index, parentTime: parentTime)
            if let hit = test(models, index, geometry, at: p, parent: parent, parentTime: parentTime) { return hit }
        }
        return nil
    }

    /// The copy of `models[index]` when it is made already (only the source's own sublayers'
    /// can be, for the walk goes down only through layers whose copies are not made).
    private func madeCopy(of models: [CALayer], _ index: Int) -> CALayer? {
        path.isEmpty ? source.madeChild(at: index) : nil
    }

    /// The presentation geometry of `models[index]` when the walk tests it itself: a plain
    /// `CALayer` whose copy is not made. Nil for a layer whose copy is asked.
    private func presentedGeometry(of models: [CALayer], _ index: Int, parentTime: CFTimeInterval) -> HitGeometry? {
        let model = models[index]
        guard madeCopy(of: models, index) == nil, type(of: model) == CALayer.self else { return nil }
        return model.presentedHitGeometry(at: source.time, parentTime: parentTime)
    }

    /// The presentation `zPosition` of `models[index]`: its copy's when made, else its model's
    /// (`presentedZPosition(at:committed:)`), the committed ones of `models` read into
    /// `committed` on first use (one look-up in the render tree for all of them).
    private func zPosition(of models: [CALayer], _ index: Int, committed: inout [CGFloat?]) -> CGFloat {
        if let copy = madeCopy(of: models, index) { return copy.lockedFields.state.zPosition }
        if committed.isEmpty { committed = RenderTreeStores.committedZPositions(of: models.map(\.layerID)) }
        return models[index].presentedZPosition(at: source.time, committed: committed[index])
    }

    /// The hit at `p` (in the coordinates of the superlayer, whose presentation geometry is
    /// `parent`) in `models[index]` and its sublayers, tested on `geometry`, its presentation,
    /// or, when that is nil, by its copy's `hitTest(_:)`.
    private mutating func test(_ models: [CALayer], _ index: Int, _ geometry: HitGeometry?, at p: CGPoint,
                               parent: HitGeometry, parentTime: CFTimeInterval) -> CALayer? {
        guard let geometry else {
            let copy = madeCopy(of: models, index) ?? makeCopy(at: index)
            return DeepRecursion.guarded { copy.hitTest(p) }
        }
        // `hitTest(_:)` of a plain `CALayer`, on the presentation read from its model.
        if geometry.isHidden { return nil }
        guard let local = LayerGeometry.toSuperlayer(geometry, parent: parent).unprojectPoint(p) else { return nil }
        let inside = geometry.bounds.contains(local)
        if geometry.masksToBounds && !inside { return nil }
        let model = models[index]
        let sublayers = model.lockedFields.sublayers
        if !sublayers.isEmpty {
            let time = LayerTime.step(parentTime, through: model.lockedFields.state)
            path.append(index)
            // Once per tree level, as `hitTest(_:)`: a deep tree goes on on a fresh stack.
            let found = DeepRecursion.guarded { self.hit(among: sublayers, at: local, parent: geometry, parentTime: time) }
            path.removeLast()
            if let found { return found }
        }
        return inside ? makeCopy(at: index) : nil
    }

    /// The copy of the sublayer `index` of the layer at `path`, made now with those of its
    /// ancestors not made yet (each copy's source keeps what it made: asked again, it gives the
    /// same copy).
    private func makeCopy(at index: Int) -> CALayer {
        let way = path + [index]
        var copy = source.child(at: way[0])
        for next in way.dropFirst() {
            if let below = copy.presentationSource, !below.isSettled {
                copy = below.child(at: next)
            } else {
                // Settled meanwhile (a subclass's `hitTest(_:)` read the sublayers): they are made.
                copy = copy.lockedFields.sublayers[next]
            }
        }
        return copy
    }
}

/// What `CALayer.hitTestPresentedSublayers(_:)` found.
enum PresentedSublayerHit {
    /// The sublayers' copies are all made (or the layer has none to make): walk them.
    case notLazy
    /// The hit among the sublayers, nil for none.
    case tested(CALayer?)
}
