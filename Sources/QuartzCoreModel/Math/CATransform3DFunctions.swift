import Foundation
import CompositorCore
import QuartzCoreModelSupport

// Apple's C-style transform functions. Points are row vectors, `[x y z 1] × M`, so
// `CATransform3DConcat(a, b)` applies `a` first and `b` second.

/// Returns a transform that translates by `(tx, ty, tz)`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m41 = tx; t.m42 = ty; t.m43 = tz
    return t
}

/// Returns a transform that scales by `(sx, sy, sz)`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = sx; t.m22 = sy; t.m33 = sz
    return t
}

/// Returns a transform that rotates by `angle` radians about the vector `(x, y, z)`.
///
/// The vector is normalized first; if it has zero length the identity transform is returned.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    guard let (ux, uy, uz) = unitRotationAxis(x, y, z) else { return CATransform3DIdentity }
    // One `sincos` call, the same bits as `cos` and `sin` for about the cost of one: an app
    // turning every layer of a large scene calls this for each one every frame.
    let sineAndCosine = qc_sinCos(Double(angle))
    let c = CGFloat(sineAndCosine.cosine), s = CGFloat(sineAndCosine.sine), k = 1 - c
    // The transpose of Rodrigues' column-vector matrix, because points are row vectors here.
    return CATransform3D(
        m11: c + k * ux * ux, m12: k * ux * uy + s * uz, m13: k * ux * uz - s * uy, m14: 0,
        m21: k * ux * uy - s * uz, m22: c + k * uy * uy, m23: k * uy * uz + s * ux, m24: 0,
        m31: k * ux * uz + s * uy, m32: k * uy * uz - s * ux, m33: c + k * uz * uz, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

/// The axis `(x, y, z)` divided by its length; nil when the length is zero or not finite.
///
/// An axis whose squared length is exactly 1 (the `(0, 0, 1)` of an app turning its layers in
/// their plane, once per layer and frame) is returned as it is, without the square root and
/// the three divisions: the square root of 1 is exactly 1, and dividing any finite number by 1
/// gives that number, -0 included, so the result is the same bits (`RotationUnitAxisTests`).
@inline(__always)
private func unitRotationAxis(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> (CGFloat, CGFloat, CGFloat)? {
    let squaredLength = x * x + y * y + z * z
    if squaredLength == 1 { return (x, y, z) }
    let length = squaredLength.squareRoot()
    guard length > 0, length.isFinite else { return nil }
    return (x / length, y / length, z / length)
}

/// Translates `t` by `(tx, ty, tz)` and returns the result: `t' = translate(tx, ty, tz) × t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// Scales `t` by `(sx, sy, sz)` and returns the result: `t' = scale(sx, sy, sz) × t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// Rotates `t` by `angle` radians about the vector `(x, y, z)` and returns the result:
/// `t' = rotation(angle, x, y, z) × t`. A zero-length vector leaves `t` unchanged.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// Concatenates `b` to `a` and returns the result: `t' = a × b`, so points are transformed by
/// `a` first and then by `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    // One 4x4 product for the whole project: the renderer's matrix type has the same layout.
    CATransform3D(Matrix4(a).concatenating(Matrix4(b)))
}

/// Inverts `t` and returns the result. Returns `t` unchanged if it has no inverse.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    t.inverse ?? t
}

/// Returns a Boolean value that indicates whether `t` is exactly the identity transform.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t == CATransform3DIdentity
}

/// Returns a Boolean value that indicates whether the two transforms are exactly equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}
