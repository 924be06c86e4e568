import Foundation

/// The transform `fraction` of the way from `from` to `to`, as Core Animation interpolates
/// transform animations.
///
/// Both transforms are decomposed (`DecomposedTransform3D`); translation, scale, skew and perspective
/// are interpolated linearly and the rotations by spherical interpolation along the shorter arc, then
/// the parts are recomposed, so that a rotation stays rigid (halfway between the identity and a
/// quarter turn is an eighth turn, not a shrunken average). When either transform cannot be
/// decomposed, the sixteen entries are interpolated linearly instead. A fraction outside 0...1
/// extrapolates (overshoot of spring and back-out timing).
func interpolateTransform(_ from: CATransform3D, _ to: CATransform3D, fraction: Double) -> CATransform3D {
    if from == to { return from }
    guard let a = DecomposedTransform3D(from), let b = DecomposedTransform3D(to) else {
        let t = CGFloat(fraction)
        let lerped = zip(from.entries, to.entries).map { $0 + ($1 - $0) * t }
        return CATransform3D(entries: lerped) ?? from
    }
    func lerp<V: SIMD>(_ u: V, _ v: V) -> V where V.Scalar == Double { u + (v - u) * fraction }
    return DecomposedTransform3D(
        translation: lerp(a.translation, b.translation),
        scale: lerp(a.scale, b.scale),
        skew: lerp(a.skew, b.skew),
        perspective: lerp(a.perspective, b.perspective),
        quaternion: a.quaternion.slerp(to: b.quaternion, fraction: fraction)
    ).recomposed
}
