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
    /// `RenderTreeStore.apply(committing:)`), so no store shares a state box with another.
    static func publish(_ layers: [Unmanaged<CALayer>]) {
        for entry in stores {
            // A strong reference for the duration of the write: a store that goes away
            // meanwhile leaves `stores` only once it is released.
            guard let store = entry.store else { continue }
            store.apply(committing: layers)
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
            for entry in stores { entry.store?.remove(id) }
        }
    }

    /// Adds `store` to the stores commits reach, first seeding it with every live layer as the
    /// model holds it now. Transitions in flight start from nothing in a store seeded this way
    /// (their before-state was the tree of a commit the store never saw).
    static func register(_ store: RenderTreeStore) {
        LayerTreeLock.shared.withLock {
            var seed: [Unmanaged<CALayer>] = []
            seed.reserveCapacity(liveLayers.count)
            liveLayers.forEach { _, layer in seed.append(layer) }
            if !seed.isEmpty { store.apply(committing: seed) }
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
