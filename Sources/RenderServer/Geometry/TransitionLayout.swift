import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// Where the two states of a transition are drawn at a given progress (001:5262-5270):
///
/// - fade: the old state fades out (opacity 1 - p) under the new one fading in (opacity p);
/// - moveIn: the new state slides in over the old from the subtype's side;
/// - push: the new state slides in from the subtype's side and pushes the old one out of the
///   opposite side;
/// - reveal: the old state slides out towards the side opposite the subtype, uncovering the new.
///
/// The subtype names the side the motion comes from, in the layer's own space: left is minX,
/// top is minY (y down, as on iOS); nil means from the left. Unknown types fade. Nothing is
/// clipped to the layer's bounds while the states move (a superlayer's `masksToBounds` clips).
///
/// The crossfade (`isCrossfade`) is drawn by adding the two states, (1 − p)·old + p·new, inside
/// an enclosing group, so for two opaque states every frame is opaque.
struct TransitionLayout: Equatable {
    /// How one state is drawn.
    struct Placement: Equatable {
        /// The translation of the state in the layer's space.
        var offset: CGSize
        /// Multiplies the state's opacity.
        var opacity: Float
    }

    /// The state before the change.
    var before: Placement
    /// The state after the change.
    var after: Placement
    /// Whether the old state is drawn over the new one (reveal), rather than beneath it.
    var beforeOnTop: Bool
    /// Whether the states are mixed by opacity in place (a fade): drawn added together rather
    /// than one over the other.
    var isCrossfade: Bool

    /// The layout at progress `p` (0 = old state, 1 = new state) for a layer of `size`.
    init(type: CATransitionType, subtype: CATransitionSubtype?, progress p: Double, size: CGSize) {
        let p = min(max(p, 0), 1)
        let from: CGSize
        switch subtype {
        case .fromRight?: from = CGSize(width: size.width, height: 0)
        case .fromTop?: from = CGSize(width: 0, height: -size.height)
        case .fromBottom?: from = CGSize(width: 0, height: size.height)
        default: from = CGSize(width: -size.width, height: 0)
        }
        func scaled(_ k: Double) -> CGSize { CGSize(width: from.width * k, height: from.height * k) }
        let still = CGSize.zero
        switch type {
        case .moveIn:
            before = Placement(offset: still, opacity: 1)
            after = Placement(offset: scaled(1 - p), opacity: 1)
            beforeOnTop = false
            isCrossfade = false
        case .push:
            before = Placement(offset: scaled(-p), opacity: 1)
            after = Placement(offset: scaled(1 - p), opacity: 1)
            beforeOnTop = false
            isCrossfade = false
        case .reveal:
            before = Placement(offset: scaled(-p), opacity: 1)
            after = Placement(offset: still, opacity: 1)
            beforeOnTop = true
            isCrossfade = false
        default:
            before = Placement(offset: still, opacity: Float(1 - p))
            after = Placement(offset: still, opacity: Float(p))
            beforeOnTop = false
            isCrossfade = true
        }
    }
}
