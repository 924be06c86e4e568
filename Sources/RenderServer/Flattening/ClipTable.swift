import CompositorCore

/// The clips of the draw list being made, which commands name by index: each a layer's
/// (rounded) bounds inside the clip its superlayer draws under (`parentIndex`), so that a chain
/// of indices is the stack of clips a command is drawn under. The walk adds a layer's clip when
/// it masks to bounds and hands the index down; stretches drawn elsewhere (stored subtrees, the
/// last frame, parts flattened on other threads) are moved in at the end.
struct ClipTable: Sendable {
    /// The clips, in the order they were added.
    private(set) var all: [Clip] = []

    /// How many clips there are: the index the next one gets.
    var count: Int { all.count }

    /// Adds `clip` and returns its index.
    mutating func push(_ clip: Clip) -> Int32 {
        all.append(clip)
        return Int32(all.count - 1)
    }

    /// The clips from index `start` on.
    subscript(from start: Int) -> ArraySlice<Clip> { all[start...] }

    /// Removes every clip, keeping the storage for the next frame.
    mutating func removeAll() {
        all.removeAll(keepingCapacity: true)
    }

    /// Appends clips drawn elsewhere whose own clips started at index `base`, now `offset`
    /// further on: a parent index at or above `base` names one of them and moves with them;
    /// one below names a clip of the superlayer's chain, the same here.
    mutating func append(_ clips: some Collection<Clip>, movedFrom base: Int32, by offset: Int32) {
        guard offset != 0 else {
            all.append(contentsOf: clips)
            return
        }
        for var clip in clips {
            if let parent = clip.parentIndex, parent >= base { clip.parentIndex = parent + offset }
            all.append(clip)
        }
    }

    /// The clips of the chain that starts at `index`, innermost first.
    func chain(from index: Int32?) -> [Clip] {
        var chain: [Clip] = []
        var next = index
        while let i = next, i >= 0, Int(i) < all.count, chain.count <= all.count {
            chain.append(all[Int(i)])
            next = all[Int(i)].parentIndex
        }
        return chain
    }
}
