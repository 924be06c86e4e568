import CompositorCore

/// The quads moved layers were redrawn with (`FrameFlattener.redrawMoved`), kept two frames so
/// that a later frame's moved quads are written into their storages (`Quad.assign`) instead of
/// new ones: by then the list that drew them is let go by the renderer and the subtree cache, and
/// a storage nothing else holds is written in place. A moved sprite's quad then costs no
/// allocation, and the list it was drawn in no free of its storage. A storage something still
/// holds (an old list kept by the app or a test, a renderer slow to let go) is not written: its
/// quad is copied into a new storage as without a pool.
///
/// Flatteners take and give chunks (`MovedQuadRecycler`) under a lock, once a part of a sublayer
/// run each, so the parts of one frame share the pool. A part gets back the chunk it gave two
/// frames ago when there is one (`take(givenFor:)`, `SpareQuadChunks`), whichever order the
/// parts ask in.
final class SpareQuadPool: Sendable {
    /// Chunks given in this frame, in the last one, and two or more frames ago (the ones taken).
    private let chunks = ThreadLock<(given: SpareQuadChunks, waiting: SpareQuadChunks, ready: SpareQuadChunks)>(
        (SpareQuadChunks(), SpareQuadChunks(), SpareQuadChunks()))
    /// The spares written by their tags by the recyclers that gave their quads (for tests and
    /// statistics; `MovedQuadRecycler.writtenByTag`).
    private let writtenByTagCount = ThreadLock<Int>(0)

    /// How many spares recyclers wrote by their tags, in all frames, as they gave their quads.
    var writtenByTag: Int { writtenByTagCount.withLock { $0 } }

    /// A chunk of quads given two frames ago, or none when all are taken.
    func take() -> [SpareQuad] {
        chunks.withLock { $0.ready.removeAny() } ?? []
    }

    /// The chunk of quads given under `key` two frames ago, or none when there is none.
    func take(givenFor key: UInt64) -> [SpareQuad] {
        chunks.withLock { $0.ready.remove(for: key) } ?? []
    }

    /// Keeps `chunk`, made in this frame, for the frame after next, under `key` when not nil;
    /// `writtenByTag`: how many spares its recycler wrote by their tags.
    func give(_ chunk: [SpareQuad], for key: UInt64? = nil, writtenByTag: Int = 0) {
        if writtenByTag > 0 { writtenByTagCount.withLock { $0 += writtenByTag } }
        guard !chunk.isEmpty else { return }
        chunks.withLock { $0.given.add(chunk, for: key) }
    }

    /// Ends a frame: what was given in it waits a frame; what waited becomes ready; what was
    /// ready and not taken is let go.
    func endFrame() {
        let dropped = chunks.withLock { chunks in
            let dropped = chunks.ready
            chunks.ready = chunks.waiting
            chunks.waiting = chunks.given
            chunks.given = SpareQuadChunks()
            return dropped
        }
        _ = consume dropped
    }

    /// Lets go of every quad kept.
    func removeAll() {
        chunks.withLock { $0 = (SpareQuadChunks(), SpareQuadChunks(), SpareQuadChunks()) }
    }
}

/// One flattener's share of a `SpareQuadPool` in one frame: the spare quads it took, written with
/// its moved quads, and those moved quads, given to the pool when it is done.
///
/// Each quad made carries a tag (`MovedQuadTag`): which quad of which layer's moved drawing of
/// which frame it was made as. A spare made as the same quad of the same layer two frames ago,
/// which the caller says is the source's (`quad(_:movedTo:layer:index:sameFieldsAsTwoFramesAgo:)`),
/// has only its transform written: its bytes are not compared with the source's
/// (`Quad.assign(_:transform:)`'s memcmp of some 270 bytes of both storages).
struct MovedQuadRecycler {
    /// The pool, or nil when quads are not recycled.
    let pool: SpareQuadPool?
    /// What identifies the layers the recycler draws from frame to frame (a run part's first
    /// sublayer), which it gives its quads under; nil: none.
    let key: UInt64?
    /// The frame the recycler makes quads in (`FlattenedSubtreeCache.frame`), which it tags them with.
    let frame: UInt64
    /// Spare quads taken from the pool and not yet written, with their tags.
    private var spares: [SpareQuad] = []
    /// The quads made, with their tags, for the pool.
    private var made: [SpareQuad] = []
    /// Whether the pool had no chunk left when asked.
    private var poolIsEmpty = false
    /// The quads written into spare storages after comparing their fields with the source's
    /// (the others got new ones, or were written by their tags: `writtenByTag`).
    private(set) var writtenInPlace = 0
    /// The spares written by their tags: their transforms alone, their fields not compared.
    private(set) var writtenByTag = 0

    /// A recycler taking from and giving to `pool`, under `key`, in frame `frame`: it starts
    /// with the chunk given under `key` two frames ago (its own layers' quads, in a scene that
    /// moves the same layers every frame), then takes any.
    init(pool: SpareQuadPool?, key: UInt64? = nil, frame: UInt64 = 0) {
        self.pool = pool
        self.key = key
        self.frame = frame
        if let pool, let key { spares = pool.take(givenFor: key) }
        // As many made as spares taken, in a scene that moves the same layers every frame: the
        // list grows no more (each growth a new buffer and a move of the quads).
        made.reserveCapacity(spares.count)
    }

    /// `source` drawn with `transform`: written into a spare quad's storage when one is left
    /// and nothing else holds it, else a copy of `source` in a new storage; tagged `none`.
    mutating func quad(_ source: Quad, movedTo transform: Matrix4) -> Quad {
        quad(source, movedTo: transform, layer: 0, index: -1, sameFieldsAsTwoFramesAgo: false)
    }

    /// `source` drawn with `transform` as quad `index` of layer `layer`'s drawing: as
    /// `quad(_:movedTo:)`, except that when `trusted` (the caller's proof, `MovedQuadTag`: the
    /// source is the quad made so two frames ago, moved or kept) a spare made as that quad is
    /// known to hold `source`'s fields but for the transform, and only its transform is written.
    mutating func quad(_ source: Quad, movedTo transform: Matrix4, layer: UInt64, index: Int,
                       sameFieldsAsTwoFramesAgo trusted: Bool) -> Quad {
        // Asked without binding the pool (a retain and release a quad).
        guard pool != nil else {
            var quad = source
            quad.transform = transform
            return quad
        }
        if spares.isEmpty, !poolIsEmpty {
            spares = pool?.take() ?? []
            poolIsEmpty = spares.isEmpty
            // Room for as many more made: the list grows once, not by doubling (each growth a
            // copy of the made quads and their tags).
            made.reserveCapacity(made.count + spares.count)
        }
        var quad: Quad
        if !spares.isEmpty {
            // Array's own `removeLast` (inlined), not the collection's generic `popLast`; the
            // spare consumed, so that the quad holds its storage alone.
            var spareTag = MovedQuadTag.none
            quad = spares.removeLast().taking(tag: &spareTag)
            if trusted, spareTag.isSome, spareTag == MovedQuadTag(layer: layer, frame: frame &- 2, index: index) {
                // In place when nothing else holds the storage, else in a copy of it: the
                // same fields either way.
                quad.transform = transform
                writtenByTag += 1
            } else if quad.assign(source, transform: transform) {
                writtenInPlace += 1
            }
        } else {
            quad = source
            quad.transform = transform
        }
        made.append(SpareQuad(quad: quad, tag: MovedQuadTag(layer: layer, frame: frame, index: index)))
        return quad
    }

    /// `source` drawn with `transform` as quad `index` of a layer's moved drawing, written into
    /// the layer's own spare of two frames ago (`MovedLayerSpares`): its transform alone when
    /// `sameFields` (the caller's proof that the spare holds the source's other fields).
    mutating func quad(_ source: Quad, movedTo transform: Matrix4, index: Int, in spares: MovedLayerSpares,
                       sameFields: Bool) -> Quad {
        spares.quad(source, movedTo: transform, index: index, frame: frame, sameFields: sameFields,
                    inPlace: &writtenInPlace, byTag: &writtenByTag)
    }

    /// Takes back the tags of the last `count` quads made: their drawing was taken back (the
    /// quads may still be written two frames on, but by comparing their fields).
    mutating func untagLast(_ count: Int) {
        for index in max(0, made.count - count)..<made.count { made[index].tag = .none }
    }

    /// Gives the quads made to the pool, last first (a recycler takes them from the end, so the
    /// one made first is written first again: in a scene that moves the same layers every frame,
    /// a layer's quad goes into the storage of its own quad of two frames ago, which differs only
    /// in its transform), with their tags, and lets go of the spares not written; the recycler is
    /// left holding none.
    ///
    /// Mutating, the made list swapped out: a `consuming` form called from a `defer` (as
    /// `FrameFlattener.flattenPart` calls it) ran on a copy of the recycler, so the list was
    /// held twice and reversing it copied every quad into a new buffer first (a retain each,
    /// and a release when the old buffer went: about 44 instructions a quad in the part).
    mutating func finish() {
        spares = []
        var made: [SpareQuad] = []
        swap(&made, &self.made)
        guard let pool, !made.isEmpty || writtenByTag > 0 else { return }
        // Reversed in place through the buffer, whose swaps move the quads: the array's own
        // `reverse()` copies each through a temporary (a retain and a release of its storage,
        // about 75 instructions a quad).
        made.withUnsafeMutableBufferPointer { $0.reverse() }
        pool.give(made, for: key, writtenByTag: writtenByTag)
    }
}
