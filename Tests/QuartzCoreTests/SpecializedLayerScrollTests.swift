import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// CAScrollLayer's scrolling and CALayer's scrolling helpers (001:3447-3545).
final class SpecializedLayerScrollTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        super.tearDown()
    }

    /// A 100×100 scroll layer holding a 300×300 content layer at its origin.
    private func scrollTree() -> (scroll: CAScrollLayer, content: CALayer) {
        let scroll = CAScrollLayer()
        scroll.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        scroll.position = CGPoint(x: 50, y: 50)
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        scroll.addSublayer(content)
        return (scroll, content)
    }

    func testScrollToPointChangesOnlyTheBoundsOriginOnAllowedAxes() {
        let (scroll, _) = scrollTree()
        scroll.scroll(to: CGPoint(x: 30, y: 40))
        XCTAssertEqual(scroll.bounds, CGRect(x: 30, y: 40, width: 100, height: 100))
        scroll.scrollMode = .horizontally
        scroll.scroll(to: CGPoint(x: 5, y: 90))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 5, y: 40))
        scroll.scrollMode = .vertically
        scroll.scroll(to: CGPoint(x: 70, y: 90))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 5, y: 90))
        scroll.scrollMode = .none
        scroll.scroll(to: CGPoint(x: 0, y: 0))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 5, y: 90))
        XCTAssertEqual(scroll.position, CGPoint(x: 50, y: 50), "scrolling never moves the layer")
    }

    func testScrollToRectMovesTheLeastDistance() {
        let (scroll, _) = scrollTree()
        scroll.scroll(to: CGRect(x: 150, y: 20, width: 30, height: 30))
        // Right edge 180 must be visible: origin x 80; y already visible.
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 80, y: 0))
        scroll.scroll(to: CGRect(x: 10, y: 10, width: 10, height: 10))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 10, y: 0))
        // A rectangle larger than the bounds shows its minimum edge.
        scroll.scroll(to: CGRect(x: 40, y: 60, width: 200, height: 10))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 40, y: 0))
    }

    func testSublayerScrollPointMovesTheEnclosingScrollLayer() {
        let (scroll, content) = scrollTree()
        let item = CALayer()
        item.frame = CGRect(x: 50, y: 60, width: 40, height: 40)
        content.addSublayer(item)
        item.scroll(CGPoint(x: 10, y: 20))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 60, y: 80))
    }

    func testScrollRectToVisibleAndVisibleRect() {
        let (scroll, content) = scrollTree()
        content.scrollRectToVisible(CGRect(x: 200, y: 250, width: 50, height: 50))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 150, y: 200))
        XCTAssertEqual(content.visibleRect, CGRect(x: 150, y: 200, width: 100, height: 100))

        let item = CALayer()
        item.frame = CGRect(x: 220, y: 180, width: 50, height: 50)
        content.addSublayer(item)
        // The window is content (150,200)-(250,300); the item covers (220,180)-(270,230).
        XCTAssertEqual(item.visibleRect, CGRect(x: 0, y: 20, width: 30, height: 30))
        scroll.scroll(to: CGPoint.zero)
        XCTAssertEqual(item.visibleRect, .null, "scrolled out of view")
    }

    func testLayersOutsideAScrollLayerSeeTheirWholeBounds() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 30)
        XCTAssertEqual(layer.visibleRect, layer.bounds)
        layer.scroll(CGPoint(x: 5, y: 5))
        XCTAssertEqual(layer.bounds.origin, .zero)
    }
}
