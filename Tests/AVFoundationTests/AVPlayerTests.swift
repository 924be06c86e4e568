@testable import AVFoundation
import Foundation
import MediaDecoding
import MediaTestSupport
import XCTest

/// `AVPlayer` and `AVPlayerItem` on clips whose frames carry their index.
final class AVPlayerTests: XCTestCase {
    func testItemBecomesReadyWithDurationSizeAndObservedStatus() throws {
        let item = AVPlayerItem(url: ClipFixtures.barcode30)
        XCTAssertEqual(item.status, .unknown)
        let lock = NSLock()
        var seen: [AVPlayerItem.Status] = []
        let token = item.observe(\.status, options: [.new]) { _, change in
            lock.withLock { seen.append(change.newValue ?? .unknown) }
        }
        let player = AVPlayer(playerItem: item)
        waitUntil { item.status == .readyToPlay }
        XCTAssertEqual(item.duration.seconds, 3, accuracy: 1.0 / 600)
        XCTAssertEqual(item.presentationSize, CGSize(width: 320, height: 240))
        XCTAssertEqual(player.currentTime(), .zero)
        XCTAssertEqual(shownIndex(player), 0)
        XCTAssertEqual(lock.withLock { seen }, [.readyToPlay])
        token.invalidate()
    }

    func testExactSeeksShowTheFrameAtTheTime() throws {
        let player = AVPlayer(url: ClipFixtures.barcode30)
        let item = try XCTUnwrap(player.currentItem)
        waitUntil { item.status == .readyToPlay }
        for (frame, expected) in [(17.5, 17), (44.2, 44), (89.9, 89), (3.0, 3), (61.5, 61)] {
            let target = CMTime(value: Int64(frame * 10), timescale: 300)
            let finished = Locked<Bool?>(nil)
            player.seek(to: target, toleranceBefore: .zero, toleranceAfter: .zero) { ok in finished.update { $0 = ok } }
            XCTAssertEqual(player.currentTime(), target)
            waitUntil { finished.current != nil }
            XCTAssertEqual(finished.current, true)
            XCTAssertEqual(shownIndex(player), expected, "seek to frame \(frame)")
            XCTAssertEqual(player.currentTime().seconds, target.seconds, accuracy: 1e-9)
        }
    }

    func testSeekThatIsInterruptedCompletesUnfinished() {
        let player = AVPlayer(url: ClipFixtures.barcode30)
        waitUntil { player.currentItem?.status == .readyToPlay }
        let results = Locked<[Int: Bool]>([:])
        player.seek(to: CMTime(value: 1, timescale: 1), toleranceBefore: .zero, toleranceAfter: .zero) { ok in results.update { $0[1] = ok } }
        player.seek(to: CMTime(value: 2, timescale: 1), toleranceBefore: .zero, toleranceAfter: .zero) { ok in results.update { $0[2] = ok } }
        waitUntil { results.current.count == 2 }
        XCTAssertEqual(results.current, [1: false, 2: true])
        XCTAssertEqual(shownIndex(player), 60)
    }

    func testPlayingShowsTheLatestFrameNotAfterTheClockTime() {
        let player = AVPlayer(url: ClipFixtures.barcode30)
        let item = player.currentItem!
        waitUntil { item.status == .readyToPlay }
        player.play()
        waitUntil { player.timeControlStatus == .playing }
        var probes = 0
        let end = Date().addingTimeInterval(2)
        while Date() < end {
            usleep(37_000)
            let host = CACurrentMediaTime()
            guard let media = player.lock.withLock({ player.mediaSeconds(of: item, at: host) }) else { continue }
            let exact = media * 30
            // Away from the frames' boundaries, where a frame decoded a millisecond late would
            // count as wrong.
            guard exact - exact.rounded(.down) > 0.15, exact - exact.rounded(.down) < 0.85, media < 2.9 else { continue }
            XCTAssertEqual(shownIndex(player, at: host), Int(exact), "at media time \(media)")
            probes += 1
        }
        XCTAssertGreaterThan(probes, 10)
        XCTAssertEqual(player.rate, 1)
    }

    func testPlayingToTheEndPostsTheNotificationAndPauses() {
        let recorder = NotificationRecorder(.AVPlayerItemDidPlayToEndTime)
        let player = AVPlayer(url: ClipFixtures.barcodeSecond)
        let item = player.currentItem!
        XCTAssertEqual(player.actionAtItemEnd, .pause)
        player.play()
        waitUntil { recorder.count(for: item) == 1 }
        waitUntil { player.rate == 0 }
        XCTAssertEqual(player.currentTime().seconds, 1, accuracy: 1e-6)
        XCTAssertEqual(shownIndex(player), 29)
        usleep(200_000)
        XCTAssertEqual(recorder.count(for: item), 1)
    }

    func testVolumeAndMuteAreKept() {
        let player = AVPlayer(url: ClipFixtures.barcodeSecond)
        player.volume = 0.25; player.isMuted = true
        XCTAssertEqual(player.volume, 0.25); XCTAssertTrue(player.isMuted)
        player.volume = 3
        XCTAssertEqual(player.volume, 1)
    }

    func testReplaceCurrentItemShowsTheNewItem() {
        let player = AVPlayer(url: ClipFixtures.barcode30)
        waitUntil { player.currentItem?.status == .readyToPlay }
        let second = AVPlayerItem(url: ClipFixtures.barcodeSecond)
        player.replaceCurrentItem(with: second)
        XCTAssertTrue(player.currentItem === second)
        waitUntil { second.status == .readyToPlay }
        XCTAssertEqual(second.duration.seconds, 1, accuracy: 1.0 / 600)
        player.replaceCurrentItem(with: nil)
        XCTAssertNil(player.currentItem)
        XCTAssertNil(player.videoFrame(forHostTime: CACurrentMediaTime()))
    }
}
