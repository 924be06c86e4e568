import KioskMenu
import Logging
import QuartzCore
import RendererTestSupport
import XCTest

/// The Kiosk Menu of the guide (003, "Example: Core Animation Kiosk Menu Style Application",
/// Listings 4-7).
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

    /// At 1920 x 1080 the offset is 540 - 165 = 375: tops at 395, 445, ... 595, centres at x 960;
    /// a new size lays the constraints out again (1280 x 720: offset 195, tops 215 + 50i).
    func testLayoutFollowsTheDisplaysSize() {
        let menu = KioskMenu(size: CGSize(width: 1920, height: 1080))
        XCTAssertEqual(menu.itemLayers.map(\.position), (0..<5).map { CGPoint(x: 960, y: 420 + 50 * CGFloat($0)) })
        menu.layout(for: CGSize(width: 1280, height: 720))
        XCTAssertEqual(menu.itemLayers.map(\.frame.minY), [215, 265, 315, 365, 415])
        XCTAssertEqual(menu.itemLayers.map(\.position.x), [640, 640, 640, 640, 640])
        XCTAssertEqual(menu.selectionLayer.position, CGPoint(x: 640, y: 240))
    }

    /// Listing 4's items are text layers: the name, the guide's font (with a fallback), 32 points, white.
    func testItemsAreTheListingsTextLayers() {
        let menu = KioskMenu(size: CGSize(width: 1280, height: 720))
        XCTAssertEqual(menu.itemLayers.compactMap { $0.string as? String }, KioskMenu.defaultNames)
        for item in menu.itemLayers {
            XCTAssertTrue(String(describing: item.font ?? "").hasPrefix("Lucida Grande"), "\(String(describing: item.font))")
            XCTAssertEqual(item.fontSize, 32)
            XCTAssertEqual(item.foregroundColor, CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        }
        XCTAssertTrue(menu.menuLayer.layoutManager is CAConstraintLayoutManager)
        XCTAssertEqual(menu.menuLayer.frame, menu.rootLayer.bounds, "the guide's menu layer overlaps the root")
    }

    /// Listing 5: 400 x 50, 2-point white border, corner radius 25, a CIBloom named
    /// `pulseFilter` (inputRadius 5) whose intensity pulses (0 to 2, 1 s, autoreversed,
    /// forever, ease-in-ease-out).
    func testSelectionGlowsAndPulsesAsTheListingDoes() throws {
        let menu = KioskMenu(size: CGSize(width: 1280, height: 720))
        let selection = menu.selectionLayer
        XCTAssertEqual(selection.bounds.size, CGSize(width: 400, height: 50))
        XCTAssertEqual(selection.borderWidth, 2)
        XCTAssertEqual(selection.cornerRadius, 25)
        XCTAssertEqual(selection.borderColor, CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        let bloom = try XCTUnwrap(selection.filters?.first as? CIFilter)
        XCTAssertEqual(bloom.attributes[kCIAttributeFilterName] as? String, "CIBloom")
        XCTAssertEqual(bloom.name, "pulseFilter")
        XCTAssertEqual(selection.value(forKeyPath: "filters.pulseFilter.inputRadius") as? CGFloat, 5)
        XCTAssertEqual(selection.shadowOpacity, 0, "the glow is the bloom, not a shadow")
        let pulse = try XCTUnwrap(selection.animation(forKey: "pulseAnimation") as? CABasicAnimation)
        XCTAssertEqual(pulse.keyPath, "filters.pulseFilter.inputIntensity")
        XCTAssertEqual(pulse.fromValue as? Double, 0)
        XCTAssertEqual(pulse.toValue as? Double, 2)
        XCTAssertEqual(pulse.duration, 1)
        XCTAssertTrue(pulse.autoreverses)
        XCTAssertGreaterThanOrEqual(pulse.repeatCount, 1e30, "forever (the listing's 1e100)")
        var points = [Float](repeating: 0, count: 2)
        var controls: [Float] = []
        for index in 1...2 {
            pulse.timingFunction?.getControlPoint(at: index, values: &points)
            controls += points
        }
        XCTAssertEqual(controls, [0.42, 0, 0.58, 1], "kCAMediaTimingFunctionEaseInEaseOut")
        XCTAssertNil(KioskMenu(size: CGSize(width: 640, height: 480), pulses: false).selectionLayer.animation(forKey: "pulseAnimation"))
    }

    func testSelectionIsClampedAndFollowsTheItem() {
        let menu = KioskMenu(size: CGSize(width: 1280, height: 720))
        XCTAssertEqual(menu.selectionLayer.position, menu.itemLayers[0].position)
        menu.moveUp()
        XCTAssertEqual(menu.selectedIndex, 0, "the listing clamps below 0")
        XCTAssertTrue(menu.handleKey(KioskKey.down))
        XCTAssertTrue(menu.handleKey(KioskKey.down))
        XCTAssertEqual(menu.selectedIndex, 2)
        XCTAssertEqual(menu.selectionLayer.position, menu.itemLayers[2].position)
        XCTAssertTrue(menu.handleKey(KioskKey.up))
        XCTAssertEqual(menu.selectedIndex, 1)
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

    /// The VM test greps these exact lines: moves (not clamped non-moves) and activations.
    func testSelectionAndActivationAreLoggedAsNotices() {
        let log = CapturedLog()
        let menu = KioskMenu(size: CGSize(width: 1280, height: 720))
        menu.logger = log.logger(label: "KioskMenu")
        var activated: [Int] = []
        menu.activationHandler = { activated.append($0) }
        menu.moveUp()
        menu.handleKey(KioskKey.down)
        menu.handleKey(KioskKey.down)
        menu.handleKey(KioskKey.enter)
        XCTAssertEqual(log.entries.map(\.1), ["selection moved to item 1 (Music)", "selection moved to item 2 (Photos)",
                                              "activated item 2 (Photos)"])
        XCTAssertEqual(log.entries.map(\.0), [.notice, .notice, .notice])
        XCTAssertEqual(activated, [2])
        XCTAssertNotNil(menu.itemLayers[2].animation(forKey: "activation"), "the activated item swells")
    }

    /// Item 3 at 1280 x 720 spans x 440...840, y 365...415: a point 150 right of its centre hits
    /// it; the selection layer lies over the selected item and counts as that item.
    func testHitTestFindsTheItemUnderAPoint() {
        let menu = KioskMenu(size: CGSize(width: 1280, height: 720))
        XCTAssertEqual(menu.itemIndex(at: CGPoint(x: 790, y: 390)), 3)
        XCTAssertEqual(menu.itemIndex(at: CGPoint(x: 450, y: 220)), 0, "on the selection, over item 0")
        XCTAssertNil(menu.itemIndex(at: CGPoint(x: 5, y: 5)))
        XCTAssertNil(menu.itemIndex(at: CGPoint(x: 430, y: 390)), "left of the row")
    }

    /// A tap on an item selects it and activates it.
    func testTapSelectsAndActivatesTheItem() {
        let log = CapturedLog()
        let menu = KioskMenu(size: CGSize(width: 1280, height: 720))
        menu.logger = log.logger(label: "KioskMenu")
        let point = CGPoint(x: 640, y: 340)
        menu.handleTap(on: menu.rootLayer.hitTest(point), at: point)
        XCTAssertEqual(menu.selectedIndex, 2)
        XCTAssertEqual(log.entries.map(\.1), ["selection moved to item 2 (Photos)", "activated item 2 (Photos)"])
        menu.handleTap(on: menu.rootLayer.hitTest(CGPoint(x: 10, y: 10)), at: CGPoint(x: 10, y: 10))
        XCTAssertEqual(log.entries.count, 2, "a tap beside the menu does nothing")
    }

    /// Rendered (1280 x 720, black background, glow at full strength): the border runs along
    /// the selected row's top edge (y 215-217) and the glow lights the pixels just outside it,
    /// which stay black without the glow; the labels are white text in the rows.
    func testRenderedMenuShowsTextBorderAndGlow() throws {
        let menu = KioskMenu(size: CGSize(width: 1280, height: 720), animatedBackground: false, pulses: false)
        CATransaction.flush()
        let renderer = try CARenderer(pixelWidth: 1280, pixelHeight: 720)
        renderer.layer = menu.rootLayer
        try renderer.renderFrame(atTime: CACurrentMediaTime())
        let glowing = try renderer.makeImage()
        func grey(_ image: CGImage, _ x: Int, _ y: Int) -> Int { Int(image.premultipliedPixel(x: x, y: y)!.g) }
        XCTAssertGreaterThan(grey(glowing, 640, 216), 200, "the border")
        XCTAssertGreaterThan(grey(glowing, 640, 212), 12, "the glow, 3 px above the border")
        XCTAssertEqual(grey(glowing, 640, 190), 0, "beyond the glow's reach")
        let whiteInRow = (440..<840).filter { grey(glowing, $0, 330) > 200 }.count
        XCTAssertGreaterThan(whiteInRow, 10, "the 'Photos' label in row 2")

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        menu.selectionLayer.setValue(0, forKeyPath: "filters.pulseFilter.inputIntensity")
        CATransaction.commit()
        try renderer.renderFrame(atTime: CACurrentMediaTime())
        XCTAssertEqual(grey(try renderer.makeImage(), 640, 212), 0, "no glow at intensity 0")
    }
}
