import XCTest
import QuartzCore

/// A subclass whose layers mask to their bounds and have a corner radius by default.
private final class ClippingLayer: CALayer {
    override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "masksToBounds": return true
        case "cornerRadius": return CGFloat(12)
        case "customDefault": return "from the class"
        default: return super.defaultValue(forKey: key)
        }
    }
}

/// Key-value coding of properties, structure fields, transform components and custom keys, and
/// the errors of the checked API.
final class KeyValueCodingTests: XCTestCase {
    func testPropertiesComeBackInTheirOwnTypes() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 1, y: 2, width: 3, height: 4)
        layer.position = CGPoint(x: 5, y: 6)
        layer.opacity = 0.5
        layer.cornerRadius = 8
        layer.isHidden = true
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.transform = CATransform3DMakeScale(2, 3, 1)
        XCTAssertEqual(layer.value(forKey: "bounds") as? CGRect, CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(layer.value(forKey: "position") as? CGPoint, CGPoint(x: 5, y: 6))
        XCTAssertEqual(layer.value(forKey: "opacity") as? Float, 0.5)
        XCTAssertEqual(layer.value(forKey: "cornerRadius") as? CGFloat, 8)
        XCTAssertEqual(layer.value(forKey: "hidden") as? Bool, true)
        XCTAssertEqual(layer.value(forKey: "isHidden") as? Bool, true)
        XCTAssertEqual(layer.value(forKey: "backgroundColor") as? CGColor, CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(layer.value(forKey: "transform") as? CATransform3D, CATransform3DMakeScale(2, 3, 1))
        XCTAssertEqual(layer.value(forKey: "shadowOffset") as? CGSize, CGSize(width: 0, height: -3))
        XCTAssertEqual(layer.value(forKey: "contentsGravity") as? CALayerContentsGravity, .resize)
        XCTAssertEqual(layer.value(forKey: "maskedCorners") as? CACornerMask, CACornerMask(rawValue: 15))
        XCTAssertEqual(layer.value(forKey: "frame") as? CGRect, layer.frame)
        XCTAssertNil(layer.value(forKey: "shadowPath"))
    }

    func testSetValueForPropertyKeys() {
        let layer = CALayer()
        layer.setValue(CGPoint(x: 10, y: 20), forKey: "position")
        layer.setValue(CGRect(x: 0, y: 0, width: 50, height: 60), forKey: "bounds")
        layer.setValue(Float(0.25), forKey: "opacity")
        layer.setValue(3.5, forKey: "borderWidth")
        layer.setValue(true, forKey: "masksToBounds")
        layer.setValue(false, forKey: "doubleSided")
        layer.setValue(NSNumber(value: 4), forKey: "zPosition")
        layer.setValue(CGColor(gray: 0.5, alpha: 1), forKey: "borderColor")
        XCTAssertEqual(layer.position, CGPoint(x: 10, y: 20))
        XCTAssertEqual(layer.bounds, CGRect(x: 0, y: 0, width: 50, height: 60))
        XCTAssertEqual(layer.frame, CGRect(x: -15, y: -10, width: 50, height: 60))
        XCTAssertEqual(layer.opacity, 0.25)
        XCTAssertEqual(layer.borderWidth, 3.5)
        XCTAssertTrue(layer.masksToBounds)
        XCTAssertFalse(layer.isDoubleSided)
        XCTAssertEqual(layer.zPosition, 4)
        XCTAssertEqual(layer.borderColor, CGColor(gray: 0.5, alpha: 1))
        layer.setValue(nil, forKey: "borderColor")
        XCTAssertNil(layer.borderColor)
        layer.setValue(CGRect(x: 1, y: 1, width: 10, height: 10), forKey: "frame")
        XCTAssertEqual(layer.frame, CGRect(x: 1, y: 1, width: 10, height: 10))
        layer.setValue("named", forKey: "name")
        XCTAssertEqual(layer.name, "named")
    }

    /// What `value(forKey:)` returns can be set back with `setValue(_:forKey:)` for every property.
    func testEveryPropertyRoundTripsThroughKeyValueCoding() throws {
        let keys = ["bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform",
                    "sublayerTransform", "geometryFlipped", "doubleSided", "hidden", "masksToBounds",
                    "opacity", "cornerRadius", "maskedCorners", "cornerCurve", "borderWidth", "borderColor",
                    "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "allowsEdgeAntialiasing",
                    "edgeAntialiasingMask", "allowsGroupOpacity", "shouldRasterize", "rasterizationScale",
                    "contentsRect", "contentsCenter", "contentsGravity", "contentsScale", "contentsFormat",
                    "minificationFilter", "magnificationFilter", "minificationFilterBias", "opaque",
                    "needsDisplayOnBoundsChange", "drawsAsynchronously"]
        let layer = CALayer()
        for key in keys {
            let value = layer.value(forKey: key)
            XCTAssertNotNil(value, key)
            XCTAssertNoThrow(try layer.setCheckedValue(value, forKeyPath: key), key)
        }
    }

    func testSetValueWithApplesOwnPropertyTypes() throws {
        let layer = CALayer()
        try layer.setCheckedValue(CALayerContentsGravity.resizeAspect, forKeyPath: "contentsGravity")
        XCTAssertEqual(layer.contentsGravity, .resizeAspect)
        try layer.setCheckedValue("center", forKeyPath: "contentsGravity")
        XCTAssertEqual(layer.contentsGravity, .center)
        try layer.setCheckedValue(CALayerContentsFilter.nearest, forKeyPath: "magnificationFilter")
        XCTAssertEqual(layer.magnificationFilter, .nearest)
        try layer.setCheckedValue(CACornerMask.layerMinXMinYCorner, forKeyPath: "maskedCorners")
        XCTAssertEqual(layer.maskedCorners, .layerMinXMinYCorner)
        try layer.setCheckedValue(CALayerCornerCurve.continuous, forKeyPath: "cornerCurve")
        XCTAssertEqual(layer.cornerCurve, .continuous)
    }

    func testStructureFieldKeyPaths() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.setValue(30, forKeyPath: "position.x")
        layer.setValue(40.5, forKeyPath: "position.y")
        XCTAssertEqual(layer.position, CGPoint(x: 30, y: 40.5))
        layer.setValue(CGFloat(220), forKeyPath: "bounds.size.width")
        layer.setValue(-8, forKeyPath: "bounds.origin.y")
        XCTAssertEqual(layer.bounds, CGRect(x: 0, y: -8, width: 220, height: 50))
        layer.setValue(CGSize(width: 7, height: 9), forKeyPath: "bounds.size")
        XCTAssertEqual(layer.bounds.size, CGSize(width: 7, height: 9))
        layer.setValue(12, forKeyPath: "shadowOffset.height")
        XCTAssertEqual(layer.shadowOffset, CGSize(width: 0, height: 12))

        XCTAssertEqual(layer.value(forKeyPath: "position.x") as? CGFloat, 30)
        XCTAssertEqual(layer.value(forKeyPath: "position.y") as? CGFloat, 40.5)
        XCTAssertEqual(layer.value(forKeyPath: "bounds.size.height") as? CGFloat, 9)
        XCTAssertEqual(layer.value(forKeyPath: "bounds.origin.y") as? CGFloat, -8)
        XCTAssertEqual(layer.value(forKeyPath: "bounds.size") as? CGSize, CGSize(width: 7, height: 9))
        XCTAssertEqual(layer.value(forKeyPath: "shadowOffset.height") as? CGFloat, 12)
        XCTAssertEqual(layer.value(forKeyPath: "anchorPoint.x") as? CGFloat, 0.5)
    }

    func testTransformRotationKeyPath() {
        let layer = CALayer()
        layer.setValue(CGFloat.pi / 6, forKeyPath: "transform.rotation.z")
        let expected = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        XCTAssertEqual(layer.transform.m11, expected.m11, accuracy: 1e-12)
        XCTAssertEqual(layer.transform.m12, expected.m12, accuracy: 1e-12)
        XCTAssertEqual(layer.transform.m21, expected.m21, accuracy: 1e-12)
        XCTAssertEqual(layer.transform.m22, expected.m22, accuracy: 1e-12)
        let read = try? XCTUnwrap(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        XCTAssertEqual(read ?? .nan, .pi / 6, accuracy: 1e-12)
        let rotation = layer.value(forKeyPath: "transform.rotation") as? CGFloat
        XCTAssertEqual(rotation ?? .nan, .pi / 6, accuracy: 1e-12)
    }

    func testTransformScaleAndTranslationKeyPaths() {
        let layer = CALayer()
        layer.setValue(2, forKeyPath: "transform.scale")
        assertTransform(layer.transform, CATransform3DMakeScale(2, 2, 2))
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale") as? CGFloat ?? .nan, 2, accuracy: 1e-12)
        layer.setValue(15, forKeyPath: "transform.translation.x")
        layer.setValue(-4, forKeyPath: "transform.translation.y")
        XCTAssertEqual(layer.transform.m41, 15, accuracy: 1e-12)
        XCTAssertEqual(layer.transform.m42, -4, accuracy: 1e-12)
        XCTAssertEqual(layer.transform.m11, 2, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.translation.x") as? CGFloat ?? .nan, 15, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.translation") as? CGSize, CGSize(width: 15, height: -4))
        layer.setValue(3, forKeyPath: "transform.scale.y")
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale.y") as? CGFloat ?? .nan, 3, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale.x") as? CGFloat ?? .nan, 2, accuracy: 1e-12)
    }

    /// A point on the layer moves as the transform set through the key path says (001: "transform.rotation").
    func testRotationKeyPathTurnsTheLayerAboutItsAnchor() {
        let parent = makeLayer(size: CGSize(width: 200, height: 200), position: CGPoint(x: 100, y: 100))
        let layer = makeLayer(size: CGSize(width: 100, height: 20), position: CGPoint(x: 100, y: 100))
        parent.addSublayer(layer)
        layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        // The right-edge centre (100, 10) is 50 to the right of the anchor; a quarter turn puts it 50 below.
        assertPoint(parent.convert(CGPoint(x: 100, y: 10), from: layer), CGPoint(x: 100, y: 150), accuracy: 1e-9)
    }

    func testCustomKeysAreStoredAndReturned() {
        let layer = CALayer()
        final class Payload { let id = 7 }
        let payload = Payload()
        layer.setValue(42, forKey: "answer")
        layer.setValue("hello", forKey: "greeting")
        layer.setValue(payload, forKey: "payload")
        layer.setValue(CGPoint(x: 1, y: 2), forKey: "customPoint")
        XCTAssertEqual(layer.value(forKey: "answer") as? Int, 42)
        XCTAssertEqual(layer.value(forKey: "greeting") as? String, "hello")
        XCTAssertTrue(layer.value(forKey: "payload") as? Payload === payload)
        XCTAssertEqual(layer.value(forKeyPath: "customPoint.y") as? CGFloat, 2)
        layer.setValue(9, forKeyPath: "customPoint.x")
        XCTAssertEqual(layer.value(forKey: "customPoint") as? CGPoint, CGPoint(x: 9, y: 2))
        layer.setValue(nil, forKey: "answer")
        XCTAssertNil(layer.value(forKey: "answer"))
        // Custom keys are per layer.
        XCTAssertNil(CALayer().value(forKey: "greeting"))
    }

    func testUnknownKeyPathsAreNilOrThrow() {
        let layer = CALayer()
        XCTAssertNil(layer.value(forKeyPath: "position.z"))
        XCTAssertNil(layer.value(forKeyPath: "noSuchKey"))
        XCTAssertNil(layer.value(forKeyPath: "bounds.middle.x"))
        XCTAssertThrowsError(try layer.checkedValue(forKeyPath: "position.z")) { error in
            XCTAssertEqual(error as? CALayerKeyValueError, .unknownKeyPath("position.z"))
        }
        XCTAssertThrowsError(try layer.checkedValue(forKeyPath: "transform.shear")) { error in
            XCTAssertEqual(error as? CALayerKeyValueError, .unknownKeyPath("transform.shear"))
        }
        XCTAssertThrowsError(try layer.setCheckedValue(1, forKeyPath: "position.z")) { error in
            XCTAssertEqual(error as? CALayerKeyValueError, .unknownKeyPath("position.z"))
        }
        XCTAssertThrowsError(try layer.setCheckedValue(1, forKeyPath: "nothing.here")) { error in
            XCTAssertEqual(error as? CALayerKeyValueError, .unknownKeyPath("nothing.here"))
        }
        XCTAssertEqual(layer.position, .zero)
        // The unchecked setter ignores the bad key path.
        layer.setValue(5, forKeyPath: "position.z")
        XCTAssertEqual(layer.position, .zero)
    }

    func testIllTypedValuesThrowAndLeaveTheModelUnchanged() {
        let layer = CALayer()
        layer.position = CGPoint(x: 3, y: 4)
        layer.opacity = 0.5
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        for (value, keyPath) in [(red, "position"), ("wide", "bounds.size.width"), (CGSize(width: 1, height: 1), "opacity"),
                                 (CGPoint(x: 1, y: 1), "transform.rotation.z"), (12, "contentsGravity"),
                                 (CGPoint(x: 1, y: 1), "frame"), (-1, "maskedCorners"), (0.5, "edgeAntialiasingMask")] as [(Any, String)] {
            XCTAssertThrowsError(try layer.setCheckedValue(value, forKeyPath: keyPath), keyPath) { error in
                guard case .typeMismatch(let path, _)? = error as? CALayerKeyValueError else {
                    return XCTFail("\(keyPath): \(error)")
                }
                XCTAssertEqual(path, keyPath)
            }
        }
        XCTAssertThrowsError(try layer.setCheckedValue(nil, forKeyPath: "opacity"))
        XCTAssertEqual(layer.position, CGPoint(x: 3, y: 4))
        XCTAssertEqual(layer.opacity, 0.5)
        XCTAssertEqual(layer.contentsGravity, .resize)
        XCTAssertEqual(layer.maskedCorners.rawValue, 15)
        // Through the unchecked API the value is ignored the same way.
        layer.setValue(red, forKey: "position")
        XCTAssertEqual(layer.position, CGPoint(x: 3, y: 4))
    }

    func testNonFiniteValuesThroughKeyValueCodingThrow() {
        let layer = CALayer()
        XCTAssertThrowsError(try layer.setCheckedValue(Double.nan, forKeyPath: "position.x")) { error in
            XCTAssertEqual(error as? CALayerKeyValueError, .nonFinite(keyPath: "position.x"))
        }
        XCTAssertThrowsError(try layer.setCheckedValue(CGPoint(x: CGFloat.infinity, y: 0), forKeyPath: "position"))
        XCTAssertThrowsError(try layer.setCheckedValue(CGFloat.nan, forKeyPath: "transform.rotation.z"))
        XCTAssertThrowsError(try layer.setCheckedValue(CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1), forKeyPath: "frame"))
        XCTAssertEqual(layer.position, .zero)
        XCTAssertTrue(CATransform3DIsIdentity(layer.transform))
        XCTAssertEqual(layer.frame, .zero)
    }

    func testSubclassDefaultValuesApplyToNewInstances() {
        let layer = ClippingLayer()
        XCTAssertTrue(layer.masksToBounds)
        XCTAssertEqual(layer.cornerRadius, 12)
        XCTAssertEqual(layer.value(forKey: "masksToBounds") as? Bool, true)
        XCTAssertEqual(layer.value(forKey: "customDefault") as? String, "from the class")
        // Other defaults are unchanged, and plain layers keep Apple's.
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertEqual(layer.anchorPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertFalse(CALayer().masksToBounds)
        XCTAssertEqual(ClippingLayer.defaultValue(forKey: "masksToBounds") as? Bool, true)
        // A value of its own replaces the default.
        layer.setValue("mine", forKey: "customDefault")
        XCTAssertEqual(layer.value(forKey: "customDefault") as? String, "mine")
        layer.masksToBounds = false
        XCTAssertFalse(layer.masksToBounds)
    }

    func testStyleDictionarySuppliesValuesForCustomKeys() {
        let layer = CALayer()
        layer.style = ["theme": "dark"]
        XCTAssertEqual(layer.value(forKey: "theme") as? String, "dark")
        layer.setValue("light", forKey: "theme")
        XCTAssertEqual(layer.value(forKey: "theme") as? String, "light")
    }

    private func assertTransform(_ t: CATransform3D, _ u: CATransform3D, file: StaticString = #filePath, line: UInt = #line) {
        let a = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
        let b = [u.m11, u.m12, u.m13, u.m14, u.m21, u.m22, u.m23, u.m24, u.m31, u.m32, u.m33, u.m34, u.m41, u.m42, u.m43, u.m44]
        for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: 1e-12, file: file, line: line) }
    }
}

/// Key-value coding of the non-animatable properties and of `frame`'s fields.
final class KeyValueCodingObjectPropertyTests: XCTestCase {
    func testMaskSublayersAndNameThroughSetValue() {
        let layer = CALayer()
        let mask = CALayer()
        layer.setValue(mask, forKey: "mask")
        XCTAssertTrue(layer.mask === mask)
        XCTAssertTrue(layer.value(forKey: "mask") as? CALayer === mask)
        let (a, b) = (CALayer(), CALayer())
        layer.setValue([a, b], forKey: "sublayers")
        XCTAssertEqual(layer.sublayers?.count, 2)
        XCTAssertTrue(a.superlayer === layer)
        XCTAssertTrue(layer.sublayers?.last === b)
        XCTAssertTrue(b.value(forKey: "superlayer") as? CALayer === layer)
        layer.setValue("root", forKey: "name")
        XCTAssertEqual(layer.value(forKey: "name") as? String, "root")
        layer.setValue(nil, forKey: "mask")
        XCTAssertNil(layer.mask)
        XCTAssertNil(mask.value(forKey: "superlayer"))
    }

    func testIllTypedObjectPropertiesThrow() {
        let layer = CALayer()
        layer.name = "kept"
        XCTAssertThrowsError(try layer.setCheckedValue(5, forKeyPath: "name"))
        XCTAssertThrowsError(try layer.setCheckedValue("not a layer", forKeyPath: "mask"))
        XCTAssertThrowsError(try layer.setCheckedValue([1, 2], forKeyPath: "sublayers"))
        XCTAssertEqual(layer.name, "kept")
        XCTAssertNil(layer.mask)
        XCTAssertNil(layer.sublayers)
    }

    func testFrameFieldKeyPaths() {
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        XCTAssertEqual(layer.value(forKeyPath: "frame.origin.x") as? CGFloat, 10)
        XCTAssertEqual(layer.value(forKeyPath: "frame.size") as? CGSize, CGSize(width: 30, height: 40))
        layer.setValue(100, forKeyPath: "frame.size.width")
        XCTAssertEqual(layer.frame, CGRect(x: 10, y: 20, width: 100, height: 40))
        XCTAssertEqual(layer.position, CGPoint(x: 60, y: 40))
        XCTAssertNil(layer.value(forKeyPath: "frame.middle"))
        XCTAssertThrowsError(try layer.setCheckedValue(1, forKeyPath: "frame.middle")) { error in
            XCTAssertEqual(error as? CALayerKeyValueError, .unknownKeyPath("frame.middle"))
        }
        XCTAssertThrowsError(try layer.setCheckedValue(CGFloat.nan, forKeyPath: "frame.origin.y")) { error in
            XCTAssertEqual(error as? CALayerKeyValueError, .nonFinite(keyPath: "frame.origin.y"))
        }
        XCTAssertEqual(layer.frame, CGRect(x: 10, y: 20, width: 100, height: 40))
    }
}
