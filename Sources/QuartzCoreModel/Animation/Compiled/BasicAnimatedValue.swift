import Foundation

/// A value a basic animation interpolates as itself (`BasicInterpolation`): a number, a point
/// or a transform. Each operation computes, bit for bit, what the general path computes on the
/// same values wrapped in `AnimatableValue` (`interpolate`, `adding`, `combined(with:_:)`).
protocol BasicAnimatedValue: Sendable {
    /// The value `value` holds, or nil when it holds another kind.
    init?(animatable value: AnimatableValue)
    /// `AnimatableValue.interpolate(self, end, fraction:)`.
    func interpolated(to end: Self, fraction: Double) -> Self
    /// `AnimatableValue.adding`: this value, then `other` (for transforms, concatenated).
    func adding(_ other: Self) -> Self
    /// This value plus `iteration` times the distance from `start` to `end`, component by
    /// component: the cumulative offset of `CompiledAnimation.write`
    /// (`end.combined(with: start) { ($0 - $1) * k }`, then `combined(with:offset, +)`).
    func accumulated(from start: Self, to end: Self, iteration: Int) -> Self
}

extension Double: BasicAnimatedValue {
    init?(animatable value: AnimatableValue) {
        guard case .scalar(let x) = value else { return nil }
        self = x
    }

    func interpolated(to end: Double, fraction: Double) -> Double { self + (end - self) * fraction }

    func adding(_ other: Double) -> Double { self + other }

    func accumulated(from start: Double, to end: Double, iteration: Int) -> Double {
        self + (end - start) * Double(iteration)
    }
}

extension CGPoint: BasicAnimatedValue {
    init?(animatable value: AnimatableValue) {
        guard case .point(let p) = value else { return nil }
        self = p
    }

    // Each component as `AnimatableValue.combined` computes it: on `Double`s, then converted.
    func interpolated(to end: CGPoint, fraction: Double) -> CGPoint {
        CGPoint(x: CGFloat(Double(x).interpolated(to: Double(end.x), fraction: fraction)),
                y: CGFloat(Double(y).interpolated(to: Double(end.y), fraction: fraction)))
    }

    func adding(_ other: CGPoint) -> CGPoint {
        CGPoint(x: CGFloat(Double(x) + Double(other.x)), y: CGFloat(Double(y) + Double(other.y)))
    }

    func accumulated(from start: CGPoint, to end: CGPoint, iteration: Int) -> CGPoint {
        CGPoint(x: CGFloat(Double(x).accumulated(from: Double(start.x), to: Double(end.x), iteration: iteration)),
                y: CGFloat(Double(y).accumulated(from: Double(start.y), to: Double(end.y), iteration: iteration)))
    }
}

extension CATransform3D: BasicAnimatedValue {
    init?(animatable value: AnimatableValue) {
        guard case .transform(let t) = value else { return nil }
        self = t
    }

    /// `interpolateTransform`: decomposed, interpolated part by part, recomposed.
    func interpolated(to end: CATransform3D, fraction: Double) -> CATransform3D {
        interpolateTransform(self, end, fraction: fraction)
    }

    func adding(_ other: CATransform3D) -> CATransform3D { concatenating(other) }

    /// Entry by entry, as `AnimatableValue.combined` combines two transforms.
    func accumulated(from start: CATransform3D, to end: CATransform3D, iteration: Int) -> CATransform3D {
        let k = Double(iteration)
        let offset = end.elementwise(start) { CGFloat((Double($0) - Double($1)) * k) }
        return elementwise(offset) { CGFloat(Double($0) + Double($1)) }
    }
}
