import Foundation

/// The geometry shared by coordinate conversion, hit testing and the renderer's flattening:
/// how a layer's own space maps into its superlayer's.
package enum LayerGeometry {
    /// The anchor point in the layer's own (bounds) coordinates.
    static func anchorLocation(of s: LayerState) -> CGPoint {
        anchorLocation(bounds: s.bounds, anchorPoint: s.anchorPoint)
    }

    /// The anchor point `anchorPoint` (unit coordinates) of `bounds`, in bounds coordinates.
    static func anchorLocation(bounds: CGRect, anchorPoint: CGPoint) -> CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// The matrix from a layer's own space to its superlayer's plane (row vectors, applied left
    /// to right): move the anchor point to the origin, apply `transform`, move to `position` and
    /// `zPosition`, flip if the superlayer's geometry is flipped, apply the superlayer's
    /// `sublayerTransform` about its anchor point, then flatten onto the superlayer's plane
    /// (z discarded), as every layer but a transform layer does with its sublayers.
    package static func toSuperlayer(_ layer: LayerState, parent: LayerState?, flattens: Bool = true) -> CATransform3D {
        guard let parent else { return toPosition(layer) }
        return inSuperlayer(toPosition(layer), parent: parent, flattens: flattens)
    }

    /// `toSuperlayer(_:parent:flattens:)` with the superlayer's state read from its box, not copied.
    package static func toSuperlayer(_ layer: LayerState, parentStorage: LayerStateBox?, flattens: Bool = true) -> CATransform3D {
        guard let parentStorage else { return toPosition(layer) }
        return inSuperlayer(toPosition(layer), parent: parentStorage.value, flattens: flattens)
    }

    /// The first steps of `toSuperlayer`: the anchor point to the origin, `transform`, then
    /// `position` and `zPosition`.
    private static func toPosition(_ layer: LayerState) -> CATransform3D {
        toPosition(bounds: layer.bounds, anchorPoint: layer.anchorPoint, anchorPointZ: layer.anchorPointZ,
                   transform: layer.transform, position: layer.position, zPosition: layer.zPosition)
    }

    /// `toSuperlayer(_:parent: nil)` for the state in `box`: the fields it needs are read
    /// through the box, since passing the state to a call copies all of it (about 500 bytes).
    package static func toPosition(of box: LayerStateBox) -> CATransform3D {
        toPosition(bounds: box.value.bounds, anchorPoint: box.value.anchorPoint, anchorPointZ: box.value.anchorPointZ,
                   transform: box.value.transform, position: box.value.position, zPosition: box.value.zPosition)
    }

    /// `toPosition(of:)` for the state in `box` with its `position` and `transform` replaced by
    /// `placement`'s (an animated layer's presentation when its animations only move it).
    package static func toPosition(of box: LayerStateBox, placement: LayerPlacement) -> CATransform3D {
        toPosition(bounds: box.value.bounds, anchorPoint: box.value.anchorPoint, anchorPointZ: box.value.anchorPointZ,
                   transform: placement.transform, position: placement.position, zPosition: box.value.zPosition)
    }

    private static func toPosition(bounds: CGRect, anchorPoint: CGPoint, anchorPointZ: CGFloat, transform: CATransform3D,
                                   position: CGPoint, zPosition: CGFloat) -> CATransform3D {
        let anchor = anchorLocation(bounds: bounds, anchorPoint: anchorPoint)
        var m = CATransform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ)
        if !transform.isIdentityFast {
            m = transform.afterTranslation(x: -anchor.x, y: -anchor.y, z: -anchorPointZ)
        }
        return m.followedByTranslation(x: position.x, y: position.y, z: zPosition)
    }

    /// The last steps of `toSuperlayer`: `m` followed by the superlayer's flip, its
    /// `sublayerTransform` and the flattening.
    private static func inSuperlayer(_ m: CATransform3D, parent: LayerState, flattens: Bool) -> CATransform3D {
        inSuperlayer(m, parentBounds: parent.bounds, parentAnchorPoint: parent.anchorPoint,
                     parentIsFlipped: parent.isGeometryFlipped, parentSublayerTransform: parent.sublayerTransform,
                     flattens: flattens)
    }

    /// `toSuperlayer(_:parent:)` for what hit testing reads of two presentation states
    /// (`HitGeometry`), the superlayer's flattening its sublayers.
    static func toSuperlayer(_ layer: HitGeometry, parent: HitGeometry) -> CATransform3D {
        let m = toPosition(bounds: layer.bounds, anchorPoint: layer.anchorPoint, anchorPointZ: layer.anchorPointZ,
                           transform: layer.transform, position: layer.position, zPosition: layer.zPosition)
        return inSuperlayer(m, parentBounds: parent.bounds, parentAnchorPoint: parent.anchorPoint,
                            parentIsFlipped: parent.isGeometryFlipped, parentSublayerTransform: parent.sublayerTransform,
                            flattens: true)
    }

    /// `inSuperlayer(_:parent:flattens:)` on the superlayer's fields that it reads.
    private static func inSuperlayer(_ m: CATransform3D, parentBounds: CGRect, parentAnchorPoint: CGPoint,
                                     parentIsFlipped: Bool, parentSublayerTransform: CATransform3D,
                                     flattens: Bool) -> CATransform3D {
        var m = m
        if parentIsFlipped {
            // y' = minY + maxY - y: the sublayers' origin is at the bottom of the superlayer.
            var flip = CATransform3DMakeScale(1, -1, 1)
            flip.m42 = parentBounds.minY + parentBounds.maxY
            m = m.concatenating(flip)
        }
        if !parentSublayerTransform.isIdentityFast {
            let pa = anchorLocation(bounds: parentBounds, anchorPoint: parentAnchorPoint)
            m = m.concatenating(CATransform3DMakeTranslation(-pa.x, -pa.y, 0))
                .concatenating(parentSublayerTransform)
                .concatenating(CATransform3DMakeTranslation(pa.x, pa.y, 0))
        }
        if flattens {
            m.m13 = 0; m.m23 = 0; m.m33 = 0; m.m43 = 0
        }
        return m
    }
}

extension CATransform3D {
    /// `CATransform3DMakeTranslation(x, y, z).concatenating(self)` (the translation first),
    /// without a whole 4x4 product: only the last row changes. The sums run in the product's
    /// order and its other terms are exact zeros, so the result is the same to the bit.
    func afterTranslation(x: CGFloat, y: CGFloat, z: CGFloat) -> CATransform3D {
        var m = self
        m.m41 = x * m11 + y * m21 + z * m31 + m41
        m.m42 = x * m12 + y * m22 + z * m32 + m42
        m.m43 = x * m13 + y * m23 + z * m33 + m43
        m.m44 = x * m14 + y * m24 + z * m34 + m44
        return m
    }

    /// `concatenating(CATransform3DMakeTranslation(x, y, z))` (the translation last), without a
    /// whole 4x4 product: each row gains its w times the translation, the same to the bit.
    func followedByTranslation(x: CGFloat, y: CGFloat, z: CGFloat) -> CATransform3D {
        var m = self
        m.m11 += m14 * x; m.m12 += m14 * y; m.m13 += m14 * z
        m.m21 += m24 * x; m.m22 += m24 * y; m.m23 += m24 * z
        m.m31 += m34 * x; m.m32 += m34 * y; m.m33 += m34 * z
        m.m41 += m44 * x; m.m42 += m44 * y; m.m43 += m44 * z
        return m
    }

    /// An exact identity check that is cheap enough for the per-frame path. (Inlined: a call
    /// cost about 59 instructions a moved layer in `toPosition(of:)`.)
    @inline(__always)
    package var isIdentityFast: Bool {
        m11 == 1 && m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0 && m22 == 1 && m23 == 0 && m24 == 0 &&
            m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m41 == 0 && m42 == 0 && m43 == 0 && m44 == 1
    }
}
