import XCTest
import QuartzCore

/// Autoresizing masks, applied as soon as the superlayer's bounds size changes. The expected
/// frames follow Apple's measured rule (GNUstep libs-quartzcore
/// `Tests/quartzcore/CALayer/autoresizing.m`): the change is shared by which aspects are
/// flexible, not by their lengths; AutoresizingTests covers the measured cases one by one.
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

    func testFlexibleMarginsShareEqually() {
        // Margins 20 (left) and 80 (right) take half of a growth of 100 each, whatever their lengths.
        let (superlayer, sublayer) = makePair(size: CGSize(width: 200, height: 100),
                                              frame: CGRect(x: 20, y: 10, width: 100, height: 50),
                                              mask: [.layerMinXMargin, .layerMaxXMargin])
        grow(superlayer, width: 100)
        XCTAssertEqual(sublayer.frame.minX, 70, accuracy: 1e-9)
        XCTAssertEqual(sublayer.frame.width, 100, accuracy: 1e-9)
        XCTAssertEqual(300 - sublayer.frame.maxX, 130, accuracy: 1e-9)
    }

    /// With iOS-style geometry the bottom margin is the one on the larger-y side: layerMaxYMargin.
    func testHeightSizableAndFlexibleBottomMargin() {
        let (superlayer, sublayer) = makePair(size: CGSize(width: 100, height: 200),
                                              frame: CGRect(x: 0, y: 20, width: 50, height: 100),
                                              mask: [.layerHeightSizable, .layerMaxYMargin])
        grow(superlayer, height: 150)
        // The height takes a third of 150 and the bottom margin (80) the other two thirds.
        XCTAssertEqual(sublayer.frame.minY, 20, accuracy: 1e-9)
        XCTAssertEqual(sublayer.frame.height, 150, accuracy: 1e-9)
        XCTAssertEqual(350 - sublayer.frame.maxY, 180, accuracy: 1e-9)
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

    /// Shrinking past zero turns the frame over rather than clamping it, as Apple's does: a width
    /// of 100 from x = 50 shrunk by 150 becomes a frame from x = 0, 50 wide.
    func testShrinkingPastZeroTurnsTheFrameOver() {
        let (superlayer, sublayer) = makePair(size: CGSize(width: 200, height: 100),
                                              frame: CGRect(x: 50, y: 0, width: 100, height: 50), mask: .layerWidthSizable)
        grow(superlayer, width: -150)
        XCTAssertEqual(sublayer.frame, CGRect(x: 0, y: 0, width: 50, height: 50))
        XCTAssertEqual(sublayer.bounds.size, CGSize(width: 50, height: 50))
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
        // Old width 200: the width takes a third of 100 (33.3, the right edge rounded up to 144)
        // and the right margin the rest.
        sublayer.resize(withOldSuperlayerSize: CGSize(width: 200, height: 100))
        XCTAssertEqual(sublayer.frame.width, 134, accuracy: 1e-9)
        XCTAssertEqual(sublayer.frame.minX, 10)
    }

    /// Autoresizing happens when the bounds change, before any layout; the layout manager then
    /// lays out the constrained sublayers against the new bounds.
    func testAutoresizingHappensBeforeTheLayoutManagerRuns() {
        let (superlayer, sublayer) = makePair(size: CGSize(width: 200, height: 100),
                                              frame: CGRect(x: 0, y: 0, width: 100, height: 50), mask: .layerWidthSizable)
        let sibling = CALayer()
        sibling.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        sibling.addConstraint(CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0))
        sibling.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX))
        superlayer.addSublayer(sibling)
        superlayer.layoutManager = CAConstraintLayoutManager()
        superlayer.layoutIfNeeded()
        XCTAssertEqual(sibling.frame.width, 100, accuracy: 1e-9)
        superlayer.bounds = CGRect(x: 0, y: 0, width: 300, height: 100)
        XCTAssertEqual(sublayer.frame.width, 200, accuracy: 1e-9, "resized before any layout")
        XCTAssertEqual(sibling.frame.width, 100, accuracy: 1e-9, "constraints wait for the layout")
        superlayer.layoutIfNeeded()
        XCTAssertEqual(sibling.frame.width, 150, accuracy: 1e-9)
    }
}
