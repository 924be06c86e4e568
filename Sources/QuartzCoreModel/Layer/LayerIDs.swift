import CompositorCore

/// Hands out layer IDs: small integers, each taken back when its layer is deallocated and
/// given to a later layer, so that the render tree and the flattener keep their per-layer
/// tables in arrays indexed by ID (`LayerIDTable`) whose length is the most layers alive at once.
///
/// A reused ID never confuses what was kept of the layer that had it: the render tree forgets
/// that layer when it goes (`RenderTreeStores.liveLayerWillDeallocate(_:)`), and every cache of flattened or
/// rasterized layers also keys on the commit count of what it kept, which only grows.
enum LayerIDs {
    private struct Pool {
        /// The next ID never handed out (0 is never used).
        var next: UInt64 = 1
        /// IDs given back, the most recent last.
        var free: [UInt64] = []
    }

    private static let pool = ThreadLock(Pool())

    /// An ID no living layer has.
    static func take() -> UInt64 {
        pool.withLock { pool in
            if let id = pool.free.popLast() { return id }
            defer { pool.next += 1 }
            return pool.next
        }
    }

    /// Takes back the ID of a layer being deallocated.
    static func giveBack(_ id: UInt64) {
        pool.withLock { $0.free.append(id) }
    }
}
