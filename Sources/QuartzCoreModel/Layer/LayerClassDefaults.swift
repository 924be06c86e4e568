import Foundation

/// What `CALayer.defaultValue(forKey:)` answers, as Apple's does.
///
/// Apple's `+defaultValueForKey:` names a default only where the property's default is not the
/// zero of its type (a property with no default reads as the zero of its type, as Apple's
/// documentation of the method describes), with a few properties that measurably answer their
/// zero-like default anyway. The rule is inferred from these measurements (GNUstep
/// libs-quartzcore `Tests/quartzcore/CALayer/geometry.m`, `masking.m`, `modern.m`,
/// `autoresizing.m`, `CAMediaTiming/timing.m`): nil for `bounds`, `position`, `frame`,
/// `autoresizingMask`, `minificationFilterBias`, `mask`; a value for `anchorPoint`,
/// `contentsScale`, `contentsCenter`, `allowsGroupOpacity`, `edgeAntialiasingMask`,
/// `maskedCorners`, `cornerCurve`, `contentsFormat`, `speed`, `duration` (infinite),
/// `fillMode` and, though false, `drawsAsynchronously`.
enum LayerClassDefaults {
    /// Keys whose zero-like default Apple still answers.
    private static let answeredThoughZero: Set<String> = ["drawsAsynchronously", "allowsEdgeAntialiasing"]

    /// The default of `key` for a plain layer, or nil.
    static func value(forKey key: String) -> Any? {
        if key == "fillMode" { return CAMediaTimingFillMode.removed }
        guard let accessor = LayerPropertyAccessor.named(key), let value = accessor.native(LayerState()) else {
            return nil
        }
        let canonical = LayerPropertyAccessor.aliases[key] ?? key
        if answeredThoughZero.contains(canonical) { return value }
        return isZero(value) ? nil : value
    }

    /// Whether `value` is the zero of its type: false, 0, the zero point, size or rectangle, the
    /// zero vector, an empty option set, an empty array, or no object.
    static func isZero(_ value: Any) -> Bool {
        switch value {
        case let b as Bool: return !b
        case let d as Double: return d == 0
        case let i as Int: return i == 0
        case let u as UInt32: return u == 0
        case let f as Float: return f == 0
        case let c as CGFloat: return c == 0
        case let p as CGPoint: return p == .zero
        case let s as CGSize: return s == .zero
        case let r as CGRect: return r == .zero
        case let m as CACornerMask: return m.isEmpty
        case let m as CAEdgeAntialiasingMask: return m.isEmpty
        case let a as [Any]: return a.isEmpty
        default:
            // An optional holding nothing (a colour, an image, a path) has no default.
            if case Optional<Any>.none = value as Any? { return true }
            let mirror = Mirror(reflecting: value)
            return mirror.displayStyle == .optional && mirror.children.isEmpty
        }
    }
}
