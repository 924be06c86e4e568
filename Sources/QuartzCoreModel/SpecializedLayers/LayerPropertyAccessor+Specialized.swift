import Foundation

// Accessor kinds used only by the specialized layer classes: integers, arrays of numbers and
// arrays of colours (the animatable arrays of `CAGradientLayer` and `CAShapeLayer`).
extension LayerPropertyAccessor {
    /// An integer property (`instanceCount`): animations interpolate it as a number and the
    /// value set is rounded to the nearest integer.
    static func int(_ kp: Path<Int>) -> Self {
        Self(native: { $0[keyPath: kp] }, get: { .scalar(Double($0[keyPath: kp])) },
             set: { s, v in
                 guard let d = v.scalarValue, d.isFinite, abs(d) < Double(Int32.max) else { return false }
                 s[keyPath: kp] = Int(d.rounded())
                 return true
             })
    }

    /// An unsigned 32-bit property (`seed`).
    static func uint32(_ kp: Path<UInt32>) -> Self {
        Self(native: { $0[keyPath: kp] }, get: { .scalar(Double($0[keyPath: kp])) },
             set: { s, v in
                 guard let d = v.scalarValue, d >= 0, d <= Double(UInt32.max), d == d.rounded() else { return false }
                 s[keyPath: kp] = UInt32(d)
                 return true
             })
    }

    /// An optional array of numbers (`locations`, `lineDashPattern`), returned as `[NSNumber]`
    /// like Apple's API; nil is animated as an empty array.
    static func numbers(_ kp: Path<[Double]?>) -> Self {
        Self(native: { $0[keyPath: kp].map { $0.map { NSNumber(value: $0) } } },
             get: { .array(($0[keyPath: kp] ?? []).map { .scalar($0) }) },
             set: { s, v in
                 guard case .array(let items) = v else { return false }
                 var numbers: [Double] = []
                 numbers.reserveCapacity(items.count)
                 for item in items {
                     guard let d = item.scalarValue else { return false }
                     numbers.append(d)
                 }
                 s[keyPath: kp] = numbers.isEmpty ? nil : numbers
                 return true
             })
    }

    /// An optional array of colours (`colors`), returned as `[CGColor]`; nil is animated as an
    /// empty array.
    static func colors(_ kp: Path<[CGColor]?>) -> Self {
        Self(native: { $0[keyPath: kp] },
             get: { .array(($0[keyPath: kp] ?? []).map { .color($0) }) },
             set: { s, v in
                 guard case .array(let items) = v else { return false }
                 var colors: [CGColor] = []
                 colors.reserveCapacity(items.count)
                 for item in items {
                     guard case .color(let c?) = item else { return false }
                     colors.append(c)
                 }
                 s[keyPath: kp] = colors.isEmpty ? nil : colors
                 return true
             })
    }
}
