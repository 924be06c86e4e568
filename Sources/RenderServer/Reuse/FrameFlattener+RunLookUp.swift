import CompositorCore
import Dispatch
@_spi(RenderTables) import QuartzCoreModel

/// The look-ups that start `recordInParts`: each sublayer's summary and cache entry, whether the
/// cache holds its subtree, and what it drew in the last frame. For a long run they are made in
/// parts on as many threads as the run is flattened in, each part writing its own sublayers'
/// answers: at 100,000 cards each look-up reads a summary, an entry and its last drawing cold,
/// about a third of the serial flattening time in S2 and S3.
///
/// When the frame changed at least `partsMinimum` layers (S1, S2 and S4 move all their cards),
/// the parts that flatten the run make the look-ups too, each looking a sublayer up just before
/// it draws it (`flattenPart`): one dispatch of threads for both, and the entry, its last drawing
/// and the summary still in the cache when the sublayer is drawn. Otherwise the look-ups are made
/// first, so that a run with fewer missed sublayers than `partsMinimum` draws them at the join,
/// as the serial loop would, without starting the parts.
extension FrameFlattener {
    /// What `recordInParts` looked up for each sublayer of a run.
    struct RunLookUps {
        /// Each sublayer's entry and key.
        var looked: [LookedUpSublayer]
        /// Whether the cache missed each sublayer (it holds no subtree of it under its key).
        var missed: [Bool]
        /// Whether each missed sublayer's record writes its entry alone.
        var recordsAlone: [RecordAlone]
        /// What each missed sublayer drew in the last frame, where it may draw that again moved
        /// (empty when moved layers are not redrawn).
        var moved: [LastDrawing?]

        /// The look-ups of `count` sublayers, none made yet (`moved` empty unless `redrawsMoved`).
        init(count: Int, redrawsMoved: Bool) {
            looked = [LookedUpSublayer](repeating: LookedUpSublayer(), count: count)
            missed = [Bool](repeating: false, count: count)
            recordsAlone = [RecordAlone](repeating: .never, count: count)
            moved = [LastDrawing?](repeating: nil, count: redrawsMoved ? count : 0)
        }
    }

    /// What `lookUpAndFlatten` gives the join: the look-ups, the number of parts the run is
    /// joined in, and each part's result at its index (none when its sublayers are drawn at the
    /// join; nil only if a part never ran).
    struct LookedUpRun {
        var lookUps: RunLookUps
        var partCount: Int
        var parts: [FlattenedRunPart?]
    }

    /// Looks up the sublayers `ids` of a run drawn in the context numbered `contextSerial`
    /// (`lastDrawing`: where the run drew them in the last frame, when in this order) and
    /// flattens those that `cache` missed and that draw alone in parts (`flattenPart`), the
    /// look-ups made by the same parts when the frame changed at least `partsMinimum` layers;
    /// else first, and the parts started only for at least `partsMinimum` missed sublayers. The
    /// cache counts those it holds as reused, as `reusable(_:key:)` does.
    func lookUpAndFlatten(_ ids: [UInt64], contextSerial: UInt64, cache: FlattenedSubtreeCache,
                          lastDrawing: RunDrawing?, in context: ParentContext) -> LookedUpRun {
        var lookUps = RunLookUps(count: ids.count, redrawsMoved: redrawsMovedLayers)
        // Unknown changes: the first frame, every sublayer missed.
        let folded = (cache.changesSinceLastFrame?.count ?? ids.count) >= Self.partsMinimum
        let lookUpParts = partCount(for: ids.count)
        var flattenParts = lookUpParts
        let seed = partSeed, redraws = redrawsMovedLayers
        let lastCommands = cache.previousCommands, quadCounts = cache.movedQuadCounts, frame = cache.frame
        let parts = ThreadLock<[FlattenedRunPart?]>([])
        // What each part of the look-ups made first found: missed and held.
        let counts = ThreadLock<[(missed: Int, reused: Int)]>([])
        // The four lists written through their buffers by the parts, each its own indices.
        lookUps.looked.withUnsafeMutableBufferPointer { looked in
            lookUps.missed.withUnsafeMutableBufferPointer { missed in
                lookUps.recordsAlone.withUnsafeMutableBufferPointer { recordsAlone in
                    lookUps.moved.withUnsafeMutableBufferPointer { moved in
                        let shared = RunLookUpParts(ids: ids, contextSerial: contextSerial, cache: cache,
                                                    lastDrawing: lastDrawing, looked: looked, missed: missed,
                                                    recordsAlone: recordsAlone, moved: moved)
                        if !folded {
                            counts.withLock { $0 = Array(repeating: (0, 0), count: lookUpParts) }
                            DispatchQueue.concurrentPerform(iterations: lookUpParts) { part in
                                var flattener = FrameFlattener(part: seed)
                                flattener.redrawsMovedLayers = redraws
                                let found = flattener.lookUp(Self.range(ofPart: part, of: lookUpParts, count: ids.count),
                                                             of: shared)
                                counts.withLock { $0[part] = found }
                            }
                            flattenParts = partCount(for: counts.withLock { $0 }.reduce(0) { $0 + $1.missed })
                            guard flattenParts > 1 else { return }
                        }
                        let partCount = flattenParts
                        parts.withLock { $0 = Array(repeating: nil, count: partCount) }
                        DispatchQueue.concurrentPerform(iterations: partCount) { part in
                            var flattener = FrameFlattener(part: seed)
                            flattener.redrawsMovedLayers = redraws
                            let flattened = flattener.flattenPart(Self.range(ofPart: part, of: partCount, count: ids.count),
                                                                  looksUp: folded, of: shared,
                                                                  lastCommands: lastCommands, movedQuadCounts: quadCounts,
                                                                  frame: frame, in: context)
                            parts.withLock { $0[part] = flattened }
                        }
                    }
                }
            }
        }
        let flattened = parts.withLock { $0 }
        cache.noteReused(folded ? flattened.reduce(0) { $0 + ($1?.reusedCount ?? 0) }
                                : counts.withLock { $0 }.reduce(0) { $0 + $1.reused })
        return LookedUpRun(lookUps: lookUps, partCount: flattenParts, parts: flattened)
    }
}

/// What the parts of `FrameFlattener.lookUpAndFlatten` share.
///
/// Unchecked Sendable: the cache is not safe to share, but a part only reads it and the entries
/// of its own sublayers (`FlattenedSubtreeCache.Entry.movedSpares(quads:)` writes the entry's
/// spares: its own sublayers' too), and writes the buffers' entries of its own indices; the
/// caller holds the buffers until every part has returned.
struct RunLookUpParts: @unchecked Sendable {
    let ids: [UInt64]
    let contextSerial: UInt64
    let cache: FlattenedSubtreeCache
    let lastDrawing: FrameFlattener.RunDrawing?
    let looked: UnsafeMutableBufferPointer<LookedUpSublayer>
    let missed: UnsafeMutableBufferPointer<Bool>
    let recordsAlone: UnsafeMutableBufferPointer<FrameFlattener.RecordAlone>
    let moved: UnsafeMutableBufferPointer<FrameFlattener.LastDrawing?>
}

extension FrameFlattener {
    /// Looks up the sublayers `range` of the run `shared` looks up (`lookUp(_:of:summaries:lastStarts:reused:)`);
    /// returns how many the cache missed and how many it holds.
    func lookUp(_ range: Range<Int>, of shared: RunLookUpParts) -> (missed: Int, reused: Int) {
        var missedCount = 0, reusedCount = 0
        let summaries = facts.summaries
        // Read out of the optional once (unwrapped in the loop, its lists were retained a sublayer).
        let lastStarts = shared.lastDrawing ?? RunDrawing(commandStarts: [], clipStarts: [])
        for index in range
        where lookUp(index, of: shared, summaries: summaries, lastStarts: lastStarts, reused: &reusedCount) {
            missedCount += 1
        }
        return (missedCount, reusedCount)
    }

    /// Looks up sublayer `index` of the run `shared` looks up, the frame's summaries being
    /// `summaries` and the run's last starts `lastStarts` (read once a part): writes its look-ups
    /// in `shared` and returns whether the cache missed it (false: held, or no summary); counts
    /// a held one in `reused`.
    @inline(__always)
    func lookUp(_ index: Int, of shared: RunLookUpParts, summaries: LayerIDTable<RenderLayerSummary>,
                lastStarts: RunDrawing, reused: inout Int) -> Bool {
        let ids = shared.ids, cache = shared.cache, contextSerial = shared.contextSerial
        let id = ids[index]
        guard let summary = summaries[id] else { return false }
        // Looked up once for both questions, and not retained (the cache holds it).
        let unretained = cache.unretainedEntry(of: id)
        let key = SubtreeKey(subtreeVersion: summary.subtreeVersion, context: contextSerial)
        shared.looked[index] = LookedUpSublayer(entry: unretained, key: key)
        return unretained.withEntry { entry -> Bool in
            // `FlattenedSubtreeCache.reusable(_:key:)`, counted by the caller.
            if let entry, entry.holdsSubtree(under: key) {
                reused += 1
                return false
            }
            shared.missed[index] = true
            if let entry { shared.recordsAlone[index] = RecordAlone(entry, key: key) }
            if shared.lastDrawing != nil {
                shared.moved[index] = lastDrawing(ofSublayer: index, entry: entry,
                                                  commandStarts: lastStarts.commandStarts,
                                                  clipStarts: lastStarts.clipStarts,
                                                  contextSerial: contextSerial, cache: cache)
            } else if redrawsMovedLayers {
                // The run's order changed (sublayers sorted by depth): the cache's drawing of the layer.
                shared.moved[index] = lastDrawing(entry: entry, contextSerial: contextSerial, cache: cache)
            }
            return true
        }
    }
}
