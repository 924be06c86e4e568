import KioskMenu
import QuartzCore
import XCTest

/// The Kiosk Menu of the guide (003, Listings 4-7).
final class KioskMenuTests: XCTestCase {
    /// In 1024 x 768 the listing's offset is 768/2 - (5·50 + 4·20)/2 = 219; item i's top is
    /// i·50 + 20 + 219, centred horizontally (the layout test of the constraint manager agrees).
    func testItemsFollowTheListingsConstraints() {
        let menu = KioskMenu(size: CGSize(width: 1024, height: 768))
        XCTAssertEqual(menu.itemLayers.count, 5)
        for (i, item) in menu.itemLayers.enumerated() {
            XCTAssertEqual(item.frame.minY, 239 + 50 * CGFloat(i), accuracy: 1e-9)
            XCTAssertEqual(item.frame.midX, 512, accuracy: 1e-9)
            XCTAssertEqual(item.frame.size, CGSize(width: 400, height: 50))
        }
    }

    func testSelectionIsClampedAndFollowsTheItem() {
        let menu = KioskMenu(size: CGSize(width: 1280, height: 720))
        XCTAssertEqual(menu.selectionLayer.position, menu.itemLayers[0].position)
        menu.moveUp()
        XCTAssertEqual(menu.selectedIndex, 0, "the listing clamps below 0")
        XCTAssertTrue(menu.handleKey(108))
        XCTAssertTrue(menu.handleKey(108))
        XCTAssertEqual(menu.selectedIndex, 2)
        XCTAssertEqual(menu.selectionLayer.position, menu.itemLayers[2].position)
        menu.changeSelectedIndex(9)
        XCTAssertEqual(menu.selectedIndex, 4, "and above the last item")
        XCTAssertFalse(menu.handleKey(30))
    }

    /// Once the tree is live, moving the selection animates it implicitly (0.25 s by default).
    func testSelectionMovesWithAnImplicitAnimation() {
        let menu = KioskMenu(size: CGSize(width: 1280, height: 720))
        CATransaction.flush()
        menu.moveDown()
        let animation = menu.selectionLayer.animation(forKey: "position") as? CABasicAnimation
        XCTAssertNotNil(animation)
        XCTAssertEqual(animation?.duration ?? 0, 0.25, accuracy: 1e-9)
        CATransaction.flush()
    }

    func testHitTestFindsTheItemUnderAPoint() {
        let menu = KioskMenu(size: CGSize(width: 1280, height: 720))
        let item = menu.itemLayers[3]
        let hit = menu.rootLayer.hitTest(CGPoint(x: item.frame.midX + 150, y: item.frame.midY))
        XCTAssertEqual(menu.itemIndex(containing: hit), 3)
        XCTAssertNil(menu.itemIndex(containing: menu.rootLayer.hitTest(CGPoint(x: 5, y: 5))))
    }
}
