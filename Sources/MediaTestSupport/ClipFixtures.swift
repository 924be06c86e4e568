import Foundation
import MediaDecoding

/// Clips made at test time by the media tests (no media in the repository), once per process, in a temporary folder.
public enum ClipFixtures {
    /// The folder the clips are written to, one per test process.
    public static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("qc-media-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// 90 barcode frames (3 s) of 320×240 at 30 fps, H.264 with a key frame every 15 frames.
    public static let barcode30: URL = make("barcode30.mp4") { try BarcodeClip.write(to: $0, frameCount: 90) }

    /// 8 barcode frames at 10 fps (0.8 s), for loops: a frame lasts 100 ms, long enough to be
    /// seen by a test sampling every few milliseconds on a loaded machine.
    public static let barcodeLoop: URL = make("barcode-loop.mp4") {
        try BarcodeClip.write(to: $0, frameCount: 8, framesPerSecond: 10, codec: .h264(keyFrameInterval: 4))
    }

    /// 30 barcode frames (1 s) at 30 fps.
    public static let barcodeSecond: URL = make("barcode-second.mp4") { try BarcodeClip.write(to: $0, frameCount: 30) }

    /// A zero-byte file.
    public static let empty: URL = make("empty.mp4") { _ = FileManager.default.createFile(atPath: $0.path, contents: Data()) }

    /// The first half of the barcode clip (mp4mux writes its index, the moov atom, at the end).
    public static let truncated: URL = make("truncated.mp4") { url in
        let data = try Data(contentsOf: barcode30)
        try data.prefix(data.count / 2).write(to: url)
    }

    /// The barcode clip with its codec's four-character code changed to one no decoder takes.
    public static let unknownCodec: URL = make("unknown-codec.mp4") { url in
        var data = try Data(contentsOf: barcode30)
        let avc1 = Data("avc1".utf8)
        guard let range = data.range(of: avc1) else { throw CocoaError(.fileReadCorruptFile) }
        data.replaceSubrange(range, with: Data("qcxx".utf8))
        try data.write(to: url)
    }

    /// One second of sine tone in a WAV file: media without a video track.
    public static let audioOnly: URL = make("audio-only.wav") { url in
        try ClipWriter.run("audiotestsrc num-buffers=43 ! wavenc ! filesink location=\"\(url.path)\"")
    }

    private static func make(_ name: String, _ body: (URL) throws -> Void) -> URL {
        let url = folder.appendingPathComponent(name)
        do { try body(url) } catch { fatalError("cannot make the test clip \(name): \(error)") }
        return url
    }

    /// The number of open file descriptors of this process.
    public static func openFileDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }
}
