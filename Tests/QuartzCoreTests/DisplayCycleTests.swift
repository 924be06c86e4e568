@testable import QuartzCore
@testable import QuartzCoreModel
import XCTest

/// setNeedsDisplay / displayIfNeeded / display / draw(in:), the delegate's part, and the
/// properties that shape the backing store.
final class DisplayCycleTests: XCTestCase {
    func testDrawRunsOncePerRequestAndNeverWhenClean() throws {
        let layer = committedLayer(CountingLayer(), size: CGSize(width: 20, height: 20))
        XCTAssertEqual(layer.drawCount, 0, "a new layer is not drawn until asked")
        XCTAssertNil(layer.contents)

        layer.setNeedsDisplay()
        XCTAssertTrue(layer.needsDisplay())
        CATransaction.flush()
        XCTAssertEqual(layer.drawCount, 1)
        XCTAssertFalse(layer.needsDisplay())
        let image = try contentsImage(layer)
        XCTAssertEqual([image.width, image.height], [20, 20])

        CATransaction.flush()
        layer.displayIfNeeded()
        XCTAssertEqual(layer.drawCount, 1, "clean layers are not redrawn")

        layer.setNeedsDisplay()
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 5, height: 5))
        layer.displayIfNeeded()
        XCTAssertEqual(layer.drawCount, 2, "requests before one display draw once")
        CATransaction.flush()
        XCTAssertEqual(layer.drawCount, 2)

        layer.display()
        XCTAssertEqual(layer.drawCount, 3, "display() always draws")
    }

    func testContextIsTopLeftInLayerCoordinatesAtContentsScale() throws {
        let layer = CountingLayer()
        layer.contentsScale = 2
        layer.bounds = CGRect(x: 10, y: 10, width: 20, height: 10)
        layer.colors = [CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        layer.display()
        // Layer point (x, y) lands on pixel ((x - 10) * 2, (y - 10) * 2): a top-left origin.
        XCTAssertEqual(layer.ctms.first, CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: -20, ty: 40))
        XCTAssertEqual(layer.clipBoxes.first, layer.bounds)
        let image = try contentsImage(layer)
        XCTAssertEqual([image.width, image.height], [40, 20])
        assertRGBA(image, 0, 0, [0, 0, 255, 255])
        assertRGBA(image, 39, 19, [0, 0, 255, 255])
    }

    func testDirtyRectRedrawsOnlyThatRectAndTellsTheTextureCache() throws {
        let layer = CountingLayer()
        layer.contentsScale = 2
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let first = try contentsImage(layer)
        XCTAssertNil(first.incrementalUpdate)

        layer.setNeedsDisplay(CGRect(x: 10, y: 10, width: 10, height: 10))
        layer.displayIfNeeded()
        XCTAssertEqual(layer.drawCount, 2)
        XCTAssertEqual(layer.clipBoxes.last, CGRect(x: 10, y: 10, width: 10, height: 10), "draw(in:) is clipped to the dirty rect")
        let second = try contentsImage(layer)
        XCTAssertFalse(second === first, "a redraw makes a new image")
        assertRGBA(second, 30, 30, [0, 0, 255, 255])    // inside: pixels 20..<40
        assertRGBA(second, 20, 20, [0, 0, 255, 255])
        assertRGBA(second, 19, 30, [255, 0, 0, 255])    // outside: the old pixels
        assertRGBA(second, 40, 30, [255, 0, 0, 255])
        assertRGBA(second, 70, 70, [255, 0, 0, 255])
        let update = try XCTUnwrap(second.incrementalUpdate)
        XCTAssertEqual(update.changedRect, CGRect(x: 20, y: 20, width: 20, height: 20))
        XCTAssertTrue(update.baseImage === first)

        // A fractional rect is widened to whole pixels; one outside the bounds draws nothing.
        layer.setNeedsDisplay(CGRect(x: 0.2, y: 0, width: 1, height: 1))
        layer.displayIfNeeded()
        XCTAssertEqual(try contentsImage(layer).incrementalUpdate?.changedRect, CGRect(x: 0, y: 0, width: 3, height: 2))
        layer.setNeedsDisplay(CGRect(x: 100, y: 100, width: 5, height: 5))
        layer.displayIfNeeded()
        XCTAssertEqual(layer.drawCount, 3)
    }

    func testContentsSetByHandForceAFullRedraw() throws {
        let layer = CountingLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.display()
        layer.contents = try contentsImage(layer).cropping(to: CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 2, height: 2))
        layer.displayIfNeeded()
        XCTAssertNil(try contentsImage(layer).incrementalUpdate, "the store was replaced, so all of it is redrawn")
        XCTAssertEqual(layer.clipBoxes.last, layer.bounds)
    }

    func testNeedsDisplayOnBoundsChangeRedrawsAtTheNewSize() throws {
        let layer = committedLayer(CountingLayer(), size: CGSize(width: 10, height: 10))
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 10)
        XCTAssertFalse(layer.needsDisplay(), "off by default")
        layer.needsDisplayOnBoundsChange = true
        layer.bounds = CGRect(x: 0, y: 0, width: 12, height: 6)
        XCTAssertTrue(layer.needsDisplay())
        CATransaction.flush()
        XCTAssertEqual(try contentsImage(layer).width, 12)
        XCTAssertEqual(try contentsImage(layer).height, 6)
    }

    func testDelegateDrawsOrDisplays() throws {
        final class Painter: CALayerDelegate {
            var drawn = 0
            func draw(_ layer: CALayer, in ctx: CGContext) {
                drawn += 1
                ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
                ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 10))
            }
        }
        final class Displayer: CALayerDelegate {
            let image: CGImage
            init(image: CGImage) { self.image = image }
            func display(_ layer: CALayer) { layer.contents = image }
            func draw(_ layer: CALayer, in ctx: CGContext) { XCTFail("draw(_:in:) is not called when display(_:) is") }
        }
        let painter = Painter()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.delegate = painter
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertEqual(painter.drawn, 1)
        let image = try contentsImage(layer)
        assertRGBA(image, 2, 5, [0, 255, 0, 255])
        assertRGBA(image, 7, 5, [0, 0, 0, 0])

        let displayer = Displayer(image: image)
        layer.delegate = displayer
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertTrue(layer.contents as? CGImage === image)
        XCTAssertFalse(layer.needsDisplay())
    }

    func testOpaqueLayersStartBlackAndGrayFormatDropsColour() throws {
        final class Empty: CALayer {}
        let opaque = Empty()
        opaque.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        opaque.isOpaque = true
        opaque.display()
        assertRGBA(try contentsImage(opaque), 1, 1, [0, 0, 0, 255])

        let gray = CountingLayer()
        gray.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        gray.contentsFormat = .gray8Uint
        gray.display()
        // Rec. 709 luma of pure red: 0.2126 x 255 = 54.2.
        assertRGBA(try contentsImage(gray), 1, 1, [54, 54, 54, 255])
    }

    func testAsynchronousDrawingGivesTheSamePixels() throws {
        func render(async: Bool) throws -> CGImage {
            let layer = CountingLayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 32, height: 16)
            layer.drawsAsynchronously = async
            layer.colors = [CGColor(red: 0.25, green: 0.5, blue: 1, alpha: 0.5)]
            layer.display()
            return try contentsImage(layer)
        }
        let sync = try render(async: false), async = try render(async: true)
        XCTAssertEqual(sync.data, async.data)
        assertRGBA(async, 31, 15, [32, 64, 128, 128])
    }

    func testContentsAreFlippedCountsFlippedAncestors() {
        let root = CALayer(), middle = CALayer(), leaf = CALayer()
        root.addSublayer(middle)
        middle.addSublayer(leaf)
        XCTAssertFalse(leaf.contentsAreFlipped())
        middle.isGeometryFlipped = true
        XCTAssertTrue(leaf.contentsAreFlipped())
        XCTAssertTrue(middle.contentsAreFlipped(), "its own flipped geometry counts")
        XCTAssertFalse(root.contentsAreFlipped())
        root.isGeometryFlipped = true
        XCTAssertFalse(leaf.contentsAreFlipped())
        XCTAssertFalse(middle.contentsAreFlipped())
    }
}
