import Foundation

extension SIMD16 where Scalar == Double {
    /// The sixteen entries of `t` row by row, as `CATransform3D.entries` lists them, held
    /// inline rather than in an array.
    init(_ t: CATransform3D) {
        self.init(Double(t.m11), Double(t.m12), Double(t.m13), Double(t.m14),
                  Double(t.m21), Double(t.m22), Double(t.m23), Double(t.m24),
                  Double(t.m31), Double(t.m32), Double(t.m33), Double(t.m34),
                  Double(t.m41), Double(t.m42), Double(t.m43), Double(t.m44))
    }
}

extension CATransform3D {
    /// The transform with the sixteen entries `e`, given row by row.
    init(_ e: SIMD16<Double>) {
        self.init(m11: CGFloat(e[0]), m12: CGFloat(e[1]), m13: CGFloat(e[2]), m14: CGFloat(e[3]),
                  m21: CGFloat(e[4]), m22: CGFloat(e[5]), m23: CGFloat(e[6]), m24: CGFloat(e[7]),
                  m31: CGFloat(e[8]), m32: CGFloat(e[9]), m33: CGFloat(e[10]), m34: CGFloat(e[11]),
                  m41: CGFloat(e[12]), m42: CGFloat(e[13]), m43: CGFloat(e[14]), m44: CGFloat(e[15]))
    }
}
