import XCTest
import QuartzCore

/// Autoresizing masks, applied by the superlayer's layout when its bounds size changed.
final class LayoutAutoresizingTests: XCTestCase {
    /// A superlayer of `size` holding one sublayer at `frame` with `mask`, laid out once.
    private func makePair(size: CGSize, frame: CGRect, mask: CAAutoresizingMask) -> (CALayer, CALayer) {
        let superlayer = CALayer()
        superlayer.bounds = CGRect(origin: .zero, size: size)
        let sublayer = CALayer()
        sublayer.frame = frame
        superlayer.addSublayer(sublayer)
        sublayer.autoresizingMask = mask
        superlayer.layoutIfNeeded()
        return (superlayer, sublayer)
    }

    private func grow(_ layer: CALayer, width: CGFloat = 0, height: CGFloat = 0) {
        let size = layer.bounds.size
        layer.bounds = CGRect(x: 0, y: 0, width: size.width + width, height: size.height + height)
        XCTAssertTrue(layer.needsLayout())
        layer.layoutIfNeeded()
    }

    func testWidthSizableAbsorbsTheWholeChange() {
        let (superlayer, sublayer) = makePair(size: CGSize(width: 200, height: 100),
                                              frame: CGRect(x: 20, y: 10, width: 100, height: 50), mask: .layerWidthSizable)
        grow(superlayer, width: 100)
        XCTAssertEqual(sublayer.frame, CGRect(x: 20, y: 10, width: 200, height: 50))
    }

    func testFlexibleMarginsShareProportionally() {
        // Margins 20 (left) and 80 (right) share a growth of 100 as 20 : 80.
        let (superlayer, sublayer) = makePair(size: CGSize(width: 200, height: 100),
                                              frame: CGRect(x: 20, y: 10, width: 100, height: 50),
                                              mask: [.layerMinXMargin, .layerMaxXMargin])
        grow(superlayer, width: 100)
        let left: CGFloat = 20 + 100 * 20 / (20 + 80)
        XCTAssertEqual(sublayer.frame.minX, left, accuracy: 1e-9)
        XCTAssertEqual(sublayer.frame.width, 100, accuracy: 1e-9)
        XCTAssertEqual(300 - sublayer.frame.maxX, 80 + 100 * 80 / (20 + 80), accuracy: 1e-9)
    }

    /// With iOS-style geometry the bottom margin is the one on the larger-y side: layerMaxYMargin.
    func testHeightSizableAndFlexibleBottomMargin() {
        let (superlayer, sublayer) = makePair(size: CGSize(width: 100, height: 200),
                                              frame: CGRect(x: 0, y: 20, width: 50, height: 100),
                                              mask: [.layerHeightSizable, .layerMaxYMargin])
        grow(superlayer, height: 100)
        let bottomMargin: CGFloat = 200 - 120
        XCTAssertEqual(sublayer.frame.minY, 20, accuracy: 1e-9)
        XCTAssertEqual(sublayer.frame.height, 100 + 100 * 100 / (100 + bottomMargin), accuracy: 1e-9)
        XCTAssertEqual(300 - sublayer.frame.maxY, bottomMargin + 100 * bottomMargin / (100 + bottomMargin), accuracy: 1e-9)
        XCTAssertEqual(sublayer.frame.width, 50)
    }

    func testFixedLayerAndEmptyMaskStayPut() {
        let (superlayer, sublayer) = makePair(size: CGSize(width: 200, height: 100),
                                              frame: CGRect(x: 20, y: 10, width: 100, height: 50), mask: [])
        let pinnedRight = CALayer()
        pinnedRight.frame = CGRect(x: 150, y: 0, width: 50, height: 50)
        superlayer.addSublayer(pinnedRight)
        pinnedRight.autoresizingMask = .layerMinXMargin
        superlayer.layoutIfNeeded()
        grow(superlayer, width: 60, height: 40)
        XCTAssertEqual(sublayer.frame, CGRect(x: 20, y: 10, width: 100, height: 50))
        XCTAssertEqual(pinnedRight.frame, CGRect(x: 210, y: 0, width: 50, height: 50))
    }

    func testShrinkingNeverMakesANegativeSize() {
        let (superlayer, sublayer) = makePair(size: CGSize(width: 200, height: 100),
                                              frame: CGRect(x: 50, y: 0, width: 100, height: 50), mask: .layerWidthSizable)
        grow(superlayer, width: -150)
        XCTAssertEqual(sublayer.frame.width, 0)
        XCTAssertEqual(sublayer.frame.minX, 50)
    }

    func testResizeWithOldSuperlayerSizeDirectly() {
        let superlayer = CALayer()
        superlayer.bounds = CGRect(x: 0, y: 0, width: 300, height: 100)
        let sublayer = CALayer()
        sublayer.frame = CGRect(x: 10, y: 10, width: 100, height: 20)
        sublayer.autoresizingMask = [.layerWidthSizable, .layerMaxXMargin]
        XCTAssertEqual(sublayer.autoresizingMask, [.layerWidthSizable, .layerMaxXMargin])
        sublayer.resize(withOldSuperlayerSize: CGSize(width: 200, height: 100))
        XCTAssertEqual(sublayer.frame.width, 100, "a layer without superlayer is not resized")
        superlayer.addSublayer(sublayer)
        // Old width 200: size 100 and right margin 90 share 100 as 100 : 90.
        sublayer.resize(withOldSuperlayerSize: CGSize(width: 200, height: 100))
        XCTAssertEqual(sublayer.frame.width, 100 + 100 * 100 / 190, accuracy: 1e-9)
        XCTAssertEqual(sublayer.frame.minX, 10)
    }

    /// Autoresizing runs before the layout manager, so constraints have the last word.
    func testAutoresizingRunsBeforeTheLayoutManager() {
        let (superlayer, sublayer) = makePair(size: CGSize(width: 200, height: 100),
                                              frame: CGRect(x: 0, y: 0, width: 100, height: 50), mask: .layerWidthSizable)
        let sibling = CALayer()
        sibling.name = "sibling"
        sublayer.name = "resized"
        sibling.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        sibling.addConstraint(CAConstraint(attribute: .width, relativeTo: "resized", attribute: .width))
        sibling.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX))
        superlayer.addSublayer(sibling)
        superlayer.layoutManager = CAConstraintLayoutManager()
        superlayer.layoutIfNeeded()
        XCTAssertEqual(sibling.frame.width, 100, accuracy: 1e-9)
        grow(superlayer, width: 100)
        XCTAssertEqual(sublayer.frame.width, 200, accuracy: 1e-9)
        XCTAssertEqual(sibling.frame.width, 200, accuracy: 1e-9)
    }
}
