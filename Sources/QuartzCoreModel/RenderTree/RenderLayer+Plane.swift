import Foundation

// Whether a layer stays in its plane: the render tree keeps it in each layer's summary at commit
// (`RenderLayerSummary.mayLeavePlane`), and the render server reads it to skip the depth sort
// of sublayers that all stay in planes parallel to their superlayer's.

extension RenderLayer {
    /// Whether the layer may not lie in the plane at its `zPosition`, parallel to its
    /// superlayer's: a `transform` with a z or perspective part, an `anchorPointZ`, or an
    /// animation of either.
    package var mayLeavePlane: Bool {
        !state.transform.keepsLayerPlane || state.anchorPointZ != 0 || animations.contains { $0.mayMoveInDepth }
    }
}

extension CATransform3D {
    /// Whether a layer under this `transform` (about an anchor point at z = 0) stays in the plane
    /// of its `zPosition`, parallel to its superlayer's, and unprojected: every point (x, y, 0)
    /// keeps z = 0 and w = 1. True for every affine transform, and also for one whose z column
    /// and row differ from the identity's only where they act on z (`m31`, `m32`, `m33`, `m34`),
    /// which a flat layer has none of: a rotation about z whose `m33` rounds to
    /// 0.9999999999999999 lies flat as exactly as one whose `m33` is 1, and needs no depth sort.
    package var keepsLayerPlane: Bool {
        m13 == 0 && m23 == 0 && m43 == 0 && m14 == 0 && m24 == 0 && m44 == 1
    }
}

extension CompiledAnimation {
    /// Whether the animation may move its layer out of its plane (it animates `transform`, a
    /// field of it, or `anchorPointZ`, itself or in a group).
    var mayMoveInDepth: Bool {
        switch kind {
        case .group(let children):
            return children.contains { $0.mayMoveInDepth }
        case .transition:
            return false
        case .basic, .spring, .keyframes, .path:
            guard let keyPath else { return false }
            return keyPath.hasPrefix("transform") || keyPath == "anchorPointZ"
        }
    }
}
