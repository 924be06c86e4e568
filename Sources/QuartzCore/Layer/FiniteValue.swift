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
    var isFiniteValue: Bool {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].allSatisfy(\.isFinite)
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
