import Foundation

/// The Objective-C type encoding of a boxed `CATransform3D`.
///
/// Apple encodes the structure as `{CATransform3D=dddddddddddddddd}`; swift-corelibs-foundation's
/// `NSValue` cannot hold a structure encoding (it stops the process with "cannot encode
/// structs"), so the sixteen `double`s are boxed as the array they are laid out as, which it
/// stores and compares byte for byte.
let caTransform3DObjCType = "[16d]"

extension NSValue {
    /// Creates a value that boxes `t`, as `NSValue(caTransform3D:)` does on Apple platforms.
    public convenience init(caTransform3D t: CATransform3D) {
        var matrix = t
        self.init(bytes: &matrix, objCType: caTransform3DObjCType)
    }

    /// The transform the value boxes. A value that boxes something else answers the identity
    /// and logs the mismatch.
    public var caTransform3DValue: CATransform3D {
        guard String(cString: objCType) == caTransform3DObjCType else {
            Diagnostics.reject("NSValue.caTransform3DValue: the value boxes \(String(cString: objCType)), not a CATransform3D")
            return CATransform3DIdentity
        }
        var matrix = CATransform3DIdentity
        getValue(&matrix)
        return matrix
    }
}

/// Bridges `CATransform3D` to `NSValue` for Swift's `as?` casts, as Foundation bridges it on
/// Apple platforms: a boxed transform casts to `CATransform3D` (`anyValue as? CATransform3D`),
/// and a `CATransform3D` held in `Any` (what `value(forKey: "transform")` returns) casts to
/// `NSValue`. Swift's runtime on Linux honours this conformance in dynamic casts.
extension CATransform3D: _ObjectiveCBridgeable {
    /// The Objective-C class a transform bridges to.
    public typealias _ObjectiveCType = NSValue

    /// Boxes the transform.
    public func _bridgeToObjectiveC() -> NSValue {
        NSValue(caTransform3D: self)
    }

    /// Unboxes `source`, which must box a transform.
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CATransform3D?) {
        result = source.caTransform3DValue
    }

    /// Unboxes `source` when it boxes a transform; false otherwise.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CATransform3D?) -> Bool {
        guard String(cString: source.objCType) == caTransform3DObjCType else { return false }
        result = source.caTransform3DValue
        return true
    }

    /// Unboxes `source`; nil becomes the identity.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CATransform3D {
        source?.caTransform3DValue ?? CATransform3DIdentity
    }
}
