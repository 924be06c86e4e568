import Foundation

/// The committed subtree of a layer as it was before a transition was added to it: what the
/// transition draws as its "before" state (001:5247-5270: a transition snapshots the layer's
/// old appearance and animates to the new one).
package final class TransitionSnapshot: Sendable {
    /// The layer the transition belongs to.
    package let rootID: UInt64
    /// The layer and every sublayer and mask below it, as committed before the transition.
    /// Empty when the layer had not been committed before (the transition starts from nothing).
    package let layers: LayerIDTable<RenderLayer>

    init(rootID: UInt64, layers: LayerIDTable<RenderLayer>) {
        self.rootID = rootID
        self.layers = layers
    }
}

/// Gives transitions their before-state.
///
/// A transition added in a transaction (explicitly, or as the `contents` crossfade) shows the
/// layer as the previous commit left it: the committed tree until this commit replaces it, so
/// the order of `add(_:forKey:)` and the property changes inside the transaction does not
/// matter, as on Apple platforms. A commit of model layers captures it once, for every render
/// tree (`RenderTreeStores.captureTransitionBeforeStates(of:)`: the snapshot is kept in the
/// model's compiled transition, which every store copies, one created later too); a
/// `RenderTreeUpdate` applied to one store gets it from that store (`attachBeforeStates`).
enum TransitionCapture {
    /// Attaches a before-state to every transition of `layer` that has none: the one of the
    /// same transition in the layer's previous copy, else a snapshot of the layer's subtree in
    /// `previous`.
    static func attachBeforeStates(to layer: inout RenderLayer, previous: LayerIDTable<RenderLayer>) {
        guard layer.animations.contains(where: \.isTransitionWithoutBeforeState) else { return }
        let old = previous[layer.id]
        var snapshot: TransitionSnapshot?
        for index in layer.animations.indices {
            guard case let .transition(description) = layer.animations[index].kind,
                  description.before == nil else { continue }
            let carried = old?.animations.lazy.compactMap(\.transitionDescription)
                .first { $0.id == description.id }?.before
            let before = carried ?? snapshot ?? subtree(of: layer.id, in: previous)
            if carried == nil { snapshot = before }
            layer.animations[index] = layer.animations[index].withTransitionBeforeState(before)
        }
    }

    /// The committed subtree under `rootID`, with the root's own transitions removed so that
    /// before-states never nest.
    static func subtree(of rootID: UInt64, in layers: LayerIDTable<RenderLayer>) -> TransitionSnapshot {
        var collected: LayerIDTable<RenderLayer> = [:]
        var pending = [rootID]
        while let id = pending.popLast() {
            guard collected[id] == nil, var layer = layers[id] else { continue }
            if id == rootID { layer.animations.removeAll { $0.transitionDescription != nil } }
            collected[id] = layer
            pending += layer.sublayerIDs
            if let mask = layer.maskID { pending.append(mask) }
        }
        return TransitionSnapshot(rootID: rootID, layers: collected)
    }
}
