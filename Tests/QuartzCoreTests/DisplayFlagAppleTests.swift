import Foundation
import QuartzCore
import XCTest

/// When a layer decides it needs drawing again, as Apple's QuartzCore measurably answers
/// (GNUstep libs-quartzcore `Tests/quartzcore/CALayer/display.m`, which its CI runs against
/// Apple's): asking for drawing, whole or in part, sets the flag, drawing when needed clears
/// it, and a bounds change sets it only on a layer told to redraw on one.
final class DisplayFlagAppleTests: XCTestCase {
    func testAskingSetsTheFlagAndDrawingWhenNeededClearsIt() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        layer.displayIfNeeded()
        XCTAssertFalse(layer.needsDisplay(), "a layer that has drawn does not want drawing")
        layer.setNeedsDisplay()
        XCTAssertTrue(layer.needsDisplay())
        layer.displayIfNeeded()
        XCTAssertFalse(layer.needsDisplay())
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertTrue(layer.needsDisplay(), "asking for part of it sets the flag too")
    }

    func testABoundsChangeAsksForDrawingOnlyWhenTheLayerIsToldTo() {
        let off = CALayer()
        off.displayIfNeeded()
        off.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
        XCTAssertFalse(off.needsDisplay(), "a bounds change alone does not ask for drawing")
        let on = CALayer()
        on.needsDisplayOnBoundsChange = true
        on.displayIfNeeded()
        on.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
        XCTAssertTrue(on.needsDisplay())
    }
}
