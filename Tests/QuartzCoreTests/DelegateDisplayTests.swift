import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// `CALayerDelegate`'s `display(_:)` is used when the delegate implements it, with no opt-in,
/// and `layerWillDraw(_:)` comes before drawing into the backing store (CALayer.h).
final class DelegateDisplayTests: XCTestCase {
    /// Implements `display(_:)` only.
    final class ContentsDelegate: CALayerDelegate {
        var displays = 0
        func display(_ layer: CALayer) {
            displays += 1
            layer.contentsGravity = .center
        }
    }

    /// Implements `layerWillDraw(_:)` and `draw(_:in:)`; records their order.
    final class DrawingDelegate: CALayerDelegate {
        var calls: [String] = []
        func layerWillDraw(_ layer: CALayer) {
            calls.append("willDraw")
            layer.isOpaque = true
        }
        func draw(_ layer: CALayer, in ctx: CGContext) {
            calls.append("draw")
            ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        }
    }

    func testDelegateThatImplementsDisplayIsAskedInsteadOfDrawing() {
        let delegate = ContentsDelegate()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.delegate = delegate
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertEqual(delegate.displays, 1)
        XCTAssertEqual(layer.contentsGravity, .center)
        XCTAssertNil(layer.contents, "no backing store is drawn when the delegate displays")
        XCTAssertFalse(layer.needsDisplay())
    }

    func testLayerWillDrawComesBeforeDrawInIntoTheBackingStore() throws {
        let delegate = DrawingDelegate()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.delegate = delegate
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertEqual(delegate.calls, ["willDraw", "draw"])
        XCTAssertTrue(layer.isOpaque, "the delegate's change in layerWillDraw(_:) is kept")
        let image = try contentsImage(layer)
        assertRGBA(image, 1, 3, [0, 255, 0, 255])
        // An opaque backing store starts black (CALayer.h: opaque layers' drawing is not cleared to transparent).
        assertRGBA(image, 3, 3, [0, 0, 0, 255])
    }

    func testDelegateWithNeitherMethodLeavesTheLayerDrawing() throws {
        final class Silent: CALayerDelegate {}
        final class Filling: CALayer {
            override func draw(in ctx: CGContext) {
                ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                ctx.fill(bounds)
            }
        }
        let silent = Silent()
        let layer = Filling()
        layer.bounds = CGRect(x: 0, y: 0, width: 2, height: 2)
        layer.delegate = silent
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        assertRGBA(try contentsImage(layer), 0, 0, [255, 0, 0, 255])
    }
}
