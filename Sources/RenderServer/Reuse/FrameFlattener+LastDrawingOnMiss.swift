import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

/// A sublayer's last drawing is asked for only when the cache does not hold its subtree, on
/// every path that draws sublayers on the cache's thread, as the parts of a run ask
/// (`RunLookUpParts.lookUp`): a last drawing makes the layer's moved spares
/// (`FlattenedSubtreeCache.movedSpares(of:quads:)`), which a layer drawn from the cache does not
/// keep. (Asked first, a card that stopped moving and was stored got spares again and kept them
/// while it stayed stored.)
extension FrameFlattener {
    /// What sublayer `id` drew in the last frame, nil when `entry` (its cache entry) holds its
    /// subtree under the key it is drawn under in the context numbered `contextSerial`: with
    /// `index`, sublayer `index` of a run drawn from `commandStarts` and `clipStarts` in the last
    /// frame (`lastDrawing(ofSublayer:entry:commandStarts:clipStarts:contextSerial:cache:)`);
    /// without, as the cache recorded it (`lastDrawing(entry:contextSerial:cache:)`).
    func lastDrawing(ofMissed id: UInt64, index: Int?, entry: FlattenedSubtreeCache.Entry?, commandStarts: [Int],
                     clipStarts: [Int], contextSerial: UInt64, cache: FlattenedSubtreeCache) -> LastDrawing? {
        // `FlattenedSubtreeCache.reusable(_:key:)`, uncounted: the caller's visit counts it.
        if let entry, let summary = facts.summaries[id],
           entry.holdsSubtree(under: SubtreeKey(subtreeVersion: summary.subtreeVersion, context: contextSerial)) {
            return nil
        }
        guard let index else { return lastDrawing(entry: entry, contextSerial: contextSerial, cache: cache) }
        return lastDrawing(ofSublayer: index, entry: entry, commandStarts: commandStarts, clipStarts: clipStarts,
                           contextSerial: contextSerial, cache: cache)
    }
}
