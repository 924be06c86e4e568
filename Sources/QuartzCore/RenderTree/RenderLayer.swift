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

    private struct Contents: Sendable {
        var layers: [UInt64: RenderLayer] = [:]
        var generation: UInt64 = 0
    }
    private let contents = Mutex(Contents())

    /// Applies one commit: replaces the changed layers, stamps them with the new commit count,
    /// and gives each newly added transition the subtree it starts from (the layers as
    /// committed before this commit). Layers leave the store when they are deallocated,
    /// through `remove(_:)`.
    func apply(_ update: RenderTreeUpdate) {
        contents.withLock { c in
            c.generation &+= 1
            var incoming = update.layers
            // Every before-state is read from the tree as it was, before any layer is replaced.
            for index in incoming.indices {
                incoming[index].version = c.generation
                TransitionCapture.attachBeforeStates(to: &incoming[index], previous: c.layers)
            }
            for layer in incoming { c.layers[layer.id] = layer }
        }
    }

    /// A consistent copy of every committed layer and the commit count it reflects.
    func snapshot() -> (layers: [UInt64: RenderLayer], generation: UInt64) {
        contents.withLock { ($0.layers, $0.generation) }
    }

    /// Forgets a layer that no longer exists.
    func remove(_ id: UInt64) {
        contents.withLock { c in
            if c.layers.removeValue(forKey: id) != nil { c.generation &+= 1 }
        }
    }
}

/// The change a commit sends to the render tree.
struct RenderTreeUpdate: Sendable {
    var layers: [RenderLayer] = []
}
