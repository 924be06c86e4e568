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
    /// products is zero exactly when every component is finite: one branch for sixteen numbers.
    var isFiniteValue: Bool {
        let rows = (m11 * 0 + m12 * 0 + m13 * 0 + m14 * 0) + (m21 * 0 + m22 * 0 + m23 * 0 + m24 * 0)
            + (m31 * 0 + m32 * 0 + m33 * 0 + m34 * 0) + (m41 * 0 + m42 * 0 + m43 * 0 + m44 * 0)
        return rows == 0
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
