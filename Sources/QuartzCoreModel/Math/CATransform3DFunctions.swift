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
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return CATransform3DIdentity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    // One `sincos` call, the same bits as `cos` and `sin` for about the cost of one: an app
    // turning every layer of a large scene calls this for each one every frame.
    var sine = 0.0, cosine = 0.0
    qc_sinCos(Double(angle), &sine, &cosine)
    let c = CGFloat(cosine), s = CGFloat(sine), k = 1 - c
    // The transpose of Rodrigues' column-vector matrix, because points are row vectors here.
    return CATransform3D(
        m11: c + k * ux * ux, m12: k * ux * uy + s * uz, m13: k * ux * uz - s * uy, m14: 0,
        m21: k * ux * uy - s * uz, m22: c + k * uy * uy, m23: k * uy * uz + s * ux, m24: 0,
        m31: k * ux * uz + s * uy, m32: k * uy * uz - s * ux, m33: c + k * uz * uz, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
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
