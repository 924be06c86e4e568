@testable import AVFoundation
import Foundation
import MediaTestSupport
import XCTest

/// `videoGravity` is animatable (AVPlayerLayer.h: "This property is animatable"): on a live
/// layer the video's rectangle moves from the old gravity's to the new one's over the
/// transaction's duration and timing function; actions off, it changes at once.
final class VideoGravityAnimationTests: XCTestCase {
    /// A 400×225 (16:9) layer showing the 320×240 (4:3) clip, in a committed tree.
    private func liveLayer() -> (AVPlayerLayer, AVPlayer, CALayer) {
        let player = AVPlayer(url: ClipFixtures.barcode30)
        let layer = AVPlayerLayer(player: player)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 225)
        layer.frame = root.bounds
        root.addSublayer(layer)
        CATransaction.flush()
        waitUntil { layer.isReadyForDisplay }
        return (layer, player, root)
    }

    func testGravityChangeMovesTheVideoRectOverTheTransactionsDurationAndCurve() throws {
        let (layer, player, root) = liveLayer()
        let size = CGSize(width: 320, height: 240), bounds = layer.bounds
        // resizeAspect: 300×225 centred (x 50...350); resize: the whole 400×225.
        XCTAssertEqual(layer.displayedVideoRect(for: size, in: bounds, atHostTime: CACurrentMediaTime()).rect,
                       CGRect(x: 50, y: 0, width: 300, height: 225))
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        let start = CACurrentMediaTime()
        layer.videoGravity = .resize
        CATransaction.commit()
        let end = CACurrentMediaTime()
        // Halfway (1 s in, within the few milliseconds the change took): x 25, width 350.
        let (half, moving) = layer.displayedVideoRect(for: size, in: bounds, atHostTime: start + 1)
        XCTAssertTrue(moving)
        XCTAssertEqual(half.minX, 25, accuracy: 0.2 + 25 * (end - start))
        XCTAssertEqual(half.width, 350, accuracy: 0.4 + 50 * (end - start))
        XCTAssertEqual(half.height, 225)
        // Over after 2 s: the new gravity's rectangle, no longer moving; the model says so at once.
        let (after, stillMoving) = layer.displayedVideoRect(for: size, in: bounds, atHostTime: end + 2)
        XCTAssertEqual(after, bounds)
        XCTAssertFalse(stillMoving)
        XCTAssertEqual(layer.videoRect, bounds)
        // The renderer sees it move: the source reports the layer changing while it runs.
        let source = PlayerLayerVideoSource()
        source.layer = layer
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        layer.videoGravity = .resizeAspect
        CATransaction.commit()
        XCTAssertEqual(source.videoContent(atHostTime: CACurrentMediaTime() + 0.5, bounds: bounds)?.isPlaying, true)
        XCTAssertEqual(source.videoContent(atHostTime: CACurrentMediaTime() + 3, bounds: bounds)?.isPlaying, false)
        withExtendedLifetime((player, root)) {}
    }

    func testDisabledActionsAndNullActionChangeTheGravityAtOnce() {
        let (layer, player, root) = liveLayer()
        let size = CGSize(width: 320, height: 240), bounds = layer.bounds
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.videoGravity = .resize
        CATransaction.commit()
        XCTAssertEqual(layer.displayedVideoRect(for: size, in: bounds, atHostTime: CACurrentMediaTime() + 0.1).rect, bounds)
        layer.actions = ["videoGravity": NSNull()]
        layer.videoGravity = .resizeAspect
        XCTAssertFalse(layer.displayedVideoRect(for: size, in: bounds, atHostTime: CACurrentMediaTime() + 0.1).moving)
        // A layer never committed into a tree does not animate either (as CALayer's properties).
        let loose = AVPlayerLayer(player: player)
        loose.frame = bounds
        loose.videoGravity = .resize
        XCTAssertFalse(loose.displayedVideoRect(for: size, in: bounds, atHostTime: CACurrentMediaTime() + 0.1).moving)
        withExtendedLifetime(root) {}
    }
}
