@testable import AVFoundation
import Foundation
import MediaTestSupport
import XCTest

/// `AVPlayerLayer`: where the video lies in the bounds for each gravity, and readiness.
final class AVPlayerLayerTests: XCTestCase {
    func testVideoRectOf16By9In4By3AndTheReverse() {
        let wide = CGSize(width: 1920, height: 1080), boundsFourThree = CGRect(x: 0, y: 0, width: 400, height: 300)
        XCTAssertEqual(AVLayerVideoGravity.resizeAspect.videoRect(for: wide, in: boundsFourThree),
                       CGRect(x: 0, y: 37.5, width: 400, height: 225))
        let fill = AVLayerVideoGravity.resizeAspectFill.videoRect(for: wide, in: boundsFourThree)
        XCTAssertEqual(fill.minX, -200.0 / 3, accuracy: 1e-9); XCTAssertEqual(fill.width, 1600.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(fill.minY, 0); XCTAssertEqual(fill.height, 300)
        XCTAssertEqual(AVLayerVideoGravity.resize.videoRect(for: wide, in: boundsFourThree), boundsFourThree)
        let fourThree = CGSize(width: 640, height: 480), boundsWide = CGRect(x: 10, y: 20, width: 320, height: 180)
        XCTAssertEqual(AVLayerVideoGravity.resizeAspect.videoRect(for: fourThree, in: boundsWide),
                       CGRect(x: 50, y: 20, width: 240, height: 180))
        XCTAssertEqual(AVLayerVideoGravity.resizeAspectFill.videoRect(for: fourThree, in: boundsWide),
                       CGRect(x: 10, y: -10, width: 320, height: 240))
        XCTAssertEqual(AVMakeRect(aspectRatio: .zero, insideRect: boundsWide), .zero)
    }

    func testLayerVideoRectFollowsTheItemAndTheGravity() {
        let layer = AVPlayerLayer(player: AVPlayer(url: ClipFixtures.barcode30))  // 320×240
        layer.bounds = CGRect(x: 0, y: 0, width: 160, height: 90)
        XCTAssertEqual(layer.videoGravity, .resizeAspect)
        XCTAssertEqual(layer.videoRect, .zero)
        waitUntil { layer.isReadyForDisplay }
        XCTAssertEqual(layer.videoRect, CGRect(x: 20, y: 0, width: 120, height: 90))
        layer.videoGravity = .resizeAspectFill
        XCTAssertEqual(layer.videoRect, CGRect(x: 0, y: -15, width: 160, height: 120))
        layer.videoGravity = .resize
        XCTAssertEqual(layer.videoRect, layer.bounds)
    }

    func testIsReadyForDisplayTurnsTrueOnceAndStaysThroughSeeks() {
        let player = AVPlayer(url: ClipFixtures.barcode30)
        let layer = AVPlayerLayer(player: player)
        let lock = NSLock(); var changes: [Bool] = []
        let token = layer.observe(\.isReadyForDisplay, options: [.new]) { _, change in
            lock.withLock { changes.append(change.newValue ?? false) }
        }
        waitUntil { layer.isReadyForDisplay }
        player.seek(to: CMTime(value: 2, timescale: 1), toleranceBefore: .zero, toleranceAfter: .zero)
        player.play()
        usleep(300_000)
        XCTAssertTrue(layer.isReadyForDisplay)
        XCTAssertEqual(lock.withLock { changes }, [true])
        token.invalidate()
    }
}
