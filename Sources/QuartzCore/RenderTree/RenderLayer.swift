import Foundation
import Synchronization

/// What kind of layer a render-tree node is, where the kind changes how it is composited.
enum RenderLayerKind: Sendable, Equatable {
    /// An ordinary layer: flattens its sublayers into its own plane.
    case plain
    /// A transform layer: draws nothing itself and keeps its sublayers in 3D.
    case transform
}

/// One layer of the render tree: an immutable, Sendable copy of a layer as committed.
struct RenderLayer: Sendable {
    var id: UInt64
    var kind: RenderLayerKind
    var state: LayerState
    var sublayerIDs: [UInt64]
    var maskID: UInt64?
    /// The layer's animations, in the order they were added.
    var animations: [CompiledAnimation]
    /// The commit count at which this copy of the layer was committed: it changes whenever
    /// the layer's committed state does (rasterization caches key on it).
    var version: UInt64 = 0
    /// The newest `version` of this layer and every layer below it (sublayers and masks, to
    /// any depth): equal in two copies only when nothing in the subtree was committed between
    /// them, so a renderer can reuse what it made of the subtree (`FlattenedSubtreeCache`).
    var subtreeVersion: UInt64 = 0
}

/// The few fields of a committed layer that a renderer reads for every sublayer of every
/// frame, kept apart so that reading them does not copy the whole layer.
struct RenderLayerSummary: Sendable, Equatable {
    /// The layer's `subtreeVersion`.
    var subtreeVersion: UInt64
    /// The layer's model `zPosition` (siblings are painted in its order).
    var zPosition: CGFloat
    /// False when every sublayer's `zPosition` is known to be 0, so they paint in index order.
    var sublayersMayHaveZPosition = true
    /// Whether the layer may leave the plane its `zPosition` puts it in: a 3D `transform`, an
    /// `anchorPointZ`, or an animation that may give it either (see `RenderLayer.mayLeavePlane`).
    var mayLeavePlane = true
    /// False when no sublayer may leave its plane, so siblings need no depth sorting.
    var sublayersMayLeavePlane = true
}

/// The committed layer trees of the process: the latest committed copy of every live layer.
///
/// A transaction's commit writes the layers it changed here in one step; a renderer takes a
/// consistent snapshot at the start of each frame (a copy of the dictionary, which shares its
/// storage until the next commit) and evaluates and flattens it on its own thread, without
/// locks, so animations keep running while the app's thread is busy.
final class RenderTreeStore: Sendable {
    /// The store shared by every layer tree of the process.
    static let shared = RenderTreeStore()

    fileprivate struct Contents: Sendable {
        var layers: [UInt64: RenderLayer] = [:]
        /// The layer each committed layer was last committed under (as a sublayer or mask).
        var superlayers: [UInt64: UInt64] = [:]
        /// The summary of every layer in `layers`.
        var summaries: [UInt64: RenderLayerSummary] = [:]
        var generation: UInt64 = 0
    }
    private let contents = Mutex(Contents())

    /// Applies one commit: replaces the changed layers, stamps them and the subtree versions
    /// of their superlayers (to the root) with the new commit count, and gives each newly
    /// added transition the subtree it starts from (the layers as committed before this
    /// commit). Layers leave the store when they are deallocated, through `remove(_:)`.
    ///
    /// The cost is the changed layers times their depth, not the size of the tree.
    func apply(_ update: RenderTreeUpdate) {
        contents.withLock { c in
            c.generation &+= 1
            let generation = c.generation
            var incoming = update.layers
            // Every before-state is read from the tree as it was, before any layer is replaced.
            for index in incoming.indices {
                incoming[index].version = generation
                incoming[index].subtreeVersion = generation
                TransitionCapture.attachBeforeStates(to: &incoming[index], previous: c.layers)
            }
            for layer in incoming {
                c.layers[layer.id] = layer
                c.summaries[layer.id] = RenderLayerSummary(subtreeVersion: generation, zPosition: layer.state.zPosition,
                                                           mayLeavePlane: layer.mayLeavePlane)
                for child in layer.sublayerIDs { c.superlayers[child] = layer.id }
                if let mask = layer.maskID { c.superlayers[mask] = layer.id }
            }
            for layer in incoming {
                c.markSubtreeChanged(above: layer.id, generation: generation)
                // Read before writing: a copy of the dictionary held across the write would copy it whole.
                let mayHaveZPosition = c.sublayersMayHaveZPosition(layer)
                c.summaries[layer.id]?.sublayersMayHaveZPosition = mayHaveZPosition
                if layer.state.zPosition != 0, let parent = c.superlayers[layer.id] {
                    c.summaries[parent]?.sublayersMayHaveZPosition = true
                }
                let mayLeavePlane = c.sublayersMayLeavePlane(layer)
                c.summaries[layer.id]?.sublayersMayLeavePlane = mayLeavePlane
                if layer.mayLeavePlane, let parent = c.superlayers[layer.id] {
                    c.summaries[parent]?.sublayersMayLeavePlane = true
                }
            }
        }
    }

    /// A consistent copy of every committed layer and the commit count it reflects.
    func snapshot() -> (layers: [UInt64: RenderLayer], generation: UInt64) {
        contents.withLock { ($0.layers, $0.generation) }
    }

    /// `snapshot()` with the summary of every layer, for drawing a frame.
    func frameSnapshot() -> (layers: [UInt64: RenderLayer], summaries: [UInt64: RenderLayerSummary], generation: UInt64) {
        contents.withLock { ($0.layers, $0.summaries, $0.generation) }
    }

    /// Forgets a layer that no longer exists.
    func remove(_ id: UInt64) {
        contents.withLock { c in
            c.superlayers.removeValue(forKey: id)
            c.summaries.removeValue(forKey: id)
            if c.layers.removeValue(forKey: id) != nil { c.generation &+= 1 }
        }
    }
}

extension RenderTreeStore.Contents {
    /// Whether any sublayer of `layer` has (or may have) a `zPosition` other than 0.
    fileprivate func sublayersMayHaveZPosition(_ layer: RenderLayer) -> Bool {
        layer.sublayerIDs.contains { summaries[$0].map { $0.zPosition != 0 } ?? true }
    }

    /// Whether any sublayer of `layer` may (or may be known to) leave its plane.
    fileprivate func sublayersMayLeavePlane(_ layer: RenderLayer) -> Bool {
        layer.sublayerIDs.contains { summaries[$0]?.mayLeavePlane ?? true }
    }

    /// Stamps the subtree version of every layer above `id` with `generation`, stopping at the
    /// first that already has it (its own superlayers were stamped when it was). A superlayer
    /// link can be stale (the layer was removed and not committed elsewhere): that only
    /// stamps a layer that did not need it, which costs a reuse, never a wrong frame.
    fileprivate mutating func markSubtreeChanged(above id: UInt64, generation: UInt64) {
        var current = id
        var steps = 0
        while let parent = superlayers[current], steps < 4096 {
            guard let index = layers.index(forKey: parent),
                  layers.values[index].subtreeVersion != generation else { return }
            layers.values[index].subtreeVersion = generation
            summaries[parent]?.subtreeVersion = generation
            current = parent
            steps += 1
        }
    }
}

/// The change a commit sends to the render tree.
struct RenderTreeUpdate: Sendable {
    var layers: [RenderLayer] = []
}
