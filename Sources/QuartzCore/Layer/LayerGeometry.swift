import Foundation

/// The geometry shared by coordinate conversion, hit testing and the renderer's flattening:
/// how a layer's own space maps into its superlayer's.
enum LayerGeometry {
    /// The anchor point in the layer's own (bounds) coordinates.
    static func anchorLocation(of s: LayerState) -> CGPoint {
        CGPoint(x: s.bounds.minX + s.anchorPoint.x * s.bounds.width,
                y: s.bounds.minY + s.anchorPoint.y * s.bounds.height)
    }

    /// The matrix from a layer's own space to its superlayer's plane (row vectors, applied left
    /// to right): move the anchor point to the origin, apply `transform`, move to `position` and
    /// `zPosition`, flip if the superlayer's geometry is flipped, apply the superlayer's
    /// `sublayerTransform` about its anchor point, then flatten onto the superlayer's plane
    /// (z discarded), as every layer but a transform layer does with its sublayers.
    static func toSuperlayer(_ layer: LayerState, parent: LayerState?, flattens: Bool = true) -> CATransform3D {
        let anchor = anchorLocation(of: layer)
        var m = CATransform3DMakeTranslation(-anchor.x, -anchor.y, -layer.anchorPointZ)
        if !layer.transform.isIdentityFast { m = m.concatenating(layer.transform) }
        m = m.concatenating(CATransform3DMakeTranslation(layer.position.x, layer.position.y, layer.zPosition))
        guard let parent else { return m }
        if parent.isGeometryFlipped {
            // y' = minY + maxY - y: the sublayers' origin is at the bottom of the superlayer.
            var flip = CATransform3DMakeScale(1, -1, 1)
            flip.m42 = parent.bounds.minY + parent.bounds.maxY
            m = m.concatenating(flip)
        }
        if !parent.sublayerTransform.isIdentityFast {
            let pa = anchorLocation(of: parent)
            m = m.concatenating(CATransform3DMakeTranslation(-pa.x, -pa.y, 0))
                .concatenating(parent.sublayerTransform)
                .concatenating(CATransform3DMakeTranslation(pa.x, pa.y, 0))
        }
        if flattens {
            m.m13 = 0; m.m23 = 0; m.m33 = 0; m.m43 = 0
        }
        return m
    }
}

extension CATransform3D {
    /// An exact identity check that is cheap enough for the per-frame path.
    var isIdentityFast: Bool {
        m11 == 1 && m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0 && m22 == 1 && m23 == 0 && m24 == 0 &&
            m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m41 == 0 && m42 == 0 && m43 == 0 && m44 == 1
    }
}
