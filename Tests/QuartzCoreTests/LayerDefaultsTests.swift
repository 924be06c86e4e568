import XCTest
import QuartzCore

/// A new layer has Apple's default value for every property in the geometry,
/// style, contents and hierarchy sections of Apple's documentation.
final class LayerDefaultsTests: XCTestCase {
    func testGeometryDefaults() {
        let layer = CALayer()
        XCTAssertEqual(layer.bounds, .zero)
        XCTAssertEqual(layer.position, .zero)
        XCTAssertEqual(layer.frame, .zero)
        XCTAssertEqual(layer.zPosition, 0)
        XCTAssertEqual(layer.anchorPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(layer.anchorPointZ, 0)
        XCTAssertTrue(CATransform3DIsIdentity(layer.transform))
        XCTAssertTrue(CATransform3DIsIdentity(layer.sublayerTransform))
        XCTAssertTrue(layer.affineTransform().isIdentity)
        XCTAssertFalse(layer.isGeometryFlipped)
        XCTAssertTrue(layer.isDoubleSided)
        XCTAssertFalse(layer.isHidden)
        XCTAssertFalse(layer.masksToBounds)
    }

    func testStyleDefaults() {
        let layer = CALayer()
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertNil(layer.backgroundColor)
        XCTAssertEqual(layer.cornerRadius, 0)
        XCTAssertEqual(layer.maskedCorners, [.layerMinXMinYCorner, .layerMaxXMinYCorner,
                                             .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        XCTAssertEqual(layer.maskedCorners.rawValue, 0b1111)
        XCTAssertEqual(layer.cornerCurve, .circular)
        XCTAssertEqual(layer.borderWidth, 0)
        XCTAssertEqual(layer.borderColor, CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(layer.shadowColor, CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(layer.shadowOpacity, 0)
        XCTAssertEqual(layer.shadowOffset, CGSize(width: 0, height: -3))
        XCTAssertEqual(layer.shadowRadius, 3)
        XCTAssertNil(layer.shadowPath)
        XCTAssertFalse(layer.allowsEdgeAntialiasing)
        XCTAssertEqual(layer.edgeAntialiasingMask, [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        XCTAssertTrue(layer.allowsGroupOpacity)
        XCTAssertFalse(layer.shouldRasterize)
        XCTAssertEqual(layer.rasterizationScale, 1)
    }

    func testContentsDefaults() {
        let layer = CALayer()
        XCTAssertNil(layer.contents)
        XCTAssertEqual(layer.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(layer.contentsCenter, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(layer.contentsGravity, .resize)
        XCTAssertEqual(layer.contentsGravity.rawValue, "resize")
        XCTAssertEqual(layer.contentsScale, 1)
        XCTAssertEqual(layer.minificationFilter, .linear)
        XCTAssertEqual(layer.magnificationFilter, .linear)
        XCTAssertEqual(layer.minificationFilterBias, 0)
        XCTAssertFalse(layer.isOpaque)
        XCTAssertFalse(layer.needsDisplayOnBoundsChange)
        XCTAssertFalse(layer.drawsAsynchronously)
    }

    func testIdentityAndHierarchyDefaults() {
        let layer = CALayer()
        XCTAssertNil(layer.name)
        XCTAssertNil(layer.delegate)
        XCTAssertNil(layer.actions)
        XCTAssertNil(layer.style)
        XCTAssertNil(layer.superlayer)
        XCTAssertNil(layer.sublayers)
        XCTAssertNil(layer.mask)
        XCTAssertNil(layer.presentation(), "a layer never committed has no presentation layer")
        XCTAssertTrue(layer.model() === layer)
    }

    /// The class's `defaultValue(forKey:)` reports the same defaults as the properties.
    func testClassDefaultValuesMatchProperties() {
        XCTAssertEqual(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(CALayer.defaultValue(forKey: "shadowOffset") as? CGSize, CGSize(width: 0, height: -3))
        XCTAssertEqual(CALayer.defaultValue(forKey: "shadowRadius") as? CGFloat, 3)
        XCTAssertEqual(CALayer.defaultValue(forKey: "opacity") as? Float, 1)
        XCTAssertEqual(CALayer.defaultValue(forKey: "doubleSided") as? Bool, true)
        XCTAssertNil(CALayer.defaultValue(forKey: "backgroundColor"))
        XCTAssertNil(CALayer.defaultValue(forKey: "noSuchKey"))
        XCTAssertFalse(CALayer.needsDisplay(forKey: "bounds"))
    }

    /// `init(layer:)` copies property values but not the tree.
    func testInitLayerCopiesValuesNotTree() {
        let parent = CALayer()
        let layer = makeLayer("copied", size: CGSize(width: 30, height: 40), position: CGPoint(x: 5, y: 6))
        layer.opacity = 0.25
        layer.cornerRadius = 7
        layer.setValue(42, forKey: "answer")
        layer.addSublayer(CALayer())
        parent.addSublayer(layer)
        let copy = CALayer(layer: layer)
        XCTAssertEqual(copy.bounds, layer.bounds)
        XCTAssertEqual(copy.position, layer.position)
        XCTAssertEqual(copy.opacity, 0.25)
        XCTAssertEqual(copy.cornerRadius, 7)
        XCTAssertEqual(copy.name, "copied")
        XCTAssertEqual(copy.value(forKey: "answer") as? Int, 42)
        XCTAssertNil(copy.superlayer)
        XCTAssertNil(copy.sublayers)
    }
}
