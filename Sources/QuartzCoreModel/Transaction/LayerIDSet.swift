/// A set of layer IDs as bits indexed by ID (layer IDs are small integers: see `LayerIDs`), for
/// the sets a transaction updates for every changed layer, where hashing a 64-bit key cost more
/// than recording the change.
///
/// A class over memory of its own, not a structure over an array: a structure's array checked
/// that it was not shared (a call) before each insertion, on the path of every property change.
/// The set is shared by reference: each set has one owner (a transaction stack, which a single
/// thread uses at a time, or a commit's local), and none is copied to be changed apart.
final class LayerIDSet {
    @exclusivity(unchecked) private var words: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var wordCount = 0

    /// An empty set.
    init() {
        words = .allocate(capacity: 1)
    }

    deinit {
        words.deallocate()
    }

    /// Adds `id`; false when it was in the set already.
    @inline(__always)
    @discardableResult
    func insert(_ id: UInt64) -> Bool {
        let word = Int(id >> 6), bit = UInt64(1) << (id & 63)
        if word >= wordCount { grow(toHold: word) }
        guard words[word] & bit == 0 else { return false }
        words[word] |= bit
        return true
    }

    /// Adds zeroed words up to index `word`, at least doubling the storage (out of line:
    /// `insert` is inlined where every change is recorded, and the set grows only with the
    /// number of layers).
    @inline(never)
    private func grow(toHold word: Int) {
        let count = max(word + 1, wordCount * 2)
        let grown = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
        grown.moveInitialize(from: words, count: wordCount)
        (grown + wordCount).initialize(repeating: 0, count: count - wordCount)
        words.deallocate()
        words = grown
        wordCount = count
    }

    /// Whether `id` is in the set.
    @inline(__always)
    func contains(_ id: UInt64) -> Bool {
        let word = Int(id >> 6)
        return word < wordCount && words[word] & (UInt64(1) << (id & 63)) != 0
    }

    /// Removes `id`.
    @inline(__always)
    func remove(_ id: UInt64) {
        let word = Int(id >> 6)
        if word < wordCount { words[word] &= ~(UInt64(1) << (id & 63)) }
    }

    /// Removes every ID, keeping the storage.
    func removeAll() {
        words.update(repeating: 0, count: wordCount)
    }

    /// Removes the IDs of `layers`, which the caller knows to be every ID of the set: word by
    /// word when the set has fewer words than a few per layer (a commit of many layers, whose
    /// removals one by one cost about ten instructions each), else layer by layer (a commit of
    /// a few layers among many).
    func removeAll(of layers: ChangedLayerList) {
        if wordCount <= layers.count &* 4 {
            removeAll()
        } else {
            layers.forEach { remove($0.layerID) }
        }
    }
}
