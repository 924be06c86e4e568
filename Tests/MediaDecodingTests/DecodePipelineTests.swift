import Foundation
import MediaDecoding
import MediaTestSupport
import XCTest

/// The GStreamer layer against clips made at test time: frames, timestamps, seeks and failures.
final class DecodePipelineTests: XCTestCase {
    /// Polls until `asyncDone` or a failure, for at most `timeout` seconds.
    private func waitForPreroll(_ p: DecodePipeline, timeout: Double = 20) -> DecodeFailure? {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            for event in p.poll() {
                switch event {
                case .asyncDone: return nil
                case .failed(let f): return f
                case .endOfStream: break
                }
            }
            usleep(2000)
        }
        XCTFail("no preroll in \(timeout) s")
        return nil
    }

    private func open(_ url: URL) throws -> DecodePipeline {
        try DecodePipeline(uri: url.absoluteString, playsAudio: false)
    }

    func testPrerollIsFrameZeroAndPlayingDeliversEveryFrameInOrder() throws {
        let p = try open(ClipFixtures.barcode30)
        XCTAssertNil(waitForPreroll(p))
        XCTAssertEqual(p.videoStreamCount, 1)
        XCTAssertEqual(try XCTUnwrap(p.duration), 3, accuracy: 0.001)
        let first = try XCTUnwrap(p.pullFrame(timeout: 1, preroll: true))
        XCTAssertEqual(BarcodeClip.index(of: first), 0)
        XCTAssertEqual(first.width, 320); XCTAssertEqual(first.height, 240)
        XCTAssertEqual(first.presentationTime, 0)
        XCTAssertEqual(first.planes.count, first.format == .i420 ? 3 : 2)
        XCTAssertGreaterThanOrEqual(first.planes[0].bytesPerRow, 320)
        p.setPlaying(true)
        var indices: [Int] = []
        while indices.count < 90, let frame = p.pullFrame(timeout: 5, preroll: false) {
            let index = BarcodeClip.index(of: frame)
            XCTAssertEqual(frame.presentationTime, Double(index) / 30, accuracy: 1e-6)
            indices.append(index)
        }
        XCTAssertEqual(indices, Array(0..<90))
        let end = Date().addingTimeInterval(5)
        while !p.poll().contains(.endOfStream) && Date() < end { usleep(2000) }
        XCTAssertTrue(p.isAtEnd)
    }

    func testExactSeekWhilePausedPrerollsTheFrameAtTheTime() throws {
        let p = try open(ClipFixtures.barcode30)
        XCTAssertNil(waitForPreroll(p))
        // Frames 17, 44 and 61 lie between key frames (0, 15, 30, 45, 60, 75); the times are
        // inside each frame's interval, not on its start.
        for (time, expected) in [(17.5 / 30, 17), (44.2 / 30, 44), (61.9 / 30, 61), (0.0, 0)] {
            XCTAssertTrue(p.seek(to: time, exact: true))
            XCTAssertNil(waitForPreroll(p))
            let frame = try XCTUnwrap(p.pullFrame(timeout: 2, preroll: true))
            XCTAssertEqual(BarcodeClip.index(of: frame), expected, "at \(time) s")
        }
    }

    func testKeyFrameSeekLandsOnTheKeyFrameBefore() throws {
        let p = try open(ClipFixtures.barcode30)
        XCTAssertNil(waitForPreroll(p))
        XCTAssertTrue(p.seek(to: 44.2 / 30, exact: false))
        XCTAssertNil(waitForPreroll(p))
        let frame = try XCTUnwrap(p.pullFrame(timeout: 2, preroll: true))
        XCTAssertEqual(BarcodeClip.index(of: frame), 30)
    }

    func testMissingFileAndBadURIFailBeforeAnyPipeline() {
        XCTAssertThrowsError(try DecodePipeline(uri: "file:///nonexistent/clip.mp4", playsAudio: false)) {
            XCTAssertEqual($0 as? DecodeFailure, .fileNotFound("/nonexistent/clip.mp4"))
        }
        XCTAssertThrowsError(try DecodePipeline(uri: "no-such-scheme://x/y.mp4", playsAudio: false)) {
            XCTAssertEqual($0 as? DecodeFailure, .invalidURI("no-such-scheme://x/y.mp4"))
        }
        XCTAssertThrowsError(try open(ClipFixtures.empty)) {
            guard case .unrecognizedFormat(let text) = $0 as? DecodeFailure else { return XCTFail("\($0)") }
            XCTAssertTrue(text.contains("empty"))
        }
    }

    func testDamagedUnknownCodecAndAudioOnlyMediaFailWithTheirCause() throws {
        let truncated = try open(ClipFixtures.truncated)
        guard case .damagedFile = waitForPreroll(truncated) else { return XCTFail("truncated file did not fail as damaged") }

        let unknown = try open(ClipFixtures.unknownCodec)
        guard case .decoderNotFound(let text) = waitForPreroll(unknown) else { return XCTFail("unknown codec did not fail") }
        XCTAssertFalse(text.isEmpty)

        let audio = try open(ClipFixtures.audioOnly)
        XCTAssertNil(waitForPreroll(audio))
        XCTAssertEqual(audio.videoStreamCount, 0)
    }

    func testHundredOpenPlayCloseCyclesLeaveFileDescriptorsFlat() throws {
        func cycle() throws {
            let p = try open(ClipFixtures.barcode30)
            XCTAssertNil(waitForPreroll(p))
            p.setPlaying(true)
            _ = p.pullFrame(timeout: 2, preroll: false)
        }
        for _ in 0..<5 { try cycle() }  // GStreamer's one-time threads and plugin files
        let before = ClipFixtures.openFileDescriptors()
        for _ in 0..<100 { try cycle() }
        XCTAssertLessThanOrEqual(ClipFixtures.openFileDescriptors(), before + 2)
    }
}
