/// A set of layer IDs as bits indexed by ID (layer IDs are small integers: see `LayerIDs`), for
/// the sets a transaction updates for every changed layer, where hashing a 64-bit key cost more
/// than recording the change.
struct LayerIDSet {
    private var words: [UInt64] = []

    /// Adds `id`; false when it was in the set already.
    @inline(__always)
    mutating func insert(_ id: UInt64) -> Bool {
        let word = Int(id >> 6), bit = UInt64(1) << (id & 63)
        if word >= words.count { grow(toHold: word) }
        guard words[word] & bit == 0 else { return false }
        words[word] |= bit
        return true
    }

    /// Adds words up to index `word` (out of line: `insert` is inlined where every change is
    /// recorded, and the set grows only with the number of layers).
    @inline(never)
    private mutating func grow(toHold word: Int) {
        words.append(contentsOf: repeatElement(0, count: word + 1 - words.count))
    }

    /// Whether `id` is in the set.
    @inline(__always)
    func contains(_ id: UInt64) -> Bool {
        let word = Int(id >> 6)
        return word < words.count && words[word] & (UInt64(1) << (id & 63)) != 0
    }

    /// Removes `id`.
    @inline(__always)
    mutating func remove(_ id: UInt64) {
        let word = Int(id >> 6)
        if word < words.count { words[word] &= ~(UInt64(1) << (id & 63)) }
    }

    /// Removes every ID, keeping the storage.
    mutating func removeAll() {
        for index in words.indices { words[index] = 0 }
    }

    /// Removes the IDs of `layers`, which the caller knows to be every ID of the set: word by
    /// word when the set has fewer words than a few per layer (a commit of many layers, whose
    /// removals one by one cost about ten instructions each), else layer by layer (a commit of
    /// a few layers among many).
    mutating func removeAll(of layers: ChangedLayerList) {
        if words.count <= layers.count &* 4 {
            removeAll()
        } else {
            layers.forEach { remove($0.layerID) }
        }
    }
}
