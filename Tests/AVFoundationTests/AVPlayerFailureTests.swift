@testable import AVFoundation
import Foundation
import MediaDecoding
import MediaTestSupport
import XCTest

/// Bad input: each item fails with an error that names its cause and posts the failure
/// notification, while another player goes on.
final class AVPlayerFailureTests: XCTestCase {
    private func assertFails(_ url: URL, describedBy words: String, file: StaticString = #filePath, line: UInt = #line) -> Error? {
        let recorder = NotificationRecorder(.AVPlayerItemFailedToPlayToEndTime)
        let item = AVPlayerItem(url: url)
        let player = AVPlayer(playerItem: item)
        player.play()
        waitUntil(file: file, line: line) { item.status == .failed }
        waitUntil(file: file, line: line) { recorder.count(for: item) == 1 }
        let posted = recorder.notifications.first { ($0.object as AnyObject?) === item }
        XCTAssertNotNil(posted?.userInfo?[AVPlayerItemFailedToPlayToEndTimeErrorKey] as? Error, file: file, line: line)
        let text = item.error?.localizedDescription ?? ""
        XCTAssertTrue(text.lowercased().contains(words), "\(text)", file: file, line: line)
        XCTAssertNil(player.videoFrame(forHostTime: CACurrentMediaTime()), file: file, line: line)
        return item.error
    }

    func testEachBadInputFailsWithItsCauseWhileAnotherPlayerPlays() throws {
        let good = AVPlayer(url: ClipFixtures.barcode30)
        good.play()
        waitUntil { good.timeControlStatus == .playing }

        let missing = assertFails(URL(fileURLWithPath: "/nonexistent/clip.mp4"), describedBy: "does not exist")
        XCTAssertEqual((missing as? URLError)?.code, .fileDoesNotExist)
        let empty = assertFails(ClipFixtures.empty, describedBy: "empty")
        XCTAssertEqual((empty as? AVError)?.code, .fileFormatNotRecognized)
        let truncated = assertFails(ClipFixtures.truncated, describedBy: "damaged")
        XCTAssertEqual((truncated as? AVError)?.code, .fileFailedToParse)
        let codec = assertFails(ClipFixtures.unknownCodec, describedBy: "decoder")
        XCTAssertEqual((codec as? AVError)?.code, .decoderNotFound)
        let audio = assertFails(ClipFixtures.audioOnly, describedBy: "no video track")
        XCTAssertEqual((audio as? AVError)?.code, .incompatibleAsset)
        let uri = assertFails(try XCTUnwrap(URL(string: "no-such-scheme://host/clip.mp4")), describedBy: "cannot be played")
        XCTAssertEqual((uri as? URLError)?.code, .unsupportedURL)

        XCTAssertGreaterThan(good.currentTime().seconds, 0)
        XCTAssertEqual(good.currentItem?.status, .readyToPlay)
    }

    /// A Matroska file whose headers the demuxer cannot finish reading (it warns, then ends the
    /// stream): the pipeline prerolls without a frame, and the item fails instead of staying
    /// `.unknown` for good. The clip is the `media` fuzz target's input that found it, less the
    /// byte that picks the file's extension.
    func testDamagedHeadersThatEndTheStreamBeforeAFrameFail() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FuzzCorpus/media/hang-damaged-matroska-headers.mkv")
        let clip = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-headers-\(getpid()).mkv")
        try Data(try Data(contentsOf: corpus).dropFirst()).write(to: clip)
        defer { try? FileManager.default.removeItem(at: clip) }
        let damaged = assertFails(clip, describedBy: "before any video frame decoded")
        XCTAssertEqual((damaged as? AVError)?.code, .fileFailedToParse)
    }

    func testHundredOpenPlayCloseCyclesLeaveFileDescriptorsFlat() {
        func cycle() {
            let player = AVPlayer(url: ClipFixtures.barcodeSecond)
            player.play()
            waitUntil { player.timeControlStatus == .playing }
        }
        for _ in 0..<5 { cycle() }
        usleep(100_000)
        let before = ClipFixtures.openFileDescriptors()
        for _ in 0..<100 { cycle() }
        usleep(100_000)
        XCTAssertLessThanOrEqual(ClipFixtures.openFileDescriptors(), before + 2)
    }
}
