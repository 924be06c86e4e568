import Foundation

/// The classes an archived animation's or layer's values may be made of.
let archivedAnimationValueClasses: [AnyClass] = [
    NSNumber.self, NSString.self, NSValue.self, NSArray.self, NSDictionary.self, NSNull.self, ArchivedAnimationValue.self,
    CAAnimation.self, CALayer.self,
]

extension NSCoder {
    /// Encodes `value` (a number, string, geometry, transform, colour, path, image, timing or
    /// value function, animation, layer, or an array or string-keyed dictionary of them) under
    /// `key`. Nothing is encoded for nil; a value that cannot be archived (an arbitrary Swift
    /// object) is logged and left out, so the rest of the animation or layer still archives.
    func encodeAnimationValue(_ value: Any?, forKey key: String) {
        guard let value = Self.unwrapped(value) else { return }
        guard let object = Self.archivableObject(value) else {
            Diagnostics.reject("CAAnimation archiving: the value of \"\(key)\" (\(type(of: value))) cannot be archived; it is left out")
            return
        }
        encode(object, forKey: key)
    }

    /// Decodes a value encoded by `encodeAnimationValue(_:forKey:)`, in the types the animation
    /// holds (`CGPoint`, `CATransform3D`, `CGColor`, ... rather than their archived forms).
    func decodeAnimationValue(forKey key: String) -> Any? {
        // Asking for a missing key is an error to a secure unarchiver, so look first.
        guard containsValue(forKey: key) else { return nil }
        return decodeObject(of: archivedAnimationValueClasses, forKey: key).flatMap(Self.unarchived)
    }

    /// Encodes a string constant (`fillMode`, `calculationMode`, a transition's type) under `key`.
    func encodeConstant<Constant: RawRepresentable>(_ constant: Constant?, forKey key: String) where Constant.RawValue == String {
        if let constant { encode(constant.rawValue as NSString, forKey: key) }
    }

    /// Decodes a string constant encoded by `encodeConstant(_:forKey:)`.
    func decodeConstant<Constant: RawRepresentable>(_: Constant.Type, forKey key: String) -> Constant? where Constant.RawValue == String {
        decodeString(forKey: key).flatMap(Constant.init(rawValue:))
    }

    /// Decodes a string encoded under `key`, or nil when there is none.
    func decodeString(forKey key: String) -> String? {
        guard containsValue(forKey: key) else { return nil }
        return decodeObject(of: NSString.self, forKey: key) as String?
    }

    /// Decodes a number encoded under `key`, or nil when there is none.
    func decodeNumber(forKey key: String) -> NSNumber? {
        guard containsValue(forKey: key) else { return nil }
        return decodeObject(of: NSNumber.self, forKey: key)
    }

    /// `value` without the optionals wrapped around it, or nil when one of them holds nothing.
    private static func unwrapped(_ value: Any?) -> Any? {
        guard let value else { return nil }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.flatMap { unwrapped($0.value) }
    }

    private static func archivableObject(_ value: Any) -> NSObject? {
        switch value {
        case let animation as CAAnimation: return animation
        case let layer as CALayer: return layer
        case let null as NSNull: return null
        case let number as NSNumber: return number
        case let string as NSString: return string
        case let nsValue as NSValue: return nsValue
        case let b as Bool: return NSNumber(value: b)
        case let i as Int: return NSNumber(value: i)
        case let d as Double: return NSNumber(value: d)
        case let f as Float: return NSNumber(value: f)
        case let c as CGFloat: return NSNumber(value: Double(c))
        case let s as String: return s as NSString
        case let p as CGPoint: return NSValue(point: p)
        case let s as CGSize: return NSValue(size: s)
        case let r as CGRect: return NSValue(rect: r)
        case let array as [Any]:
            let objects = array.compactMap { unwrapped($0).flatMap(archivableObject) }
            return objects.count == array.count ? objects as NSArray : nil
        case let dictionary as [String: Any]:
            var objects: [NSString: NSObject] = [:]
            for (key, element) in dictionary {
                guard let object = archivableObject(element) else { return nil }
                objects[key as NSString] = object
            }
            return objects as NSDictionary
        default:
            return ArchivedAnimationValue(value)
        }
    }

    private static func unarchived(_ object: Any) -> Any? {
        switch object {
        case let archived as ArchivedAnimationValue: return archived.value
        case let value as NSValue where !(value is NSNumber):
            switch String(cString: value.objCType) {
            case String(cString: NSValue(point: .zero).objCType): return value.pointValue
            case String(cString: NSValue(size: .zero).objCType): return value.sizeValue
            case String(cString: NSValue(rect: .zero).objCType): return value.rectValue
            default: return value
            }
        case let array as NSArray: return array.compactMap(unarchived)
        case let dictionary as NSDictionary:
            var values: [String: Any] = [:]
            for case (let key as String, let element) in dictionary { values[key] = unarchived(element) }
            return values
        case let string as NSString: return string as String
        default: return object
        }
    }
}
