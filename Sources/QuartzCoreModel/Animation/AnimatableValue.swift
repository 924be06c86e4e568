import CoreImage
import Foundation

/// A property value in a form that can cross to the render side and be interpolated there.
///
/// The public API takes and returns `Any` values as Apple's does (`fromValue`, `value(forKey:)`);
/// they are converted to this Sendable form when a layer's state is stored or an animation is
/// added, so that the model side (`presentation()`) and the render side evaluate animations with
/// the same code.
package enum AnimatableValue: Sendable, Equatable {
    package static func == (lhs: AnimatableValue, rhs: AnimatableValue) -> Bool {
        switch (lhs, rhs) {
        case let (.scalar(a), .scalar(b)): return a == b
        case let (.point(a), .point(b)): return a == b
        case let (.size(a), .size(b)): return a == b
        case let (.rect(a), .rect(b)): return a == b
        case let (.transform(a), .transform(b)): return a == b
        case let (.color(a), .color(b)): return a == b
        case let (.image(a), .image(b)): return a === b
        case let (.path(a), .path(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        default: return false
        }
    }

    case scalar(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    /// A colour, or no colour (`nil` backgroundColor, say).
    case color(CGColor?)
    /// An image, or none (`contents`).
    case image(CGImage?)
    /// A path, or none (`shadowPath`).
    case path(CGPath?)
    case bool(Bool)
    case string(String)
    case array([AnimatableValue])

    /// Converts a value given through the public `Any`-typed API, or returns nil when it has no
    /// animatable form. Numbers are accepted as any Swift numeric type or `NSNumber`; structures
    /// as themselves or boxed in `NSValue`.
    init?(_ value: Any?) {
        guard let value else { return nil }
        switch value {
        case let v as AnimatableValue: self = v
        case let v as Double: self = .scalar(v)
        case let v as CGFloat: self = .scalar(Double(v))
        case let v as Float: self = .scalar(Double(v))
        case let v as Int: self = .scalar(Double(v))
        case let v as Bool: self = .bool(v)
        case let v as NSNumber: self = .scalar(v.doubleValue)
        case let v as CGPoint: self = .point(v)
        case let v as CGSize: self = .size(v)
        case let v as CGRect: self = .rect(v)
        case let v as CATransform3D: self = .transform(v)
        case let v as CGColor: self = .color(v)
        case let v as CGImage: self = .image(v)
        case let v as CGPath: self = .path(v.copy() ?? v)
        case let v as String: self = .string(v)
        case let v as NSValue: self.init(nsValue: v)
        // Core Image's parameter values (a filter's key path animates from and to them).
        case let v as CIVector: self = .array(v.componentsArray.map { .scalar(Double($0)) })
        case let v as CIColor: self = .color(v.cgColor)
        case let v as [Any]:
            var items: [AnimatableValue] = []
            items.reserveCapacity(v.count)
            for element in v {
                guard let item = AnimatableValue(element) else { return nil }
                items.append(item)
            }
            self = .array(items)
        default: return nil
        }
    }

    private init?(nsValue v: NSValue) {
        // Matched by the outer structure only: a rectangle's encoding names CGPoint and CGSize inside.
        switch String(cString: v.objCType) {
        case let t where t.hasPrefix("{CGPoint=") || t.hasPrefix("{NSPoint="): self = .point(v.pointValue)
        case let t where t.hasPrefix("{CGSize=") || t.hasPrefix("{NSSize="): self = .size(v.sizeValue)
        case let t where t.hasPrefix("{CGRect=") || t.hasPrefix("{NSRect="): self = .rect(v.rectValue)
        default: return nil
        }
    }

    /// The value as the public API returns it: the property's own Swift type, boxed in `Any`.
    var anyValue: Any? {
        switch self {
        case .scalar(let v): return v
        case .point(let v): return v
        case .size(let v): return v
        case .rect(let v): return v
        case .transform(let v): return v
        case .color(let v): return v
        case .image(let v): return v
        case .path(let v): return v
        case .bool(let v): return v
        case .string(let v): return v
        case .array(let v): return v.map { $0.anyValue as Any }
        }
    }

    /// The value as a number, when it is one.
    var scalarValue: Double? {
        switch self {
        case .scalar(let v): return v
        case .bool(let v): return v ? 1 : 0
        default: return nil
        }
    }
}
