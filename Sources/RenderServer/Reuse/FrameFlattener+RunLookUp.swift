import CompositorCore
import Dispatch
@_spi(RenderTables) import QuartzCoreModel

/// The look-ups that start `recordInParts`: each sublayer's summary and cache entry, whether the
/// cache holds its subtree, and what it drew in the last frame. For a long run they are made in
/// parts on as many threads as the run is flattened in, each part writing its own sublayers'
/// answers: at 100,000 cards each look-up reads a summary, an entry and its spares cold, about
/// a third of the serial flattening time in S2 and S3.
extension FrameFlattener {
    /// What `recordInParts` looked up for each sublayer of a run.
    struct RunLookUps {
        /// Each sublayer's entry and key.
        var looked: [LookedUpSublayer]
        /// Whether the cache missed each sublayer (it holds no subtree of it under its key).
        var missed: [Bool]
        var missedCount = 0
        /// Whether each missed sublayer's record writes its entry alone.
        var recordsAlone: [RecordAlone]
        /// What each missed sublayer drew in the last frame, where it may draw that again moved
        /// (empty when moved layers are not redrawn).
        var moved: [LastDrawing?]
    }

    /// Looks up the sublayers `ids` of a run drawn in the context numbered `contextSerial`
    /// (`lastDrawing`: where the run drew them in the last frame, when in this order), in parts
    /// when there are at least `partsMinimum` and more than one processor; the cache counts
    /// those it holds as reused, as `reusable(_:key:)` does.
    func lookUp(_ ids: [UInt64], contextSerial: UInt64, cache: FlattenedSubtreeCache,
                lastDrawing: RunDrawing?) -> RunLookUps {
        let count = ids.count
        var result = RunLookUps(looked: [LookedUpSublayer](repeating: LookedUpSublayer(), count: count),
                                missed: [Bool](repeating: false, count: count),
                                recordsAlone: [RecordAlone](repeating: .never, count: count),
                                moved: [LastDrawing?](repeating: nil, count: redrawsMovedLayers ? count : 0))
        let partCount = partCount(for: count)
        var counts = [(missed: Int, reused: Int)](repeating: (0, 0), count: partCount)
        result.looked.withUnsafeMutableBufferPointer { looked in
            result.missed.withUnsafeMutableBufferPointer { missed in
                result.recordsAlone.withUnsafeMutableBufferPointer { recordsAlone in
                    result.moved.withUnsafeMutableBufferPointer { moved in
                        counts.withUnsafeMutableBufferPointer { counts in
                            let shared = RunLookUpParts(ids: ids, contextSerial: contextSerial, cache: cache,
                                                        lastDrawing: lastDrawing, looked: looked, missed: missed,
                                                        recordsAlone: recordsAlone, moved: moved, counts: counts)
                            guard partCount > 1 else {
                                shared.lookUp(0, 0..<count, by: self)
                                return
                            }
                            let seed = partSeed, redraws = redrawsMovedLayers
                            DispatchQueue.concurrentPerform(iterations: partCount) { part in
                                var flattener = FrameFlattener(part: seed)
                                flattener.redrawsMovedLayers = redraws
                                shared.lookUp(part, Self.range(ofPart: part, of: partCount, count: count), by: flattener)
                            }
                        }
                    }
                }
            }
        }
        result.missedCount = counts.reduce(0) { $0 + $1.missed }
        cache.noteReused(counts.reduce(0) { $0 + $1.reused })
        return result
    }
}

/// What the parts of `FrameFlattener.lookUp(_:contextSerial:cache:lastDrawing:)` share.
///
/// Unchecked Sendable: the cache is not safe to share, but a part only reads it and the entries
/// of its own sublayers (`FlattenedSubtreeCache.movedSpares(of:quads:)` writes the entry's
/// spares: its own sublayers' too), and writes the buffers' entries of its own indices and its
/// own counts; the caller holds the buffers until every part has returned.
private struct RunLookUpParts: @unchecked Sendable {
    let ids: [UInt64]
    let contextSerial: UInt64
    let cache: FlattenedSubtreeCache
    let lastDrawing: FrameFlattener.RunDrawing?
    let looked: UnsafeMutableBufferPointer<LookedUpSublayer>
    let missed: UnsafeMutableBufferPointer<Bool>
    let recordsAlone: UnsafeMutableBufferPointer<FrameFlattener.RecordAlone>
    let moved: UnsafeMutableBufferPointer<FrameFlattener.LastDrawing?>
    /// The sublayers each part found missed and held.
    let counts: UnsafeMutableBufferPointer<(missed: Int, reused: Int)>

    /// Looks up the sublayers `range` (part `part`) as `flattener` would.
    func lookUp(_ part: Int, _ range: Range<Int>, by flattener: FrameFlattener) {
        var missedCount = 0, reusedCount = 0
        let summaries = flattener.facts.summaries
        // Read out of the optional once (unwrapped in the loop, its lists were retained a sublayer).
        let lastStarts = lastDrawing ?? FrameFlattener.RunDrawing(commandStarts: [], clipStarts: [])
        for index in range {
            let id = ids[index]
            guard let summary = summaries[id] else { continue }
            // Looked up once for both questions, and not retained (the cache holds it).
            let unretained = cache.unretainedEntry(of: id)
            let key = SubtreeKey(subtreeVersion: summary.subtreeVersion, context: contextSerial)
            looked[index] = LookedUpSublayer(entry: unretained, key: key)
            unretained.withEntry { entry in
                // `FlattenedSubtreeCache.reusable(_:key:)`, counted by the caller.
                if let entry, entry.holdsSubtree(under: key) {
                    reusedCount += 1
                    return
                }
                missed[index] = true
                missedCount += 1
                if let entry { recordsAlone[index] = FrameFlattener.RecordAlone(entry, key: key) }
                if lastDrawing != nil {
                    moved[index] = flattener.lastDrawing(ofSublayer: index, entry: entry,
                                                         commandStarts: lastStarts.commandStarts,
                                                         clipStarts: lastStarts.clipStarts,
                                                         contextSerial: contextSerial, cache: cache)
                } else if flattener.redrawsMovedLayers {
                    // The run's order changed (sublayers sorted by depth): the cache's drawing of the layer.
                    moved[index] = flattener.lastDrawing(entry: entry, contextSerial: contextSerial, cache: cache)
                }
            }
        }
        counts[part] = (missedCount, reusedCount)
    }
}
