import Foundation
@_spi(RenderTables) import QuartzCoreModel

extension FrameFlattener {
    /// Draws a transform layer: nothing of its own; the plain layers of its subtree (through
    /// nested transform layers) keep their depth in its superlayer's 3D space and are drawn
    /// back to front by `DepthSorter`, each with its own subtree. Single-sided layers facing
    /// away were culled when placed.
    mutating func drawTransformLayer(_ t: PlacedLayer) {
        var items: [PlacedLayer] = []
        var scenes: [CATransform3D] = []
        collect3D(t, scene: t.toParent, items: &items, scenes: &scenes)
        for index in DepthSorter.backToFront(items.map { $0.stateStorage.value.bounds }, scenes: scenes) { draw(items[index]) }
    }

    /// Places the sublayers of transform layer `t`, whose space maps to the sorting space by
    /// `scene`, recursing into nested transform layers.
    mutating func collect3D(_ t: PlacedLayer, scene: CATransform3D, items: inout [PlacedLayer],
                            scenes: inout [CATransform3D]) {
        collect3D(paintOrder(t.layer.sublayerIDs, of: t.layer.id), in: t.sublayerContext(clip: t.clip),
                  scene: scene, items: &items, scenes: &scenes)
    }

    /// Places the layers `ids` in `context`, whose space maps to the sorting space by `scene`:
    /// plain layers become items (with their maps to the sorting space in `scenes`), transform
    /// layers are entered.
    mutating func collect3D(_ ids: [UInt64], in context: ParentContext, scene: CATransform3D,
                            items: inout [PlacedLayer], scenes: inout [CATransform3D]) {
        for id in ids {
            guard let sublayer = facts.layers[id], let placed = place(sublayer, in: context) else { continue }
            let childScene = placed.toParent.concatenating(scene)
            if sublayer.kind.isTransform {
                // Nested transform layers recurse once per level (see `DeepRecursion`).
                DeepRecursion.guarded { collect3D(placed, scene: childScene, items: &items, scenes: &scenes) }
            } else {
                items.append(placed)
                scenes.append(childScene)
            }
        }
    }
}
