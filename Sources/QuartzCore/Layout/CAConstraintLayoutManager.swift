import Foundation

/// A layout manager that positions and sizes each sublayer from the `CAConstraint` objects in the
/// sublayer's `constraints`.
///
/// Assign it to the superlayer's `layoutManager`; the constraints live on the sublayers. Each
/// constraint relates one attribute of the sublayer to an attribute of its superlayer (source
/// name `"superlayer"`, measured on the superlayer's `bounds`) or of a sibling (found by `name`,
/// measured on its `frame`): `attribute = source.sourceAttribute × scale + offset`. Per axis the
/// first two attributes constrained decide the frame: two edges give the position and the size,
/// an edge and a size give both, a lone edge keeps the layer's `preferredFrameSize()` along that
/// axis, and an unconstrained axis is left alone. Sublayers that depend on siblings are laid out
/// after those siblings; sublayers whose constraints form a cycle are left as they are and the
/// cycle is logged. `preferredSize(of:)` is the protocol's default, the layer's bounds size.
public final class CAConstraintLayoutManager: CALayoutManager, Sendable {
    /// The source name that refers to the superlayer of the constrained layer.
    static let superlayerName = "superlayer"

    /// Creates a constraint layout manager.
    public init() {}

    /// Returns a new constraint layout manager, as `+[CAConstraintLayoutManager layoutManager]` does.
    public class func layoutManager() -> CAConstraintLayoutManager {
        CAConstraintLayoutManager()
    }

    /// Sets the frame of every constrained sublayer of `layer`.
    public func layoutSublayers(of layer: CALayer) {
        let solver = ConstraintSolver(superlayer: layer)
        for (sublayer, frame) in solver.solvedFrames() where sublayer.frame != frame {
            sublayer.frame = frame
        }
    }
}
