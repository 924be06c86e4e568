import Foundation
import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

/// Drawing a layer during a `CATransition`: its state before the change and after
/// it, each as a group in the layer's space, placed by `TransitionLayout`.
///
/// A fade is drawn exactly: both states go into one enclosing group (composited source-over
/// with the superlayer's opacity), where the old state at opacity 1 − p and the new one at p
/// are added (`.plusLighter`), so two opaque states stay opaque through the crossfade.
extension FrameFlattener {
    /// The layer's transition that shows at the frame's time, and its progress.
    func activeTransition(of p: PlacedLayer) -> (TransitionDescription, Double)? {
        // Each animation read in place (a copy of one, its parts retained and released, cost
        // more than the test, for every animated layer and frame).
        p.layer.animations.shownTransition(atParentTime: p.localTime)
    }

    /// Draws both states of a running transition in the order the layout asks.
    mutating func drawTransition(_ transition: TransitionDescription, progress: Double, of p: PlacedLayer) {
        let layout = TransitionLayout(type: transition.type, subtype: transition.subtype, progress: progress,
                                      size: p.state.bounds.size)
        if layout.isCrossfade {
            drawCrossfade(layout, transition, p)
        } else if layout.beforeOnTop {
            drawTransitionState(after: true, layout.after, transition, p)
            drawTransitionState(after: false, layout.before, transition, p)
        } else {
            drawTransitionState(after: false, layout.before, transition, p)
            drawTransitionState(after: true, layout.after, transition, p)
        }
    }

    /// Draws a fade: an enclosing group over both states' pictures, in which each state is a
    /// group with its own opacity times its placement's, added to the other.
    private mutating func drawCrossfade(_ layout: TransitionLayout, _ transition: TransitionDescription, _ p: PlacedLayer) {
        let before = beforeState(of: transition, p)
        var covered = pictureBounds(of: p, includingOwnShadow: true)
        if let before {
            covered = covered.union(drawingBeforeState(before.layers) {
                $0.pictureBounds(of: before.placed, includingOwnShadow: true)
            })
        }
        guard let geometry = GroupGeometry(covering: covered, world: p.world) else { return }
        let enclosing = CompositingGroup(transform: Matrix4(p.world), rect: geometry.rect,
                                         pixelWidth: geometry.pixelWidth, pixelHeight: geometry.pixelHeight,
                                         opacity: p.inheritedOpacity, clipIndex: p.clip,
                                         isDoubleSided: p.state.isDoubleSided)
        let localToPixels = CATransform3D(enclosing.localToPixels)
        beginGroup(enclosing)
        if let before, layout.before.opacity > 0 {
            drawingBeforeState(before.layers) {
                $0.drawStateGroup(before.placed.inGroup(localToPixels: localToPixels), opacity: layout.before.opacity,
                                  blendMode: .plusLighter)
            }
        }
        if layout.after.opacity > 0 {
            drawStateGroup(p.inGroup(localToPixels: localToPixels), opacity: layout.after.opacity, blendMode: .plusLighter)
        }
        endGroup()
    }

    /// Draws one state as a group moved by the placement's offset, with its opacity.
    private mutating func drawTransitionState(after: Bool, _ placement: TransitionLayout.Placement,
                                              _ transition: TransitionDescription, _ p: PlacedLayer) {
        guard placement.opacity > 0 else { return }
        // The state to draw: the layer as committed now, or its subtree as the transition found it.
        let offset = CATransform3DMakeTranslation(placement.offset.width, placement.offset.height, 0)
        if after {
            drawStateGroup(p.moved(by: offset), opacity: placement.opacity, blendMode: .sourceOver)
            return
        }
        guard let before = beforeState(of: transition, p) else { return }
        let state = before.placed.moved(by: offset)
        drawingBeforeState(before.layers) { $0.drawStateGroup(state, opacity: placement.opacity, blendMode: .sourceOver) }
    }

    /// Draws the placed state as a group in its own space, composited with the superlayer's
    /// accumulated opacity times the state's own times `opacity`, blended by `blendMode`.
    private mutating func drawStateGroup(_ state: PlacedLayer, opacity: Float, blendMode: BlendMode) {
        guard let geometry = GroupGeometry(covering: pictureBounds(of: state, includingOwnShadow: true),
                                           world: state.world) else { return }
        let own = max(0, min(1, Float(state.state.opacity)))
        var group = CompositingGroup(transform: Matrix4(state.world), rect: geometry.rect,
                                     pixelWidth: geometry.pixelWidth, pixelHeight: geometry.pixelHeight,
                                     opacity: state.inheritedOpacity * own * opacity, clipIndex: state.clip,
                                     isDoubleSided: state.state.isDoubleSided)
        group.blendMode = blendMode
        beginGroup(group)
        drawLayer(state.inGroup(localToPixels: CATransform3D(group.localToPixels)))
        endGroup()
    }

    /// The layer as the transition found it, placed where the layer is now, with the layers of
    /// that subtree; nil when there is none or it draws nothing.
    private func beforeState(of transition: TransitionDescription, _ p: PlacedLayer)
        -> (placed: PlacedLayer, layers: LayerIDTable<RenderLayer>)? {
        guard let before = transition.before, let root = before.layers[before.rootID] else { return nil }
        let (s, localTime) = Self.presentation(of: root, parentTime: p.parentTime)
        guard !s.isHidden, s.opacity > 0 else { return nil }
        let placed = PlacedLayer(layer: root, state: s, parentTime: p.parentTime, localTime: localTime, rate: p.rate,
                                 toParent: p.toParent, world: p.world,
                                 opacity: p.inheritedOpacity * max(0, min(1, s.opacity)),
                                 inheritedOpacity: p.inheritedOpacity, clip: p.clip)
        return (placed, before.layers)
    }
}
