import Foundation

/// A layout manager that positions and sizes each sublayer from the `CAConstraint` objects in the
/// sublayer's `constraints`.
///
/// Assign it to the superlayer's `layoutManager`; the constraints live on the sublayers. Each
/// constraint relates one attribute of the sublayer to an attribute of its superlayer (source
/// name `"superlayer"`, measured on the superlayer's `bounds`) or of a sibling (found by `name`,
/// measured on the frame its own constraints gave it): `attribute = source.sourceAttribute ×
/// scale + offset`. As Apple's does (GNUstep libs-quartzcore
/// `Tests/quartzcore/CAConstraint/layout.m`, measured): a lone edge on an axis places the layer
/// and keeps its size, a lone width or height does nothing, and with more constraints on an
/// axis the one given last is paired with the lowest other attribute (min, mid, max, then the
/// length); a constraint naming no sibling, the layer itself, or a sibling not laid out along
/// that axis is ignored. Sublayers that depend on siblings are laid out after those siblings,
/// whatever their order; sublayers whose constraints form a cycle are left as they are and the
/// cycle is logged. `preferredSize(of:)` is the protocol's default, the layer's bounds size.
public final class CAConstraintLayoutManager: CALayoutManager, Sendable {
    /// The source name that refers to the superlayer of the constrained layer.
    static let superlayerName = "superlayer"

    /// Creates a constraint layout manager.
    public init() {}

    /// Returns the shared constraint layout manager: the same object on every call, as
    /// `+[CAConstraintLayoutManager layoutManager]` measurably returns (GNUstep
    /// `Tests/quartzcore/CAConstraint/layout.m`). It holds no state, so one serves every layer.
    public class func layoutManager() -> CAConstraintLayoutManager {
        shared
    }

    private static let shared = CAConstraintLayoutManager()

    /// Sets the frame of every constrained sublayer of `layer`.
    public func layoutSublayers(of layer: CALayer) {
        let solver = ConstraintSolver(superlayer: layer)
        for (sublayer, frame) in solver.solvedFrames() where sublayer.frame != frame {
            sublayer.frame = frame
        }
    }
}
