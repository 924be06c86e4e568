import Foundation
import QuartzCoreModel

extension CATransform3D {
    /// `concatenating(other)` (`self` then `other`), each row of the product computed four lanes
    /// at once: row i is `a_i1 × b_1 + a_i2 × b_2 + a_i3 × b_3 + a_i4 × b_4`, lane j of which is
    /// the scalar product's entry (i, j) with the same multiplications and the same additions
    /// in the same order, so the result is the same to the bit (signed zeros, infinities and
    /// NaNs included; nothing is fused). The flattener maps every layer it places or draws moved
    /// to its target so (`FrameFlattener.world`): the scalar product costs about 184 instructions
    /// a layer, 64 multiplications and 48 additions one at a time.
    ///
    /// `flatteningZ`: the product of `flattenedZ` instead (the third column taken as zero), the
    /// same to the bit without the flattened copy made (16 loads and stores a layer).
    @inline(__always)
    func concatenatingInLanes(_ other: CATransform3D, flatteningZ: Bool = false) -> CATransform3D {
        let (r1, r2, r3, r4) = rowsConcatenating(other, flatteningZ: flatteningZ)
        return CATransform3D(m11: CGFloat(r1.x), m12: CGFloat(r1.y), m13: CGFloat(r1.z), m14: CGFloat(r1.w),
                             m21: CGFloat(r2.x), m22: CGFloat(r2.y), m23: CGFloat(r2.z), m24: CGFloat(r2.w),
                             m31: CGFloat(r3.x), m32: CGFloat(r3.y), m33: CGFloat(r3.z), m34: CGFloat(r3.w),
                             m41: CGFloat(r4.x), m42: CGFloat(r4.y), m43: CGFloat(r4.z), m44: CGFloat(r4.w))
    }

    /// The rows of `concatenatingInLanes(other)`, four lanes each: for a caller that stores
    /// them elsewhere (a moved layer's quads, `FrameFlattener.worldMatrix`) without building the
    /// transform (a call to its initializer across modules). `flatteningZ`: of `flattenedZ`,
    /// whose third column is the zero read here in its place.
    @inline(__always)
    func rowsConcatenating(_ other: CATransform3D, flatteningZ: Bool = false)
        -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        let b1 = SIMD4<Double>(Double(other.m11), Double(other.m12), Double(other.m13), Double(other.m14))
        let b2 = SIMD4<Double>(Double(other.m21), Double(other.m22), Double(other.m23), Double(other.m24))
        let b3 = SIMD4<Double>(Double(other.m31), Double(other.m32), Double(other.m33), Double(other.m34))
        let b4 = SIMD4<Double>(Double(other.m41), Double(other.m42), Double(other.m43), Double(other.m44))
        @inline(__always)
        func row(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat, _ w: CGFloat) -> SIMD4<Double> {
            Double(x) * b1 + Double(y) * b2 + Double(z) * b3 + Double(w) * b4
        }
        // The entry `flattenedZ` stores, the same +0.
        @inline(__always)
        func z(_ entry: CGFloat) -> CGFloat { flatteningZ ? 0 : entry }
        return (row(m11, m12, z(m13), m14), row(m21, m22, z(m23), m24), row(m31, m32, z(m33), m34),
                row(m41, m42, z(m43), m44))
    }
}
