import Foundation
import CompositorCore

/// Drawing a layer during a `CATransition` (issue 4): its state before the change and after
/// it, each as a group in the layer's space, placed by `TransitionLayout`.
extension FrameFlattener {
    /// The layer's transition that shows at the frame's time, and its progress.
    func activeTransition(of p: PlacedLayer) -> (TransitionDescription, Double)? {
        for animation in p.layer.animations.reversed() {
            guard let description = animation.transitionDescription,
                  let progress = animation.transitionProgress(atParentTime: p.localTime) else { continue }
            return (description, progress)
        }
        return nil
    }

    /// Draws both states of a running transition in the order the layout asks.
    mutating func drawTransition(_ transition: TransitionDescription, progress: Double, of p: PlacedLayer) {
        let layout = TransitionLayout(type: transition.type, subtype: transition.subtype, progress: progress,
                                      size: p.state.bounds.size)
        if layout.beforeOnTop {
            drawTransitionState(after: true, layout.after, transition, p)
            drawTransitionState(after: false, layout.before, transition, p)
        } else {
            drawTransitionState(after: false, layout.before, transition, p)
            drawTransitionState(after: true, layout.after, transition, p)
        }
    }

    /// Draws one state as a group moved by the placement's offset, with its opacity.
    private mutating func drawTransitionState(after: Bool, _ placement: TransitionLayout.Placement,
                                              _ transition: TransitionDescription, _ p: PlacedLayer) {
        guard placement.opacity > 0 else { return }
        // The state to draw: the layer as committed now, or its subtree as the transition found it.
        let saved = layers
        defer { layers = saved }
        var state = p
        if !after {
            guard let before = transition.before, let root = before.layers[before.rootID] else { return }
            layers = before.layers
            let (s, localTime) = Self.presentation(of: root, parentTime: p.parentTime)
            guard !s.isHidden, s.opacity > 0 else { return }
            state = PlacedLayer(layer: root, state: s, parentTime: p.parentTime, localTime: localTime, rate: p.rate,
                                toParent: p.toParent, world: p.world,
                                opacity: p.inheritedOpacity * max(0, min(1, s.opacity)),
                                inheritedOpacity: p.inheritedOpacity, clip: p.clip)
        }
        let world = CATransform3DMakeTranslation(placement.offset.width, placement.offset.height, 0)
            .concatenating(state.world)
        guard let geometry = GroupGeometry(covering: pictureBounds(of: state, includingOwnShadow: true),
                                           world: world) else { return }
        let group = CompositingGroup(transform: Matrix4(world), rect: geometry.rect,
                                     pixelWidth: geometry.pixelWidth, pixelHeight: geometry.pixelHeight,
                                     opacity: state.opacity * placement.opacity, clipIndex: p.clip,
                                     isDoubleSided: state.state.isDoubleSided)
        commands.append(.beginGroup(group))
        drawLayer(state.inGroup(localToPixels: CATransform3D(group.localToPixels)))
        commands.append(.endGroup)
    }
}
