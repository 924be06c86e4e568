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

    /// Writes one commit's changed layers to every store. The caller holds `LayerTreeLock`.
    ///
    /// With one store (one renderer, the usual case) the layers are moved into it, not copied.
    static func publish(_ update: inout RenderTreeUpdate) {
        // Strong references for the duration of the commit: a store that goes away meanwhile
        // leaves `stores` only once this list is released.
        let targets = stores.compactMap(\.store)
        guard let last = targets.last else {
            update.layers.removeAll()
            return
        }
        for store in targets.dropLast() {
            var copy = update
            store.apply(&copy)
        }
        last.apply(&update)
    }

    /// The spare state boxes of every store (see `RenderTreeStore.takeSpareStateBoxes()`). The
    /// caller holds `LayerTreeLock`.
    static func takeSpareStateBoxes() -> [LayerStateBox] {
        guard stores.count > 1 else { return stores.first?.store?.takeSpareStateBoxes() ?? [] }
        return stores.flatMap { $0.store?.takeSpareStateBoxes() ?? [] }
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
            for entry in stores { entry.store?.remove(id) }
        }
    }

    /// Adds `store` to the stores commits reach, first seeding it with every live layer as the
    /// model holds it now. Transitions in flight start from nothing in a store seeded this way
    /// (their before-state was the tree of a commit the store never saw).
    static func register(_ store: RenderTreeStore) {
        LayerTreeLock.shared.withLock {
            var seed = RenderTreeUpdate()
            liveLayers.forEach { _, layer in
                seed.layers.append(layer._withUnsafeGuaranteedRef { $0.renderSnapshotHoldingLock() })
            }
            if !seed.layers.isEmpty { store.apply(&seed) }
            stores.append(Entry(store: store))
        }
    }

    /// Removes the stores that have gone; called by a store's deinit (its own entry already
    /// reads nil).
    static func unregister() {
        LayerTreeLock.shared.withLock {
            stores.removeAll { $0.store == nil }
        }
    }

    /// The number of stores listed (for tests: a store that went away is no longer listed).
    static var count: Int {
        LayerTreeLock.shared.withLock { stores.count }
    }
}
