import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// The depth of a quad from the two columns of its map that give it, and the depth of a
/// sublayer straight from its state (S3's 100,000 cards turning in perspective), without
/// building the whole map to its superlayer.
extension DepthSorter {
    /// The z and w columns of a map into the sorting space: all that `depth(_:_:minimumW:)`
    /// reads of it.
    struct DepthColumns {
        var m13: CGFloat, m23: CGFloat, m33: CGFloat, m43: CGFloat
        var m14: CGFloat, m24: CGFloat, m34: CGFloat, m44: CGFloat
    }

    /// `depth(_:scene:)` of the quad `s` under a map with the columns `c`, the corners one after
    /// another (they were in the lanes of `SIMD4<Double>`).
    ///
    /// Each corner's z and w are multiplied and added as `Sides.projectedCorner` does for it, in
    /// the same order, nothing fused (the products of a side shared by two corners are made
    /// once: the same values), so every z is the same bit for bit; the corners behind the eye
    /// are left out and the others summed in corner order, as there (`DepthSorterOrderTests`).
    /// `minimumW` is `CATransform3D.minimumProjectedW`, read by the caller: read here, through
    /// its accessor in the other module, the call made every value in registers be saved.
    @inline(__always)
    static func depth(_ s: Sides, _ c: DepthColumns, minimumW: CGFloat) -> Double {
        // z = 0 for every corner, but 0 × m33 is kept: it is NaN for an infinite m33.
        let zero: CGFloat = 0
        let zw = zero * c.m34, zz = zero * c.m33
        let minXW = s.minX * c.m14, maxXW = s.maxX * c.m14, minYW = s.minY * c.m24, maxYW = s.maxY * c.m24
        let minXZ = s.minX * c.m13, maxXZ = s.maxX * c.m13, minYZ = s.minY * c.m23, maxYZ = s.maxY * c.m23
        var count = 0
        var sum = 0.0
        @inline(__always)
        func add(_ xw: CGFloat, _ yw: CGFloat, _ xz: CGFloat, _ yz: CGFloat) {
            let w = xw + yw + zw + c.m44
            // `w > minimumProjectedW && w.isFinite` (false for NaN).
            guard w > minimumW, w < .infinity else { return }
            count += 1
            sum += Double((xz + yz + zz + c.m43) / w)
        }
        add(minXW, minYW, minXZ, minYZ)
        add(maxXW, minYW, maxXZ, minYZ)
        add(maxXW, maxYW, maxXZ, maxYZ)
        add(minXW, maxYW, minXZ, maxYZ)
        return count == 0 ? -.infinity : sum / Double(count)
    }

    /// `depth(box.value.bounds, scene: LayerGeometry.toPosition(of: box))`, bit for bit: the
    /// depth of a sublayer whose superlayer adds nothing to its placement (no flip, no
    /// `sublayerTransform`), found from the four entries of each column that it reads.
    ///
    /// `toPosition` moves the anchor point to the origin (`afterTranslation`: the last row
    /// gains the translation through the transform), applies `transform`, and moves to
    /// `position` and `zPosition` (`followedByTranslation`: each row gains its w times the
    /// translation); the z column's entries are made here as those steps make them, the same
    /// products summed in the same order, and the w column is the transform's with its last
    /// entry made so (`DepthSorterLayerDepthTests`). With the corners, 192 instructions a card
    /// at S3's 100,000 where `toPosition` and `depth(_:scene:)` took 283. `minimumW` as for
    /// `depth(_:_:minimumW:)`.
    static func depth(of box: LayerStateBox, minimumW: CGFloat) -> Double {
        let bounds = box.value.bounds, anchorPoint = box.value.anchorPoint
        // `LayerGeometry.anchorLocation(bounds:anchorPoint:)`, negated.
        let x = -(bounds.minX + anchorPoint.x * bounds.width), y = -(bounds.minY + anchorPoint.y * bounds.height)
        let z = -box.value.anchorPointZ
        var c: DepthColumns
        let t = box.value.transform
        // `t.isIdentityFast`, written out: that property is not inlined from its module, and the
        // call costs more than the test (a turned card fails at its first entry).
        if t.m11 == 1 && t.m12 == 0 && t.m13 == 0 && t.m14 == 0 && t.m21 == 0 && t.m22 == 1 && t.m23 == 0 &&
            t.m24 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0 && t.m41 == 0 && t.m42 == 0 &&
            t.m43 == 0 && t.m44 == 1 {
            // `CATransform3DMakeTranslation(x, y, z)`.
            c = DepthColumns(m13: 0, m23: 0, m33: 1, m43: z, m14: 0, m24: 0, m34: 0, m44: 1)
        } else {
            c = DepthColumns(m13: t.m13, m23: t.m23, m33: t.m33, m43: x * t.m13 + y * t.m23 + z * t.m33 + t.m43,
                             m14: t.m14, m24: t.m24, m34: t.m34, m44: x * t.m14 + y * t.m24 + z * t.m34 + t.m44)
        }
        let zPosition = box.value.zPosition
        c.m13 += c.m14 * zPosition; c.m23 += c.m24 * zPosition
        c.m33 += c.m34 * zPosition; c.m43 += c.m44 * zPosition
        return depth(Sides(bounds), c, minimumW: minimumW)
    }
}
