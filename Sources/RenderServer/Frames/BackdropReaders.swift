import Foundation
import QuartzCoreModel

/// The committed layers whose drawing reads what lies behind them: a layer with
/// `backgroundFilters`, or composited with a blend formula (`compositingFilter`), or one with a
/// transition whose before-state holds such a layer. A frame builder keeps it from frame to
/// frame, updated from the layers committed since the last frame, so that a frame can say
/// whether it may read its backdrop (`DrawList.mayReadBackdrop`) without a walk of its commands.
///
/// Conservative: a reader anywhere in the committed trees counts, drawn or not.
struct BackdropReaders {
    private var ids = Set<UInt64>()

    /// Whether no committed layer reads its backdrop.
    var isEmpty: Bool { ids.isEmpty }

    /// Brings the set up to date with `layers`, of which only `changes` changed since the last
    /// call (nil: not known, so every layer is looked at).
    mutating func update(from layers: LayerIDTable<RenderLayer>, changes: [UInt64]?) {
        guard let changes else {
            ids.removeAll(keepingCapacity: true)
            layers.forEach { id, layer in if Self.reads(layer) { ids.insert(id) } }
            return
        }
        for id in changes {
            if let layer = layers[id], Self.reads(layer) {
                ids.insert(id)
            } else if !ids.isEmpty {
                ids.remove(id)
            }
        }
    }

    /// Whether `layer` reads its backdrop, or has a transition that draws a layer that does.
    private static func reads(_ layer: RenderLayer) -> Bool {
        if layer.state.filters?.readsBackdrop == true { return true }
        guard !layer.animations.isEmpty else { return false }
        return layer.animations.contains { animation in
            guard let before = animation.transitionDescription?.before else { return false }
            var found = false
            before.layers.forEach { _, captured in
                if captured.state.filters?.readsBackdrop == true { found = true }
            }
            return found
        }
    }
}
