import QuartzCore
import XCTest

/// What `CALayer.render(in:)` draws into a bare 100 x 100 bitmap context, as Apple's
/// QuartzCore measurably draws it (GNUstep libs-quartzcore `Tests/quartzcore/CALayer/render.m`,
/// which its CI runs against Apple's): the layer in its own coordinate space (its frame,
/// position and transform play no part, its bounds origin does), sublayers placed by their own
/// geometry, hidden and transparent layers left out, and only contents already displayed.
/// Probes are about which pixels are painted at all (`PaintedPixels`).
final class RenderInContextAppleTests: XCTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    private func drawn(_ layer: CALayer) throws -> PaintedPixels {
        try PaintedPixels(side: 100) { layer.render(in: $0) }
    }

    private func layer(frame: CGRect, color: CGColor? = nil) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }

    func testTheLayerLandsAtTheContextsOriginWhereverItsFrameIs() throws {
        XCTAssertTrue(try drawn(layer(frame: CGRect(x: 10, y: 20, width: 30, height: 40), color: red)).areExactly(0, 0, 30, 40))
    }

    func testItsBoundsOriginMovesItsDrawingAndItsPositionDoesNot() throws {
        let moved = CALayer()
        moved.bounds = CGRect(x: 10, y: 10, width: 20, height: 20)
        moved.position = CGPoint(x: 50, y: 50)
        moved.backgroundColor = red
        XCTAssertTrue(try drawn(moved).areExactly(10, 10, 30, 30))
    }

    func testATransformOnTheLayerAskedPlaysNoPart() throws {
        let turned = layer(frame: CGRect(x: 10, y: 10, width: 20, height: 20), color: red)
        turned.transform = CATransform3DMakeTranslation(30, 0, 0)
        XCTAssertTrue(try drawn(turned).areExactly(0, 0, 20, 20))
    }

    func testNothingIsPaintedWithoutColourOrWhenHiddenOrTransparent() throws {
        let frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        XCTAssertEqual(try drawn(layer(frame: frame)).count, 0, "no colour and no contents")
        let hidden = layer(frame: frame, color: red)
        hidden.isHidden = true
        XCTAssertEqual(try drawn(hidden).count, 0, "hidden")
        let clear = layer(frame: frame, color: red)
        clear.opacity = 0
        XCTAssertEqual(try drawn(clear).count, 0, "zero opacity")
        let half = layer(frame: frame, color: red)
        half.opacity = 0.5
        let pixels = try drawn(half)
        XCTAssertEqual(pixels.count, 30 * 40, "half opacity paints the same area")
        XCTAssertFalse(pixels.bytes.contains(255), "but no part of it at full strength")
    }

    func testSublayersArePlacedByTheirOwnFrames() throws {
        let parent = layer(frame: CGRect(x: 10, y: 10, width: 40, height: 40), color: red)
        parent.addSublayer(layer(frame: CGRect(x: 5, y: 5, width: 10, height: 10), color: blue))
        XCTAssertTrue(try drawn(parent).areExactly(0, 0, 40, 40), "a sublayer inside adds nothing to what is painted")
        let outer = layer(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        outer.addSublayer(layer(frame: CGRect(x: 10, y: 10, width: 20, height: 20), color: red))
        XCTAssertTrue(try drawn(outer).areExactly(10, 10, 30, 30), "a sublayer outside is still drawn")
        outer.masksToBounds = true
        XCTAssertTrue(try drawn(outer).areExactly(10, 10, 20, 20), "unless the superlayer masks to its bounds")
        let host = layer(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let hiddenChild = layer(frame: CGRect(x: 10, y: 10, width: 20, height: 20), color: red)
        hiddenChild.isHidden = true
        host.addSublayer(hiddenChild)
        XCTAssertEqual(try drawn(host).count, 0, "a hidden sublayer is left out")
    }

    func testTheSublayerAddedLaterIsOnTop() throws {
        let both = layer(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        both.addSublayer(layer(frame: CGRect(x: 10, y: 10, width: 20, height: 20), color: red))
        both.addSublayer(layer(frame: CGRect(x: 10, y: 10, width: 20, height: 20), color: blue))
        let alone = layer(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        alone.addSublayer(layer(frame: CGRect(x: 10, y: 10, width: 20, height: 20), color: blue))
        XCTAssertEqual(try drawn(both).pixel(15, 15), try drawn(alone).pixel(15, 15))
    }

    func testOnlyABoundsOriginBelowTheLayerAskedMovesSublayers() throws {
        let parent = layer(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        parent.bounds = CGRect(x: 10, y: 10, width: 60, height: 60)
        parent.addSublayer(layer(frame: CGRect(x: 10, y: 10, width: 20, height: 20), color: red))
        XCTAssertTrue(try drawn(parent).areExactly(10, 10, 30, 30), "the asked layer's bounds origin moves nothing")
        let root = layer(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let middle = layer(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        middle.bounds = CGRect(x: 10, y: 10, width: 60, height: 60)
        middle.addSublayer(layer(frame: CGRect(x: 10, y: 10, width: 20, height: 20), color: red))
        root.addSublayer(middle)
        XCTAssertTrue(try drawn(root).areExactly(0, 0, 20, 20), "one further down does")
    }

    func testSublayerGeometryPlacesSublayers() throws {
        let host = layer(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let moved = layer(frame: CGRect(x: 10, y: 10, width: 20, height: 20), color: red)
        moved.transform = CATransform3DMakeTranslation(30, 0, 0)
        host.addSublayer(moved)
        XCTAssertTrue(try drawn(host).areExactly(40, 10, 60, 30), "a transform on a sublayer moves it")

        /// A 100 x 100 host holding a red 20 x 20 square positioned at (50, 50) by `anchorPoint`.
        func hostOfSquare(anchoredAt anchorPoint: CGPoint) -> CALayer {
            let host = layer(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let square = CALayer()
            square.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            square.position = CGPoint(x: 50, y: 50)
            square.anchorPoint = anchorPoint
            square.backgroundColor = red
            host.addSublayer(square)
            return host
        }
        XCTAssertTrue(try drawn(hostOfSquare(anchoredAt: .zero)).areExactly(50, 50, 70, 70), "anchored at its corner")
        XCTAssertTrue(try drawn(hostOfSquare(anchoredAt: CGPoint(x: 0.5, y: 0.5))).areExactly(40, 40, 60, 60), "anchored at its centre")

        let shifted = layer(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        shifted.addSublayer(layer(frame: CGRect(x: 10, y: 10, width: 20, height: 20), color: red))
        shifted.sublayerTransform = CATransform3DMakeTranslation(30, 0, 0)
        XCTAssertTrue(try drawn(shifted).areExactly(40, 10, 60, 30), "a sublayer transform moves the sublayers")
    }

    /// Fills the 10 x 10 square at the origin of the layer's drawing space in green.
    private final class Painter: CALayerDelegate {
        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
    }

    func testOnlyWhatTheDelegateDrewWhenDisplayedAppears() throws {
        let painter = Painter()
        let drawnLayer = layer(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        drawnLayer.delegate = painter
        XCTAssertEqual(try drawn(drawnLayer).count, 0, "rendering does not ask the delegate to draw")
        drawnLayer.display()
        XCTAssertTrue(try drawn(drawnLayer).areExactly(0, 0, 10, 10), "once displayed, what it drew appears")
    }

    func testAContentsGravityItDoesNotKnowBecomesCenter() {
        let layer = CALayer()
        XCTAssertEqual(layer.contentsGravity, .resize)
        layer.contentsGravity = .topLeft
        XCTAssertEqual(layer.contentsGravity, .topLeft)
        layer.contentsGravity = CALayerContentsGravity(rawValue: "not a gravity")
        XCTAssertEqual(layer.contentsGravity, .center, "center, not the default")
    }
}
