import KioskMenu
import QuartzCore
import XCTest

/// The status overlay: hidden until toggled, and its text.
final class StatusOverlayTests: XCTestCase {
    func testFiguresText() {
        XCTAssertEqual(StatusOverlay.Figures(framesPerSecond: 59.94, frameTime: 0.0123, redrawnFraction: 0.344).text,
                       "59.9 fps · 12.3 ms/frame · 34% redrawn")
        XCTAssertEqual(StatusOverlay.Figures(framesPerSecond: 30, frameTime: 0.02, redrawnFraction: nil).text,
                       "30.0 fps · 20.0 ms/frame")
    }

    func testToggleShowsAndHidesThePanel() {
        let overlay = StatusOverlay()
        XCTAssertFalse(overlay.isVisible)
        XCTAssertTrue(overlay.layer.isHidden)
        overlay.toggle()
        XCTAssertTrue(overlay.isVisible)
        overlay.show(StatusOverlay.Figures(framesPerSecond: 60, frameTime: 0.005, redrawnFraction: 1))
        XCTAssertEqual(overlay.textLayer.string as? String, "60.0 fps · 5.0 ms/frame · 100% redrawn")
        overlay.toggle()
        XCTAssertTrue(overlay.layer.isHidden)
    }
}
