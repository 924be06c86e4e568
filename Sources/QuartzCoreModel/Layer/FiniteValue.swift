import Foundation

/// A geometry value that can be checked for NaN and infinity before it reaches a layer.
protocol FiniteCheckable {
    /// Whether every component is a finite number.
    var isFiniteValue: Bool { get }
}

extension CGFloat: FiniteCheckable { var isFiniteValue: Bool { isFinite } }
extension Float: FiniteCheckable { var isFiniteValue: Bool { isFinite } }
extension Double: FiniteCheckable { var isFiniteValue: Bool { isFinite } }
extension CGPoint: FiniteCheckable { var isFiniteValue: Bool { x.isFinite && y.isFinite } }
extension CGSize: FiniteCheckable { var isFiniteValue: Bool { width.isFinite && height.isFinite } }
extension CGRect: FiniteCheckable { var isFiniteValue: Bool { origin.isFiniteValue && size.isFiniteValue } }
extension CATransform3D: FiniteCheckable {
    /// A finite number times zero is zero and an infinite or NaN one is NaN, so the sum of the
    /// products is zero exactly when every component is finite: one branch for sixteen numbers,
    /// the products and sums taken two columns at a time (as vectors), added across once.
    ///
    /// Not inlined: inlined into the `transform` setter, the value's sixteen numbers stayed in
    /// registers for the comparison with the stored one, which spilled them and compared all
    /// sixteen where it stops at the first that differs (+12 instructions a change).
    @inline(never)
    var isFiniteValue: Bool {
        let zero = SIMD2<Double>(repeating: 0)
        let left = SIMD2(Double(m11), Double(m12)) * zero + SIMD2(Double(m21), Double(m22)) * zero
            + SIMD2(Double(m31), Double(m32)) * zero + SIMD2(Double(m41), Double(m42)) * zero
        let right = SIMD2(Double(m13), Double(m14)) * zero + SIMD2(Double(m23), Double(m24)) * zero
            + SIMD2(Double(m33), Double(m34)) * zero + SIMD2(Double(m43), Double(m44)) * zero
        let sums = left + right
        return sums.x + sums.y == 0
    }
}

extension AnimatableValue {
    /// Whether the value holds no NaN or infinite number.
    var isFiniteValue: Bool {
        switch self {
        case .scalar(let v): return v.isFinite
        case .point(let v): return v.isFiniteValue
        case .size(let v): return v.isFiniteValue
        case .rect(let v): return v.isFiniteValue
        case .transform(let v): return v.isFiniteValue
        case .array(let items): return items.allSatisfy(\.isFiniteValue)
        case .color, .image, .path, .bool, .string: return true
        }
    }
}
