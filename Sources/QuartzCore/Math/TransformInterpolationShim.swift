import Foundation

// Temporary stand-ins for the transform functions of the Math branch, so that the animation
// engine compiles on its own branch. The integrator deletes this file at merge.

/// Element-wise linear interpolation between two transforms (the Math branch decomposes).
func interpolateTransform(_ from: CATransform3D, _ to: CATransform3D, fraction: Double) -> CATransform3D {
    func lerp(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * CGFloat(fraction) }
    return CATransform3D(
        m11: lerp(from.m11, to.m11), m12: lerp(from.m12, to.m12), m13: lerp(from.m13, to.m13), m14: lerp(from.m14, to.m14),
        m21: lerp(from.m21, to.m21), m22: lerp(from.m22, to.m22), m23: lerp(from.m23, to.m23), m24: lerp(from.m24, to.m24),
        m31: lerp(from.m31, to.m31), m32: lerp(from.m32, to.m32), m33: lerp(from.m33, to.m33), m34: lerp(from.m34, to.m34),
        m41: lerp(from.m41, to.m41), m42: lerp(from.m42, to.m42), m43: lerp(from.m43, to.m43), m44: lerp(from.m44, to.m44))
}

extension CATransform3D {
    /// The transform a value function produces from its scalar inputs, or nil for an unknown
    /// name or the wrong number of values.
    static func valueFunctionTransform(name: String, values: [CGFloat]) -> CATransform3D? {
        var m = CATransform3D()
        switch (name, values.count) {
        case ("rotateX", 1):
            let c = cos(values[0]), s = sin(values[0])
            m.m22 = c; m.m23 = s; m.m32 = -s; m.m33 = c
        case ("rotateY", 1):
            let c = cos(values[0]), s = sin(values[0])
            m.m11 = c; m.m13 = -s; m.m31 = s; m.m33 = c
        case ("rotateZ", 1):
            let c = cos(values[0]), s = sin(values[0])
            m.m11 = c; m.m12 = s; m.m21 = -s; m.m22 = c
        case ("scale", 3): m.m11 = values[0]; m.m22 = values[1]; m.m33 = values[2]
        case ("scaleX", 1): m.m11 = values[0]
        case ("scaleY", 1): m.m22 = values[0]
        case ("scaleZ", 1): m.m33 = values[0]
        case ("translate", 3): m.m41 = values[0]; m.m42 = values[1]; m.m43 = values[2]
        case ("translateX", 1): m.m41 = values[0]
        case ("translateY", 1): m.m42 = values[0]
        case ("translateZ", 1): m.m43 = values[0]
        default: return nil
        }
        return m
    }
}
