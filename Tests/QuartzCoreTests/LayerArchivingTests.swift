import Foundation
import QuartzCore
import XCTest

/// Archiving layer trees with `NSKeyedArchiver`: what `shouldArchiveValue(forKey:)` names comes
/// back, with the sublayers, mask and specialized properties; what was never given stays at the
/// class's default.
final class LayerArchivingTests: XCTestCase {
    private func roundTrip<T: CALayer>(_ layer: T) throws -> T {
        let data = try NSKeyedArchiver.archivedData(withRootObject: layer, requiringSecureCoding: true)
        return try XCTUnwrap(NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
    }

    private func image() throws -> CGImage {
        let context = try XCTUnwrap(CGContext(data: nil, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 16,
                                              space: CGColorSpaceCreateDeviceRGB(),
                                              bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        return try XCTUnwrap(context.makeImage())
    }

    func testAPlainLayerKeepsWhatItWasGiven() throws {
        let layer = CALayer()
        layer.name = "card"
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        layer.position = CGPoint(x: 5, y: 6)
        layer.backgroundColor = CGColor(srgbRed: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        layer.cornerRadius = 4
        layer.maskedCorners = [.layerMinXMinYCorner]
        layer.opacity = 0.5
        layer.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        layer.contentsGravity = .resizeAspect
        layer.contents = try image()
        layer.setValue("ship", forKey: "layerName")
        let back = try roundTrip(layer)
        XCTAssertEqual(back.name, "card")
        XCTAssertEqual(back.bounds, layer.bounds)
        XCTAssertEqual(back.position, layer.position)
        XCTAssertEqual(back.backgroundColor, layer.backgroundColor)
        XCTAssertEqual(back.cornerRadius, 4)
        XCTAssertEqual(back.maskedCorners, [.layerMinXMinYCorner])
        XCTAssertEqual(back.opacity, 0.5)
        XCTAssertEqual(back.transform, layer.transform)
        XCTAssertEqual(back.contentsGravity, .resizeAspect)
        let contents = try XCTUnwrap(back.contents as? CGImage)
        XCTAssertEqual([contents.width, contents.height], [4, 2])
        XCTAssertEqual(back.value(forKey: "layerName") as? String, "ship")
        XCTAssertEqual(back.anchorPoint, CGPoint(x: 0.5, y: 0.5), "never given: the default")
        XCTAssertEqual(back.shadowOffset, CGSize(width: 0, height: -3), "never given: the default")
    }

    func testATreeComesBackWithItsSublayersMaskAndSpecializedLayers() throws {
        let root = CALayer()
        let shape = CAShapeLayer()
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        shape.fillColor = nil
        shape.strokeColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        shape.lineWidth = 3
        let text = CATextLayer()
        text.string = "Hello"
        text.fontSize = 18
        let gradient = CAGradientLayer()
        gradient.colors = [CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)]
        gradient.locations = [0, 0.25]
        root.addSublayer(shape)
        root.addSublayer(text)
        root.addSublayer(gradient)
        root.mask = CALayer()
        root.mask?.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        let back = try roundTrip(root)
        let sublayers = try XCTUnwrap(back.sublayers)
        XCTAssertEqual(sublayers.count, 3)
        let shapeBack = try XCTUnwrap(sublayers[0] as? CAShapeLayer)
        XCTAssertEqual(shapeBack.path, shape.path)
        XCTAssertNil(shapeBack.fillColor)
        XCTAssertEqual(shapeBack.strokeColor, shape.strokeColor)
        XCTAssertEqual(shapeBack.lineWidth, 3)
        XCTAssertTrue(shapeBack.superlayer === back)
        let textBack = try XCTUnwrap(sublayers[1] as? CATextLayer)
        XCTAssertEqual(textBack.string as? String, "Hello")
        XCTAssertEqual(textBack.fontSize, 18)
        let gradientBack = try XCTUnwrap(sublayers[2] as? CAGradientLayer)
        XCTAssertEqual(gradientBack.colors?.count, 2)
        XCTAssertEqual(gradientBack.locations?.map(\.doubleValue), [0, 0.25])
        XCTAssertEqual(back.mask?.bounds, CGRect(x: 0, y: 0, width: 8, height: 8))
    }

    func testAFreshShapeLayerKeepsItsClassDefaults() throws {
        let back = try roundTrip(CAShapeLayer())
        XCTAssertNil(back.path)
        XCTAssertEqual(back.fillColor, CAShapeLayer().fillColor, "opaque black, Apple's default")
        XCTAssertEqual(back.lineWidth, 1)
    }

    func testAnAppleStyleSubclassUnarchivesThroughSuper() throws {
        let badge = BadgeLayer()
        badge.cornerRadius = 9
        let back = try roundTrip(badge)
        XCTAssertEqual(back.cornerRadius, 9)
    }
}

/// A subclass written as Apple code writes one, with `super.init(coder:)` (at file scope: the
/// archiver names classes by their top-level name).
final class BadgeLayer: CALayer {
    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}
