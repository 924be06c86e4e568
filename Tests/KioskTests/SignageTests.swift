import Foundation
import KioskMenu
import QuartzCore
import XCTest

/// The signage demo offscreen: its own clip plays under the ticker, the clock and the logo.
final class SignageTests: XCTestCase {
    func testSignagePlaysItsOwnClipUnderTheOverlay() throws {
        let signage = try Signage(size: CGSize(width: 640, height: 360), video: nil)
        let end = Date().addingTimeInterval(20)
        while !signage.videoLayer.isReadyForDisplay && Date() < end { usleep(2000) }
        XCTAssertTrue(signage.videoLayer.isReadyForDisplay)
        XCTAssertEqual(signage.videoLayer.videoGravity, .resizeAspectFill)
        XCTAssertEqual(signage.videoLayer.videoRect, CGRect(x: 0, y: 0, width: 640, height: 360))
        XCTAssertEqual(signage.player.timeControlStatus == .paused, false)
        XCTAssertNotNil(signage.droppedVideoFrames)
        CATransaction.flush()
        let renderer = try CARenderer(cpuPixelWidth: 640, pixelHeight: 360)
        renderer.layer = signage.rootLayer
        try renderer.renderFrame(atTime: CACurrentMediaTime())
        let image = try renderer.makeImage()
        // The SMPTE bars' second bar (yellow) at the top, left of the clock: the video, not the black background.
        let pixel = image.data.withUnsafeBytes { (b: UnsafeRawBufferPointer) in (0..<3).map { Int(b[100 * image.bytesPerRow + 140 * 4 + $0]) } }
        XCTAssertGreaterThan(pixel[0], 150); XCTAssertGreaterThan(pixel[1], 150); XCTAssertLessThan(pixel[2], 80)
    }
}
