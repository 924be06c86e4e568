import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// The committed layers whose drawing reads what lies behind them: a layer with
/// `backgroundFilters`, or composited with a blend formula (`compositingFilter`), or one with a
/// transition whose before-state holds such a layer. A frame builder keeps it from frame to
/// frame, updated from the layers committed since the last frame, so that a frame can say
/// whether it may read its backdrop (`DrawList.mayReadBackdrop`) without a walk of its commands.
///
/// Read from the layers' summaries (`RenderLayerSummary.readsBackdrop`, worked out when each
/// layer is committed): a frame after a commit of most layers (a scene moving every sprite),
/// which lists no changes, looks at every summary, a small value in one array, rather than at
/// every layer's state and animations.
///
/// Conservative: a reader anywhere in the committed trees counts, drawn or not.
struct BackdropReaders {
    private var ids = Set<UInt64>()

    /// Whether no committed layer reads its backdrop.
    var isEmpty: Bool { ids.isEmpty }

    /// Brings the set up to date with the committed layers' `summaries`, of which only those of
    /// `changes` changed since the last call (nil: not known, so every summary is looked at).
    mutating func update(from summaries: LayerIDTable<RenderLayerSummary>, changes: [UInt64]?) {
        guard let changes else {
            ids.removeAll(keepingCapacity: true)
            summaries.forEach { id, summary in if summary.readsBackdrop { ids.insert(id) } }
            return
        }
        for id in changes {
            if summaries[id]?.readsBackdrop == true {
                ids.insert(id)
            } else if !ids.isEmpty {
                ids.remove(id)
            }
        }
    }
}
