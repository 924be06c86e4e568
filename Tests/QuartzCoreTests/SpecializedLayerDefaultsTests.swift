import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// Apple's defaults of the specialized layer classes (FEATURES.md 176-182 and the book's
/// chapter 6), read through the properties and through key-value coding.
final class SpecializedLayerDefaultsTests: XCTestCase {
    private let opaqueBlack = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    private let opaqueWhite = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    func testShapeLayerDefaults() {
        let layer = CAShapeLayer()
        XCTAssertNil(layer.path)
        XCTAssertEqual(layer.fillColor, opaqueBlack)
        XCTAssertNil(layer.strokeColor)
        XCTAssertEqual(layer.fillRule, .nonZero)
        XCTAssertEqual(layer.lineWidth, 1)
        XCTAssertEqual(layer.miterLimit, 10)
        XCTAssertEqual(layer.strokeStart, 0)
        XCTAssertEqual(layer.strokeEnd, 1)
        XCTAssertEqual(layer.lineCap, .butt)
        XCTAssertEqual(layer.lineJoin, .miter)
        XCTAssertEqual(layer.lineDashPhase, 0)
        XCTAssertNil(layer.lineDashPattern)
        XCTAssertEqual(layer.value(forKey: "lineWidth") as? CGFloat, 1)
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "miterLimit") as? CGFloat, 10)
        XCTAssertEqual(layer.fillRule.rawValue, "non-zero")
    }

    func testGradientLayerDefaults() {
        let layer = CAGradientLayer()
        XCTAssertNil(layer.colors)
        XCTAssertNil(layer.locations)
        XCTAssertEqual(layer.startPoint, CGPoint(x: 0.5, y: 0))
        XCTAssertEqual(layer.endPoint, CGPoint(x: 0.5, y: 1))
        XCTAssertEqual(layer.type, .axial)
    }

    func testTextLayerDefaults() {
        let layer = CATextLayer()
        XCTAssertNil(layer.string)
        XCTAssertEqual(layer.fontSize, 36)
        XCTAssertEqual(layer.foregroundColor, opaqueWhite)
        XCTAssertFalse(layer.isWrapped)
        XCTAssertEqual(layer.truncationMode, .none)
        XCTAssertEqual(layer.alignmentMode, .natural)
        XCTAssertEqual(layer.font as? String, "Helvetica")
        // The book: contentsScale defaults to 1 for text layers too (001:2877).
        XCTAssertEqual(layer.contentsScale, 1)
        XCTAssertEqual(layer.value(forKey: "wrapped") as? Bool, false)
    }

    func testReplicatorLayerDefaults() {
        let layer = CAReplicatorLayer()
        XCTAssertEqual(layer.instanceCount, 1)
        XCTAssertEqual(layer.instanceDelay, 0)
        XCTAssertTrue(CATransform3DIsIdentity(layer.instanceTransform))
        XCTAssertEqual(layer.instanceColor, opaqueWhite)
        XCTAssertEqual([layer.instanceRedOffset, layer.instanceGreenOffset, layer.instanceBlueOffset,
                        layer.instanceAlphaOffset], [0, 0, 0, 0])
        XCTAssertFalse(layer.preservesDepth)
    }

    func testScrollAndTiledLayerDefaults() {
        XCTAssertEqual(CAScrollLayer().scrollMode, .both)
        let tiled = CATiledLayer()
        // The book: 256×256 is the default tile size (001:3660).
        XCTAssertEqual(tiled.tileSize, CGSize(width: 256, height: 256))
        XCTAssertEqual(tiled.levelsOfDetail, 1)
        XCTAssertEqual(tiled.levelsOfDetailBias, 0)
        XCTAssertEqual(CATiledLayer.fadeDuration(), 0.25)
    }

    func testEmitterLayerAndCellDefaults() {
        let layer = CAEmitterLayer()
        XCTAssertNil(layer.emitterCells)
        XCTAssertEqual([layer.birthRate, layer.lifetime, layer.velocity, layer.scale, layer.spin], [1, 1, 1, 1, 1])
        XCTAssertEqual(layer.emitterPosition, .zero)
        XCTAssertEqual(layer.emitterSize, .zero)
        XCTAssertEqual(layer.emitterShape, .point)
        XCTAssertEqual(layer.emitterMode, .volume)
        // The book: unordered is the default render mode (001:3822).
        XCTAssertEqual(layer.renderMode, .unordered)
        XCTAssertFalse(layer.preservesDepth)
        XCTAssertEqual(layer.seed, 0)

        let cell = CAEmitterCell()
        XCTAssertTrue(cell.isEnabled)
        XCTAssertEqual(cell.birthRate, 0)
        XCTAssertEqual(cell.lifetime, 0)
        XCTAssertEqual(cell.scale, 1)
        XCTAssertEqual(cell.color, opaqueWhite)
        XCTAssertEqual(cell.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(CAEmitterCell.defaultValue(forKey: "scale") as? Double, 1)
    }

    func testPlainLayerHasNoSpecializedKeys() {
        let layer = CALayer()
        XCTAssertNil(layer.state.specialized)
        XCTAssertNil(layer.value(forKey: "strokeEnd"), "a plain layer has no strokeEnd property")
    }

    func testSubclassDefaultValueOverridesApplyToSpecializedKeys() {
        final class ThickShape: CAShapeLayer {
            override class func defaultValue(forKey key: String) -> Any? {
                key == "lineWidth" ? CGFloat(4) : super.defaultValue(forKey: key)
            }
        }
        XCTAssertEqual(ThickShape().lineWidth, 4)
        XCTAssertEqual(ThickShape().miterLimit, 10)
    }

    func testKeyValueCodingRoundTripsSpecializedValues() throws {
        let shape = CAShapeLayer()
        shape.setValue(CGFloat(0.25), forKey: "strokeEnd")
        XCTAssertEqual(shape.strokeEnd, 0.25)
        shape.setValue("round", forKey: "lineCap")
        XCTAssertEqual(shape.lineCap, .round)
        shape.setValue(nil, forKey: "fillColor")
        XCTAssertNil(shape.fillColor)
        shape.lineDashPattern = [4, 2]
        XCTAssertEqual((shape.value(forKey: "lineDashPattern") as? [NSNumber])?.map(\.doubleValue), [4, 2])
        XCTAssertThrowsError(try shape.setCheckedValue(CGPoint.zero, forKeyPath: "strokeEnd"))

        let gradient = CAGradientLayer()
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        gradient.setValue([red, blue], forKey: "colors")
        XCTAssertEqual(gradient.colors as? [CGColor], [red, blue])
        XCTAssertEqual(gradient.value(forKeyPath: "startPoint.y") as? CGFloat, 0)

        let text = CATextLayer()
        text.setValue("Hello", forKey: "string")
        XCTAssertEqual(text.string as? String, "Hello")
        XCTAssertEqual(text.state.text.runs, [TextLayerRun(text: "Hello")])
        XCTAssertThrowsError(try text.setCheckedValue(42, forKeyPath: "string"))
        text.setValue(true, forKey: "isWrapped")
        XCTAssertTrue(text.isWrapped)

        let replicator = CAReplicatorLayer()
        replicator.setValue(5, forKey: "instanceCount")
        XCTAssertEqual(replicator.instanceCount, 5)
    }

    func testAttributedStringRunsKeepFontColourAndKerning() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let string = NSMutableAttributedString(string: "Hello World")
        string.addAttributes([NSAttributedString.Key("NSFont"): "DejaVu Sans",
                              NSAttributedString.Key("NSColor"): red,
                              NSAttributedString.Key("NSKern"): 2.0], range: NSRange(location: 6, length: 5))
        let text = CATextLayer()
        text.string = string
        XCTAssertEqual(text.state.text.runs, [
            TextLayerRun(text: "Hello "),
            TextLayerRun(text: "World", fontName: "DejaVu Sans", fontSize: nil, foregroundColor: red, kerning: 2),
        ])
    }

    func testBadValuesAreRejectedWithoutChangingTheLayer() {
        let tiled = CATiledLayer()
        tiled.tileSize = CGSize(width: 0, height: 10)
        tiled.levelsOfDetail = 0
        XCTAssertEqual(tiled.tileSize, CGSize(width: 256, height: 256))
        XCTAssertEqual(tiled.levelsOfDetail, 1)
        let shape = CAShapeLayer()
        shape.lineWidth = .nan
        shape.lineDashPattern = [-1, 2]
        XCTAssertEqual(shape.lineWidth, 1)
        XCTAssertNil(shape.lineDashPattern)
        let gradient = CAGradientLayer()
        gradient.colors = ["red"]
        XCTAssertNil(gradient.colors)
    }

    func testGradientStopsAreEvenlySpacedOrBlankOnMismatch() {
        let gradient = CAGradientLayer()
        let colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1),
                      CGColor(red: 0, green: 1, blue: 0, alpha: 1)]
        gradient.colors = colors
        XCTAssertEqual(gradient.state.gradient.stops.map(\.location), [0, 0.5, 1])
        gradient.locations = [0, 0.25, 0.5] // Listing 6.7
        XCTAssertEqual(gradient.state.gradient.stops.map(\.location), [0, 0.25, 0.5])
        gradient.locations = [0, 1]
        XCTAssertTrue(gradient.state.gradient.stops.isEmpty, "a count mismatch draws a blank gradient (001:3276)")
    }

    func testPresentationCopyKeepsClassAndSpecializedValues() throws {
        let text = CATextLayer()
        text.string = "Copy"
        text.fontSize = 12
        let copy = CATextLayer(layer: text)
        XCTAssertEqual(copy.string as? String, "Copy")
        XCTAssertEqual(copy.fontSize, 12)
        let emitter = CAEmitterLayer()
        emitter.emitterCells = [CAEmitterCell()]
        XCTAssertEqual(CAEmitterLayer(layer: emitter).emitterCells?.count, 1)
    }
}
