import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// What a frame is drawn from, the same wherever its walk is: the committed layers (swapped for
/// a transition's before-state while that is drawn), their summaries, the frame's media time and
/// view. A flattener reads them and never changes them, except to enter and leave a before-state;
/// the parts of a sublayer run flattened on other threads get a copy (`FrameFlattener+RunParts`).
struct FrameFacts: Sendable {
    /// The committed layers (a transition's before-state while it is drawn).
    private(set) var layers: LayerIDTable<RenderLayer>
    /// The summaries of the committed layers: the subtree versions and z positions read for
    /// every sublayer without copying it (empty: read them from `layers`).
    let summaries: LayerIDTable<RenderLayerSummary>
    /// Global media time of the frame.
    let time: CFTimeInterval
    /// Maps the root layer's superlayer space (points) to canvas pixels.
    let viewTransform: CATransform3D
    /// Above zero while `layers` holds a transition's before-state, which `summaries` does not describe.
    private(set) var beforeStateDepth = 0
    /// More than the longest path without a cycle: the committed layers and those of the
    /// before-states being drawn.
    private(set) var depthLimit: Int

    init(layers: LayerIDTable<RenderLayer>, summaries: LayerIDTable<RenderLayerSummary>, time: CFTimeInterval,
         viewTransform: CATransform3D) {
        self.layers = layers
        self.summaries = summaries
        self.time = time
        self.viewTransform = viewTransform
        depthLimit = layers.count + 1
    }

    /// The summary of committed layer `id`, when `layers` holds the committed tree.
    func summary(of id: UInt64) -> RenderLayerSummary? {
        beforeStateDepth == 0 ? summaries[id] : nil
    }

    /// Replaces `layers` by a transition's before-state `other`; returns the layers to give
    /// back to `leaveBeforeState(restoring:)`.
    mutating func enterBeforeState(_ other: LayerIDTable<RenderLayer>) -> LayerIDTable<RenderLayer> {
        let saved = layers
        layers = other
        beforeStateDepth += 1
        depthLimit += other.count
        return saved
    }

    /// Undoes the `enterBeforeState(_:)` that returned `saved`.
    mutating func leaveBeforeState(restoring saved: LayerIDTable<RenderLayer>) {
        depthLimit -= layers.count
        layers = saved
        beforeStateDepth -= 1
    }
}
