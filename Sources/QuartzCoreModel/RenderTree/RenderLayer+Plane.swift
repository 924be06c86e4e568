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
    /// field of it, or `anchorPointZ`, itself or in a group), decided from its key path and
    /// values. A turn about z, a scale, or an x or y translation keeps a flat layer flat: each
    /// sets one decomposed part and keeps the others, whose turns about x and y are 0 or a half
    /// turn for a flat transform. So do fixed `transform` values that are all affine and keep
    /// the plane's orientation (a positive determinant): a decomposed interpolation between
    /// them only turns about z. Between a mirrored and an unmirrored transform it turns about an
    /// axis in the plane, through depth; a value read from the layer (`.current`) may be either.
    var mayMoveInDepth: Bool {
        switch kind {
        case .group(let children):
            return children.contains { $0.mayMoveInDepth }
        case .transition:
            return false
        case .basic(let values, let options), .spring(let values, _, let options):
            return mayMoveInDepth(options, values: [values.from, values.to].map(\.fixedValue))
        case .keyframes(let keyframes, let options):
            let isPiecewiseLinear = keyframes.interpolation == .linear || keyframes.interpolation == .discrete
            return mayMoveInDepth(options, values: keyframes.values.map { isPiecewiseLinear ? $0 : nil })
        case .path:
            guard let keyPath else { return false }
            return keyPath.hasPrefix("transform") || keyPath == "anchorPointZ"
        }
    }

    /// Transform fields whose animation leaves a flat layer flat: each changes only the
    /// rotation about z, the scales, or the translation in x and y of the decomposed transform.
    private static let planarTransformFields: Set<String> = [
        "transform.rotation", "transform.rotation.z", "transform.scale", "transform.scale.x",
        "transform.scale.y", "transform.scale.z", "transform.translation", "transform.translation.x",
        "transform.translation.y",
    ]

    /// Value functions whose transform leaves a flat layer flat.
    private static let planarValueFunctions: Set<CAValueFunctionName> = [
        .rotateZ, .scale, .scaleX, .scaleY, .scaleZ, .translateX, .translateY,
    ]

    /// Whether a property animation of this key path with these options and values (nil: read
    /// from the layer, or interpolated by a curve) may move its layer out of its plane.
    private func mayMoveInDepth(_ options: PropertyOptions, values: [AnimatableValue?]) -> Bool {
        guard let keyPath else { return false }
        if keyPath == "anchorPointZ" { return true }
        guard keyPath.hasPrefix("transform") else { return false }
        if keyPath != "transform" { return !Self.planarTransformFields.contains(keyPath) }
        if let function = options.valueFunction { return !Self.planarValueFunctions.contains(function) }
        return !values.allSatisfy {
            guard case .transform(let t)? = $0, CATransform3DIsAffine(t) else { return false }
            return t.m11 * t.m22 - t.m12 * t.m21 > 0
        }
    }
}

extension BasicValues.Endpoint {
    /// The value the endpoint fixes; nil where it reads the layer's current value.
    fileprivate var fixedValue: AnimatableValue? {
        if case .value(let value) = self { return value }
        return nil
    }
}
