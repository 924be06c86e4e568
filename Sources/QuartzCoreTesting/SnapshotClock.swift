/// The paused layer that holds a tree while it is rendered for a render test, and so gives the
/// tree's animations a clock of their own.
///
/// The host's `speed` is 0, so the time of every layer below it is the host's `timeOffset`
/// whatever the media time of the frame (Apple's way of pausing a tree, Core Animation
/// Programming Guide, "Pausing and Resuming Animations"). Animations added with a `beginTime`
/// of 0 start when their transaction commits, at the layer's current time: inside the host that
/// is 0. Setting `timeOffset` to `t` then shows every such animation exactly `t` seconds after it
/// began, on any machine and on every run.
///
/// The tree stays in its host after a snapshot, so later snapshots of the same tree read the same
/// clock (its animations' begin times were fixed at 0 by the first one). An animation added to the
/// tree between two snapshots begins at the time the earlier one showed.
final class SnapshotHostLayer: CALayer {
    /// Returns the host that already holds `layer`, or puts `layer` into a new paused one.
    ///
    /// - Throws: ``SnapshotError/notARootLayer`` when `layer` is a sublayer of another tree.
    static func hosting(_ layer: CALayer) throws -> SnapshotHostLayer {
        if let host = layer.superlayer as? SnapshotHostLayer {
            // The changes since the last snapshot commit at the time it showed, before the
            // clock moves: an animation or transition added between two snapshots begins there.
            CATransaction.flush()
            return host
        }
        guard layer.superlayer == nil else { throw SnapshotError.notARootLayer }
        let host = SnapshotHostLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        host.speed = 0
        host.timeOffset = 0
        host.addSublayer(layer)
        CATransaction.commit()
        // Commits any transaction still open around the caller's changes too, so the animations
        // added since the last commit start now, at the host's time 0.
        CATransaction.flush()
        return host
    }

    /// Shows the tree `seconds` after its animations began, and commits the change.
    func show(secondsAfterBegin seconds: CFTimeInterval, in rect: CGRect) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        timeOffset = seconds
        frame = rect
        CATransaction.commit()
        CATransaction.flush()
    }
}
