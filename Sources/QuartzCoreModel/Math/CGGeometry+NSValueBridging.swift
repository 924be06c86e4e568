import Foundation

// Bridges `CGPoint`, `CGSize` and `CGRect` to `NSValue` for Swift's `as?` casts, as Foundation
// bridges them on Apple platforms: `layer.value(forKey: "position") as? NSValue` is the boxed
// point there, and a boxed point casts back to `CGPoint`. swift-corelibs-foundation boxes the
// three structures (`NSValue(point:)`, `NSValue(size:)`, `NSValue(rect:)`) but declares no
// bridge, so without these a geometry value held in `Any` never casts to `NSValue` on Linux.
// Swift's runtime on Linux honours the conformance in dynamic casts (as for `CATransform3D`).
// A box of another structure casts to none of them: each checks the box's type encoding.

/// The type encodings swift-corelibs-foundation gives its boxes of the three structures.
private let pointObjCType = String(cString: NSValue(point: .zero).objCType)
private let sizeObjCType = String(cString: NSValue(size: .zero).objCType)
private let rectObjCType = String(cString: NSValue(rect: .zero).objCType)

// swift-format-ignore: AvoidRetroactiveConformances
// (Foundation declares both the type and the protocol: a cast can only find the bridge this way.)
extension CGPoint: @retroactive _ObjectiveCBridgeable {
    /// The Objective-C class a point bridges to.
    public typealias _ObjectiveCType = NSValue

    /// Boxes the point.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(point: self) }

    /// Unboxes `source`, which must box a point.
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) {
        result = source.pointValue
    }

    /// Unboxes `source` when it boxes a point; false otherwise.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) -> Bool {
        guard String(cString: source.objCType) == pointObjCType else { return false }
        result = source.pointValue
        return true
    }

    /// Unboxes `source`; nil becomes the origin.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGPoint {
        source?.pointValue ?? .zero
    }
}

// swift-format-ignore: AvoidRetroactiveConformances
// (Foundation declares both the type and the protocol: a cast can only find the bridge this way.)
extension CGSize: @retroactive _ObjectiveCBridgeable {
    /// The Objective-C class a size bridges to.
    public typealias _ObjectiveCType = NSValue

    /// Boxes the size.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(size: self) }

    /// Unboxes `source`, which must box a size.
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) {
        result = source.sizeValue
    }

    /// Unboxes `source` when it boxes a size; false otherwise.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) -> Bool {
        guard String(cString: source.objCType) == sizeObjCType else { return false }
        result = source.sizeValue
        return true
    }

    /// Unboxes `source`; nil becomes the zero size.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGSize {
        source?.sizeValue ?? .zero
    }
}

// swift-format-ignore: AvoidRetroactiveConformances
// (Foundation declares both the type and the protocol: a cast can only find the bridge this way.)
extension CGRect: @retroactive _ObjectiveCBridgeable {
    /// The Objective-C class a rectangle bridges to.
    public typealias _ObjectiveCType = NSValue

    /// Boxes the rectangle.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(rect: self) }

    /// Unboxes `source`, which must box a rectangle.
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) {
        result = source.rectValue
    }

    /// Unboxes `source` when it boxes a rectangle; false otherwise.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) -> Bool {
        guard String(cString: source.objCType) == rectObjCType else { return false }
        result = source.rectValue
        return true
    }

    /// Unboxes `source`; nil becomes the zero rectangle.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGRect {
        source?.rectValue ?? .zero
    }
}
