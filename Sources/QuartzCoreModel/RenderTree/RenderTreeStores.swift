/// Every render tree of the process (one per renderer), and the live layers a new one starts
/// from.
///
/// A commit publishes its changed layers to every store that exists, and a deallocated layer
/// leaves every store, so that no store draws a layer whose ID was given to another. A store
/// holds itself here weakly: one that goes away leaves the list. Everything here is guarded by
/// `LayerTreeLock`, the lock a commit holds while it copies the changed layers, so that a store
/// created in the middle of commits is seeded with one state of the trees and then receives
/// every later commit, none twice and none missed.
enum RenderTreeStores {
    /// A store, held weakly.
    private struct Entry {
        weak var store: RenderTreeStore?
    }

    /// The stores that exist (an entry whose store has gone is removed by its deinit).
    nonisolated(unsafe) private static var stores: [Entry] = []

    /// Every live layer (see `CALayer.isLive`), unretained: a layer leaves in its deinit, under
    /// `LayerTreeLock`, before its fields are destroyed, so a reader holding the lock never
    /// meets a freed layer.
    nonisolated(unsafe) private static var liveLayers = LayerIDTable<Unmanaged<CALayer>>(dense: true)

    /// Writes one commit's layers (the changed layers and the subtrees that became live with
    /// them, in the order the commit lists them) to every store. The caller holds
    /// `LayerTreeLock`, and the layers are held by the commit until it returns.
    ///
    /// Each store brings its own copies up to date from the model (see
    /// `RenderTreeStore.apply(committing:idsBelow:)`), so no store shares a state box with another.
    ///
    /// `capturingTransitions` false says that no layer of `layers` has animations (so none
    /// has a transition whose before-state is to be captured): the commit knows it from its
    /// listing, and a look at every layer's animations again cost about twenty instructions a
    /// committed layer.
    static func publish(_ layers: [Unmanaged<CALayer>], capturingTransitions: Bool = true) {
        if capturingTransitions { captureTransitionBeforeStates(of: layers) }
        // Every layer written is live: the live layers' table bounds their IDs.
        let idBound = liveLayers.idBound
        if standInHoldsTrees { standIn.apply(committing: layers, idsBelow: idBound) }
        for entry in stores {
            // A strong reference for the duration of the write: a store that goes away
            // meanwhile leaves `stores` only once it is released.
            guard let store = entry.store else { continue }
            store.apply(committing: layers, idsBelow: idBound)
        }
    }

    /// Records that `layer` became live (a commit included it in a layer tree). The caller holds
    /// `LayerTreeLock`.
    static func layerBecameLive(_ layer: CALayer) {
        liveLayers[layer.layerID] = Unmanaged.passUnretained(layer)
    }

    /// Forgets the live layer `id`, which is being deallocated, in every store.
    static func liveLayerWillDeallocate(_ id: UInt64) {
        LayerTreeLock.shared.withLock {
            liveLayers.removeValue(forKey: id)
            if standInHoldsTrees { standIn.remove(id) }
            for entry in stores { entry.store?.remove(id) }
        }
    }

    /// Adds `store` to the stores commits reach, first seeding it with every live layer as the
    /// model holds it now. A transition in flight carries the before-state its commit captured
    /// (`captureTransitionBeforeStates(of:)`), so a store seeded this way draws it as every other does.
    static func register(_ store: RenderTreeStore) {
        LayerTreeLock.shared.withLock {
            seed(store)
            stores.append(Entry(store: store))
            if standInHoldsTrees {
                standInHoldsTrees = false
                standIn.removeAll()
            }
        }
    }

    /// Removes the stores that have gone; called by a store's deinit (its own entry already
    /// reads nil). When none is left, the stand-in takes over the committed trees.
    static func unregister() {
        LayerTreeLock.shared.withLock {
            stores.removeAll { $0.store == nil }
            if stores.isEmpty && !standInHoldsTrees { takeOverWithStandIn() }
        }
    }

    /// Writes `store` with every live layer as the model holds it now. The caller holds
    /// `LayerTreeLock`.
    private static func seed(_ store: RenderTreeStore) {
        var seed: [Unmanaged<CALayer>] = []
        seed.reserveCapacity(liveLayers.count)
        liveLayers.forEach { _, layer in seed.append(layer) }
        if !seed.isEmpty { store.apply(committing: seed, idsBelow: liveLayers.idBound) }
    }

    // MARK: - The committed trees for transitions and presentation

    /// The committed trees while no renderer's store exists: a store that commits write only
    /// then, so that a transition added while no renderer draws (a render test between two
    /// images, an app before its first renderer) still finds the tree it starts from. While
    /// a renderer's store exists it is empty, and commits cost no second write.
    private static let standIn = RenderTreeStore(unregistered: ())

    /// Whether `standIn` holds the committed trees (no renderer's store is listed).
    nonisolated(unsafe) private static var standInHoldsTrees = true

    /// Makes `standIn` hold the committed trees, seeded from the model's live layers, when the
    /// last renderer's store has gone. The caller holds `LayerTreeLock`.
    private static func takeOverWithStandIn() {
        standIn.removeAll()
        seed(standIn)
        standInHoldsTrees = true
    }

    /// A store holding the committed trees: the first renderer's store, else the stand-in (which
    /// takes over first when the last renderer's store is going away but has not yet left the
    /// list). The caller holds `LayerTreeLock`.
    private static func committedTrees() -> RenderTreeStore {
        for entry in stores {
            if let store = entry.store { return store }
        }
        if !standInHoldsTrees { takeOverWithStandIn() }
        return standIn
    }

    /// Gives every transition of `layers` that has no before-state yet the committed subtree of
    /// its layer as the commit about to be written found it, once for every render tree: the
    /// before-picture belongs to the transaction that added the transition, whoever renders it
    /// (a renderer created later too). The caller holds `LayerTreeLock`.
    private static func captureTransitionBeforeStates(of layers: [Unmanaged<CALayer>]) {
        for layer in layers {
            layer._withUnsafeGuaranteedRef { layer in
                // Most committed layers have no animations: asked before the list is copied.
                guard !layer.lockedFields.animations.isEmpty else { return }
                let animations = layer.lockedFields.animations
                guard animations.contains(where: \.compiled.isTransitionWithoutBeforeState) else { return }
                let before = committedTrees().transitionSnapshot(of: layer.layerID)
                for attached in animations where attached.compiled.isTransitionWithoutBeforeState {
                    attached.compiled = attached.compiled.withTransitionBeforeState(before)
                }
            }
        }
    }

    /// The state of the layer `id` as last committed; nil when no commit has written it. The
    /// caller holds `LayerTreeLock`.
    static func committedState(of id: UInt64) -> LayerState? {
        committedTrees().committedState(of: id)
    }

    /// The box of the state of the layer `id` as last committed, read in place; nil when no
    /// commit has written it. The caller holds `LayerTreeLock`.
    static func committedStateBox(of id: UInt64) -> LayerStateBox? {
        committedTrees().committedStateBox(of: id)
    }

    /// The `zPosition` of each layer of `ids` as last committed, nil for one no commit has
    /// written. The caller holds `LayerTreeLock`.
    static func committedZPositions(of ids: [UInt64]) -> [CGFloat?] {
        committedTrees().committedZPositions(of: ids)
    }

    /// The number of stores listed (for tests: a store that went away is no longer listed).
    static var count: Int {
        LayerTreeLock.shared.withLock { stores.count }
    }
}
