import XCTest
import QuartzCore

/// Autoresizing as Apple's QuartzCore measurably does it. Every expected frame comes from GNUstep
/// libs-quartzcore `Tests/quartzcore/CALayer/autoresizing.m`, whose CI measures them against
/// Apple's framework: a superlayer of 100 × 100 grows to 200 × 300 around a sublayer at
/// (10, 20, 50, 40), so the horizontal parts are 10 / 50 / 40 and the vertical ones 20 / 40 / 40.
final class AutoresizingTests: XCTestCase {
    /// The sublayer's frame after its superlayer's bounds went from 100 × 100 to `width` × `height`.
    private func resized(_ mask: CAAutoresizingMask, width: CGFloat = 200, height: CGFloat = 300) -> CGRect {
        let superlayer = CALayer()
        let sublayer = CALayer()
        superlayer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        sublayer.frame = CGRect(x: 10, y: 20, width: 50, height: 40)
        sublayer.autoresizingMask = mask
        superlayer.addSublayer(sublayer)
        superlayer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        return sublayer.frame
    }

    func testMaskBitsAndDefault() {
        XCTAssertEqual(CAAutoresizingMask.layerMinXMargin.rawValue, 1)
        XCTAssertEqual(CAAutoresizingMask.layerWidthSizable.rawValue, 2)
        XCTAssertEqual(CAAutoresizingMask.layerMaxXMargin.rawValue, 4)
        XCTAssertEqual(CAAutoresizingMask.layerMinYMargin.rawValue, 8)
        XCTAssertEqual(CAAutoresizingMask.layerHeightSizable.rawValue, 16)
        XCTAssertEqual(CAAutoresizingMask.layerMaxYMargin.rawValue, 32)
        XCTAssertEqual(CALayer().autoresizingMask, [])
        XCTAssertNil(CALayer.defaultValue(forKey: "autoresizingMask"), "the class has no default mask")
    }

    func testOneFlexiblePartTakesTheWholeChange() {
        XCTAssertEqual(resized([]), CGRect(x: 10, y: 20, width: 50, height: 40))
        XCTAssertEqual(resized(.layerMinXMargin), CGRect(x: 110, y: 20, width: 50, height: 40))
        XCTAssertEqual(resized(.layerWidthSizable), CGRect(x: 10, y: 20, width: 150, height: 40))
        XCTAssertEqual(resized(.layerMaxXMargin), CGRect(x: 10, y: 20, width: 50, height: 40))
        XCTAssertEqual(resized(.layerMinYMargin), CGRect(x: 10, y: 220, width: 50, height: 40))
        XCTAssertEqual(resized(.layerHeightSizable), CGRect(x: 10, y: 20, width: 50, height: 240))
        XCTAssertEqual(resized(.layerMaxYMargin), CGRect(x: 10, y: 20, width: 50, height: 40))
    }

    /// Shared by which parts give way, not by their lengths: a margin of 10 and a width of 50
    /// take 66 and 34 of a change of 100.
    func testSeveralFlexiblePartsShareTheChange() {
        XCTAssertEqual(resized([.layerMinXMargin, .layerWidthSizable]), CGRect(x: 76, y: 20, width: 84, height: 40))
        XCTAssertEqual(resized([.layerWidthSizable, .layerMaxXMargin]), CGRect(x: 10, y: 20, width: 84, height: 40))
        XCTAssertEqual(resized([.layerMinXMargin, .layerMaxXMargin]), CGRect(x: 60, y: 20, width: 50, height: 40))
        XCTAssertEqual(resized([.layerMinXMargin, .layerWidthSizable, .layerMaxXMargin]),
                       CGRect(x: 43, y: 20, width: 84, height: 40))
        XCTAssertEqual(resized([.layerMinYMargin, .layerHeightSizable]), CGRect(x: 10, y: 153, width: 50, height: 107))
        XCTAssertEqual(resized([.layerMinYMargin, .layerMaxYMargin]), CGRect(x: 10, y: 120, width: 50, height: 40))
        XCTAssertEqual(resized([.layerMinYMargin, .layerHeightSizable, .layerMaxYMargin]),
                       CGRect(x: 10, y: 86, width: 50, height: 108))
        XCTAssertEqual(resized([.layerWidthSizable, .layerHeightSizable]), CGRect(x: 10, y: 20, width: 150, height: 240))
        XCTAssertEqual(resized(CAAutoresizingMask(rawValue: 63)), CGRect(x: 43, y: 86, width: 84, height: 108))
    }

    func testOtherChangesRoundToWholePointsAndMayTurnTheFrameOver() {
        let both: CAAutoresizingMask = [.layerMinXMargin, .layerWidthSizable]
        XCTAssertEqual(resized(both, width: 400, height: 100), CGRect(x: 210, y: 20, width: 150, height: 40))
        XCTAssertEqual(resized(both, width: 110, height: 100), CGRect(x: 16, y: 20, width: 54, height: 40),
                       "a change of 10 puts the margin on the point below")
        XCTAssertEqual(resized(both, width: 50, height: 25), CGRect(x: -24, y: 20, width: 34, height: 40))
        XCTAssertEqual(resized([.layerWidthSizable, .layerHeightSizable], width: 50, height: 25),
                       CGRect(x: 10, y: -15, width: 0, height: 35), "a height of 40 shrunk by 75 turns over")
    }

    func testWhenItHappens() {
        let superlayer = CALayer(), sublayer = CALayer()
        superlayer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        sublayer.frame = CGRect(x: 10, y: 20, width: 50, height: 40)
        sublayer.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        superlayer.addSublayer(sublayer)
        superlayer.bounds = CGRect(x: 30, y: 40, width: 100, height: 100)
        XCTAssertEqual(sublayer.frame, CGRect(x: 10, y: 20, width: 50, height: 40), "moving the bounds origin moves nothing")

        let framed = CALayer(), framedSub = CALayer()
        framed.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        framedSub.frame = CGRect(x: 10, y: 20, width: 50, height: 40)
        framedSub.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        framed.addSublayer(framedSub)
        framed.frame = CGRect(x: 0, y: 0, width: 200, height: 300)
        XCTAssertEqual(framedSub.frame, CGRect(x: 10, y: 20, width: 150, height: 240), "setting the frame resizes too")

        let late = CALayer(), lateSub = CALayer()
        late.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        lateSub.frame = CGRect(x: 10, y: 20, width: 50, height: 40)
        late.addSublayer(lateSub)
        late.bounds = CGRect(x: 0, y: 0, width: 200, height: 300)
        lateSub.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        late.layoutIfNeeded()
        XCTAssertEqual(lateSub.frame, CGRect(x: 10, y: 20, width: 50, height: 40), "a mask set after the change")

        let added = CALayer(), addedSub = CALayer()
        added.bounds = CGRect(x: 0, y: 0, width: 200, height: 300)
        addedSub.frame = CGRect(x: 10, y: 20, width: 50, height: 40)
        addedSub.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        added.addSublayer(addedSub)
        added.layoutIfNeeded()
        XCTAssertEqual(addedSub.frame, CGRect(x: 10, y: 20, width: 50, height: 40), "a layer added afterwards")
    }

    func testSentDirectly() {
        let superlayer = CALayer(), sublayer = CALayer()
        superlayer.bounds = CGRect(x: 0, y: 0, width: 200, height: 300)
        sublayer.frame = CGRect(x: 10, y: 20, width: 50, height: 40)
        sublayer.autoresizingMask = [.layerMinXMargin, .layerWidthSizable]
        superlayer.addSublayer(sublayer)
        sublayer.resize(withOldSuperlayerSize: CGSize(width: 100, height: 100))
        XCTAssertEqual(sublayer.frame, CGRect(x: 76, y: 20, width: 84, height: 40))

        let passing = CALayer(), passed = CALayer()
        passing.bounds = CGRect(x: 0, y: 0, width: 200, height: 300)
        passed.frame = CGRect(x: 10, y: 20, width: 50, height: 40)
        passed.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        passing.addSublayer(passed)
        passing.resizeSublayers(withOldSize: CGSize(width: 100, height: 100))
        XCTAssertEqual(passed.frame, CGRect(x: 10, y: 20, width: 150, height: 240))

        let same = CALayer(), unmoved = CALayer()
        same.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        unmoved.frame = CGRect(x: 10, y: 20, width: 50, height: 40)
        unmoved.autoresizingMask = .layerWidthSizable
        same.addSublayer(unmoved)
        same.resizeSublayers(withOldSize: CGSize(width: 100, height: 100))
        XCTAssertEqual(unmoved.frame, CGRect(x: 10, y: 20, width: 50, height: 40), "a size that did not change")
    }

    func testTheChangeGoesDownTheTree() {
        let top = CALayer(), middle = CALayer(), leaf = CALayer()
        top.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        middle.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        middle.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        top.addSublayer(middle)
        leaf.frame = CGRect(x: 10, y: 20, width: 50, height: 40)
        leaf.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        middle.addSublayer(leaf)
        top.bounds = CGRect(x: 0, y: 0, width: 200, height: 300)
        XCTAssertEqual(middle.frame, CGRect(x: 0, y: 0, width: 200, height: 300))
        XCTAssertEqual(leaf.frame, CGRect(x: 10, y: 20, width: 150, height: 240))
    }
}
