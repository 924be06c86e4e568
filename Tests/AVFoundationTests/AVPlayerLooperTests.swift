@testable import AVFoundation
import Foundation
import MediaDecoding
import MediaTestSupport
import XCTest

/// `AVQueuePlayer` and `AVPlayerLooper`: gapless loops with one end notification each.
final class AVPlayerLooperTests: XCTestCase {
    func testLoopsGiveOneEndNotificationEachAndNoFrameMissingOrRepeatedAtTheSeam() {
        let recorder = NotificationRecorder(.AVPlayerItemDidPlayToEndTime)
        let player = AVQueuePlayer()
        let looper = AVPlayerLooper(player: player, templateItem: AVPlayerItem(url: ClipFixtures.barcodeLoop))
        XCTAssertEqual(player.items().count, 2)
        player.play()
        // Sample the frame shown every 2 ms; a frame shows 100 ms (8 frames at 10 fps per loop).
        var shown: [Int] = []
        let loops = 3
        let end = Date().addingTimeInterval(20)
        while looper.loopCount < loops && Date() < end {
            if let index = shownIndex(player), shown.last != index { shown.append(index) }
            usleep(2000)
        }
        XCTAssertEqual(looper.loopCount, loops)
        XCTAssertEqual(looper.status, .ready)
        let expected = Array(repeating: Array(0..<8), count: loops).flatMap { $0 }
        XCTAssertEqual(Array(shown.prefix(expected.count)), expected)
        XCTAssertEqual(recorder.notifications.count, loops)
        XCTAssertEqual(player.items().count, 2)
        looper.disableLooping()
        XCTAssertEqual(looper.status, .cancelled)
    }

    func testQueuePlayerAdvancesThroughItsItems() {
        let first = AVPlayerItem(url: ClipFixtures.barcodeLoop), second = AVPlayerItem(url: ClipFixtures.barcodeSecond)
        let player = AVQueuePlayer(items: [first, second])
        XCTAssertEqual(player.actionAtItemEnd, .advance)
        XCTAssertTrue(player.currentItem === first)
        player.advanceToNextItem()
        XCTAssertTrue(player.currentItem === second)
        waitUntil { second.status == .readyToPlay }
        XCTAssertEqual(player.items().count, 1)
        player.remove(second)
        XCTAssertNil(player.currentItem)
    }
}
