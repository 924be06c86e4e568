import Foundation

// Interpolation and arithmetic on animatable values: what the evaluators of every animation
// kind are built from.
//
// Numeric kinds (scalar, point, size, rect, transform, colour, arrays of these) are combined
// component by component; rects as origin + size, colours as sRGB red, green, blue and alpha.
// Other kinds (image, bool, string, path) cannot be combined: interpolation switches from one
// value to the other at fraction 0.5 (paths: equal-structure point interpolation arrives with
// the path integration) and arithmetic fails.

extension AnimatableValue {
    /// The value a fraction `t` of the way from `a` to `b` (t may leave 0...1 for overshoot).
    /// Transforms use `interpolateTransform`; a nil colour is the other colour made clear;
    /// values that cannot be combined switch at t = 0.5.
    static func interpolate(_ a: AnimatableValue, _ b: AnimatableValue, fraction t: Double) -> AnimatableValue {
        switch (a, b) {
        case let (.scalar(x), .scalar(y)): return .scalar(x + (y - x) * t)
        case let (.transform(x), .transform(y)): return .transform(interpolateTransform(x, y, fraction: t))
        case let (.array(x), .array(y)) where x.count == y.count:
            return .array(zip(x, y).map { interpolate($0, $1, fraction: t) })
        case let (.path(x?), .path(y?)):
            // Paths of corresponding elements interpolate point by point (PathInterpolation).
            return PathInterpolation.interpolate(x, y, fraction: t).map { .path($0) } ?? (t < 0.5 ? a : b)
        default:
            return a.combined(with: b, { x, y in x + (y - x) * t }) ?? (t < 0.5 ? a : b)
        }
    }

    /// The sum of two values, as additive animations and `byValue` use it: numbers and
    /// structure fields add, colours add component-wise, transforms concatenate (`self` first,
    /// then `other`). Nil when the values cannot be added.
    func adding(_ other: AnimatableValue) -> AnimatableValue? {
        switch (self, other) {
        case let (.transform(x), .transform(y)): return .transform(x.concatenating(y))
        case let (.array(x), .array(y)) where x.count == y.count:
            var items: [AnimatableValue] = []
            items.reserveCapacity(x.count)
            for (p, q) in zip(x, y) {
                guard let sum = p.adding(q) else { return nil }
                items.append(sum)
            }
            return .array(items)
        default: return combined(with: other, +)
        }
    }

    /// The difference `self - other`, the inverse of `adding`: for transforms, `self`
    /// concatenated with the inverse of `other` (nil when `other` is not invertible).
    func subtracting(_ other: AnimatableValue) -> AnimatableValue? {
        switch (self, other) {
        case let (.transform(x), .transform(y)):
            return y.inverse.map { .transform(x.concatenating($0)) }
        case let (.array(x), .array(y)) where x.count == y.count:
            var items: [AnimatableValue] = []
            items.reserveCapacity(x.count)
            for (p, q) in zip(x, y) {
                guard let difference = p.subtracting(q) else { return nil }
                items.append(difference)
            }
            return .array(items)
        default: return combined(with: other, -)
        }
    }

    /// Combines two values of the same numeric kind component by component with `op`; nil for
    /// different kinds, arrays of different lengths, or kinds without components.
    func combined(with other: AnimatableValue, _ op: (Double, Double) -> Double) -> AnimatableValue? {
        func f(_ x: CGFloat, _ y: CGFloat) -> CGFloat { CGFloat(op(Double(x), Double(y))) }
        switch (self, other) {
        case let (.scalar(x), .scalar(y)): return .scalar(op(x, y))
        case let (.point(p), .point(q)): return .point(CGPoint(x: f(p.x, q.x), y: f(p.y, q.y)))
        case let (.size(p), .size(q)): return .size(CGSize(width: f(p.width, q.width), height: f(p.height, q.height)))
        case let (.rect(p), .rect(q)):
            return .rect(CGRect(x: f(p.origin.x, q.origin.x), y: f(p.origin.y, q.origin.y),
                                width: f(p.size.width, q.size.width), height: f(p.size.height, q.size.height)))
        case let (.transform(p), .transform(q)): return .transform(p.elementwise(q, f))
        case let (.color(p), .color(q)):
            guard p != nil || q != nil else { return .color(nil) }
            guard let c1 = AnimatableValue.rgba(p, clearOf: q), let c2 = AnimatableValue.rgba(q, clearOf: p)
            else { return nil }
            return .color(CGColor(red: f(c1[0], c2[0]), green: f(c1[1], c2[1]), blue: f(c1[2], c2[2]),
                                  alpha: f(c1[3], c2[3])))
        case let (.array(x), .array(y)) where x.count == y.count:
            var items: [AnimatableValue] = []
            items.reserveCapacity(x.count)
            for (p, q) in zip(x, y) {
                guard let item = p.combined(with: q, op) else { return nil }
                items.append(item)
            }
            return .array(items)
        default: return nil
        }
    }

    /// Scales every component by `factor`; nil for kinds without components.
    func scaled(by factor: Double) -> AnimatableValue? { combined(with: self) { x, _ in x * factor } }

    /// The Euclidean distance between two values over all their components (paced keyframes);
    /// values without components are 0 apart when equal and 1 apart otherwise.
    func distance(to other: AnimatableValue) -> Double {
        var sum = 0.0
        guard accumulateSquares(other, into: &sum) else { return self == other ? 0 : 1 }
        return sum.squareRoot()
    }

    private func accumulateSquares(_ other: AnimatableValue, into sum: inout Double) -> Bool {
        combined(with: other) { x, y in
            sum += (x - y) * (x - y)
            return 0
        } != nil
    }

    /// The components of a colour as sRGB red, green, blue, alpha; a nil colour is `partner`
    /// with alpha 0 ("clear of the other colour"). Grey colours (two components) expand.
    private static func rgba(_ color: CGColor?, clearOf partner: CGColor?) -> [CGFloat]? {
        guard let color else {
            guard let other = rgba(partner, clearOf: nil) else { return nil }
            return [other[0], other[1], other[2], 0]
        }
        switch color.components {
        case let c? where c.count == 4: return c
        case let c? where c.count == 2: return [c[0], c[0], c[0], c[1]]
        default: return nil
        }
    }
}

extension CATransform3D {
    /// Combines two transforms entry by entry.
    func elementwise(_ other: CATransform3D, _ op: (CGFloat, CGFloat) -> CGFloat) -> CATransform3D {
        let a = entries, b = other.entries
        return CATransform3D(entries: (0..<16).map { op(a[$0], b[$0]) })!
    }
}
