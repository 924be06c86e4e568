import Foundation
import MediaDecoding

/// A timed media resource: a file or a stream named by a URL.
open class AVAsset: @unchecked Sendable {
    /// The URL of the media.
    public let url: URL
    private let lock = NSLock()
    private var probedDuration: CMTime?

    /// Creates an asset for the media at `url`; nothing is read until a property needs it.
    public init(url: URL) { self.url = url }

    /// The duration of the media (read from its container the first time it is asked for,
    /// waiting up to ten seconds); `.indefinite` for a live stream or media that cannot be read.
    open var duration: CMTime {
        lock.lock()
        if let probedDuration { lock.unlock(); return probedDuration }
        lock.unlock()
        let probed = Self.probeDuration(of: url)
        lock.lock(); probedDuration = probed; lock.unlock()
        return probed
    }

    /// Whether GStreamer can open the media and finds a video track in it (read like `duration`).
    open var isPlayable: Bool { Self.probe(url).map { $0.videoStreamCount > 0 } ?? false }

    private static func probe(_ url: URL) -> DecodePipeline? {
        guard let pipeline = try? DecodePipeline(uri: url.absoluteString, playsAudio: false) else { return nil }
        let end = Date().addingTimeInterval(10)
        while Date() < end {
            for event in pipeline.poll() {
                switch event {
                case .asyncDone: return pipeline
                case .failed: return nil
                case .endOfStream: break
                }
            }
            usleep(2000)
        }
        return nil
    }

    private static func probeDuration(of url: URL) -> CMTime {
        guard let seconds = probe(url)?.duration else { return .indefinite }
        return CMTime(seconds: seconds, preferredTimescale: 600)
    }
}

/// An asset read from a URL: a local file (`file://`) or any URI a GStreamer source reads
/// (`http(s)://`, `rtsp://`...).
open class AVURLAsset: AVAsset, @unchecked Sendable {
    /// Creates an asset for `url`; `options` are accepted for source compatibility and not read.
    public init(url: URL, options: [String: Any]? = nil) { super.init(url: url) }
}
