import CompositorCore
import Foundation
import MediaDecoding

/// The decoding side of one `AVPlayerItem`: its pipeline, the frames decoded ahead, and the
/// state of the load or seek in progress. Its player drives it from the player's thread, under
/// the player's lock; nothing here blocks.
final class ItemPlayback: @unchecked Sendable {
    /// What the item is waiting for from its pipeline.
    enum Phase: Equatable {
        /// No pipeline yet (the item is not in a player).
        case idle
        /// Opened, waiting for the first preroll.
        case loading
        /// Seeking, waiting for the preroll at the target; frames from before are ignored.
        case seeking
        /// Frames flow.
        case ready
        /// Failed; nothing more happens.
        case failed
    }

    /// The frames the player keeps decoded ahead of the one it shows.
    static let framesAhead = 8
    /// The longest a local file may load without the pipeline reporting anything (a frame, the
    /// end, an error) before the item fails: a last resort. decodebin2 drops the error of a
    /// demuxer it is still starting (a truncated MP4: qtdemux posts "no playable streams", the
    /// bus never carries it), which `DecodePipeline` catches as a stalled demuxer within a
    /// tenth of a second; this bounds any other silence. A readable file prerolls far sooner.
    static let localLoadTimeout = 10.0

    let url: URL
    weak var owner: AVPlayer?
    private(set) var pipeline: DecodePipeline?
    private(set) var phase = Phase.idle
    /// Decoded frames in presentation order; the first is the one shown (or about to be).
    private(set) var frames: [DecodedVideoFrame] = []
    /// The decoder has delivered its last frame.
    private(set) var reachedEndOfStream = false
    /// Whether a frame of this item was handed to a renderer since it loaded.
    private(set) var hasDisplayedFrame = false
    /// Frames that were passed over without being drawn while a renderer drew the item.
    private(set) var droppedFrames = 0
    /// The media time to show when the item is not playing in a player.
    var restingTime: Double = 0
    /// The end of the media in seconds, once known.
    private(set) var endTime: Double?
    private var isPlaying = false
    /// When the pipeline was opened (`CACurrentMediaTime`), while loading.
    private var loadStart = 0.0
    private var seekCompletions: [(Bool) -> Void] = []
    /// A seek asked for before the item loaded: applied once it has.
    private var pendingSeek: (seconds: Double, exact: Bool)?
    private var presented: ObjectIdentifier?
    private var lastDrawHostTime = -Double.infinity
    /// The renderer's view of the last frame drawn, made once per decoded frame so that a paused
    /// video hands the renderer the same object frame after frame (no upload, no damage).
    private var lastImage: (frame: DecodedVideoFrame, image: VideoFrameImage)?

    /// The renderer's image of `frame`.
    func image(of frame: DecodedVideoFrame) -> VideoFrameImage {
        if let lastImage, lastImage.frame === frame { return lastImage.image }
        let image = VideoFrameImage(frame)
        lastImage = (frame, image)
        return image
    }

    init(url: URL) { self.url = url }

    /// Opens the pipeline (the item joined a player). A failure to open is returned at once.
    func load(owner: AVPlayer) -> DecodeFailure? {
        self.owner = owner
        guard phase == .idle else { return nil }
        do {
            pipeline = try DecodePipeline(uri: url.absoluteString, playsAudio: true, queueDepth: 4)
            phase = .loading
            loadStart = CACurrentMediaTime()
            if restingTime > 0, pendingSeek == nil { pendingSeek = (restingTime, true) }
            return nil
        } catch {
            phase = .failed
            return error
        }
    }

    /// Closes the pipeline and drops every frame (the item left its player); pending seeks
    /// complete unfinished.
    func unload() -> [(Bool) -> Void] {
        pipeline = nil
        frames.removeAll()
        lastImage = nil
        if phase != .failed { phase = .idle }
        reachedEndOfStream = false
        isPlaying = false
        owner = nil
        defer { seekCompletions.removeAll() }
        return seekCompletions
    }

    /// What a pump found that the player must announce.
    struct PumpResult {
        var becameReady: (duration: Double?, size: CGSize)?
        var failure: DecodeFailure?
        var finishedSeeks: [(Bool) -> Void] = []
    }

    /// Reads the bus and pulls the frames there is room for, without waiting.
    func pump() -> PumpResult {
        var result = PumpResult()
        guard let pipeline, phase != .failed, phase != .idle else { return result }
        for event in pipeline.poll() {
            switch event {
            case .failed(let failure):
                phase = .failed
                result.failure = failure
                result.finishedSeeks = seekCompletions; seekCompletions.removeAll()
                self.pipeline = nil
                frames.removeAll()
                return result
            case .endOfStream:
                reachedEndOfStream = true
            case .asyncDone:
                switch phase {
                case .loading:
                    guard pipeline.videoStreamCount > 0 else {
                        phase = .failed
                        result.failure = .noVideoTrack
                        self.pipeline = nil
                        return result
                    }
                    // Prerolled (ASYNC_DONE) without a frame: the video sink prerolled on the end
                    // of the stream, as it does when a damaged container's demuxer gives up with
                    // only a warning. No other ASYNC_DONE follows: waiting would leave the item
                    // `.unknown` for good (found by the `media` fuzz target).
                    guard let first = pipeline.pullFrame(timeout: 0.5, preroll: true) else {
                        phase = .failed
                        result.failure = .damagedFile("\(url.lastPathComponent): the stream ended before any video frame decoded")
                        result.finishedSeeks = seekCompletions; seekCompletions.removeAll()
                        self.pipeline = nil
                        return result
                    }
                    frames = [first]
                    phase = .ready
                    endTime = pipeline.duration
                    let size = CGSize(width: Double(first.width) * first.pixelAspectRatio, height: Double(first.height))
                    result.becameReady = (pipeline.duration, size)
                    if let pending = pendingSeek {
                        pendingSeek = nil
                        frames.removeAll()
                        phase = .seeking
                        pipeline.seek(to: pending.seconds, exact: pending.exact)
                    }
                case .seeking:
                    // Playing, the frame at the target comes through the sink's queue instead.
                    if !isPlaying, let frame = pipeline.pullFrame(timeout: 0.5, preroll: true) { frames = [frame] }
                    phase = .ready
                    result.finishedSeeks = seekCompletions; seekCompletions.removeAll()
                case .idle, .ready, .failed:
                    break
                }
            }
        }
        if phase == .loading, url.isFileURL, CACurrentMediaTime() - loadStart > Self.localLoadTimeout {
            phase = .failed
            result.failure = .damagedFile("\(url.lastPathComponent): nothing decoded and no error after \(Self.localLoadTimeout) s")
            result.finishedSeeks = seekCompletions; seekCompletions.removeAll()
            self.pipeline = nil
            return result
        }
        if phase == .ready && isPlaying {
            while frames.count < Self.framesAhead, let frame = pipeline.pullFrame(timeout: 0, preroll: false) {
                // The prerolled frame comes again through the queue when playing starts.
                if let last = frames.last, frame.presentationTime <= last.presentationTime { continue }
                frames.append(frame)
            }
        }
        return result
    }

    /// Starts or pauses the pipeline.
    func setPlaying(_ playing: Bool) {
        guard playing != isPlaying else { return }
        isPlaying = playing
        pipeline?.setPlaying(playing)
    }

    /// Starts a seek to `seconds`; returns the completions of the seeks it interrupts.
    func seek(to seconds: Double, exact: Bool, completion: ((Bool) -> Void)?) -> [(Bool) -> Void] {
        let interrupted = seekCompletions
        seekCompletions = completion.map { [$0] } ?? []
        restingTime = seconds
        guard let pipeline, phase == .ready || phase == .seeking else {
            // Loading (or not yet in a player): applied once the first frame is in.
            if phase == .loading || phase == .idle { pendingSeek = (seconds, exact) }
            return interrupted
        }
        frames.removeAll()
        reachedEndOfStream = false
        phase = .seeking
        pipeline.seek(to: seconds, exact: exact)
        return interrupted
    }

    /// Whether the item is waiting for a seek to land.
    var isSeeking: Bool { phase == .seeking }

    /// The frame to show at media time `t`: the latest decoded frame whose timestamp is not
    /// after `t` (or the earliest one, before the first). Frames before it are dropped. When
    /// `drawing`, the frame is marked shown, and frames passed over unshown count as dropped.
    func frame(at t: Double, hostTime: Double, drawing: Bool) -> DecodedVideoFrame? {
        var index = 0
        while index + 1 < frames.count, frames[index + 1].presentationTime <= t + 1e-6 { index += 1 }
        if index > 0 {
            let skipped = frames[0..<index]
            // A frame counts as dropped when a renderer drew this item within the last half
            // second and never drew the frame.
            if hostTime - lastDrawHostTime < 0.5 {
                droppedFrames += skipped.filter { ObjectIdentifier($0) != presented }.count
            }
            frames.removeFirst(index)
        }
        guard let frame = frames.first else { return nil }
        if drawing {
            presented = ObjectIdentifier(frame)
            lastDrawHostTime = hostTime
            hasDisplayedFrame = true
        }
        return frame
    }

    /// Whether playback at media time `t` has passed the end: the decoder is done and `t` is at
    /// or after the end of the last frame (the container's duration when it says).
    func hasPlayedToEnd(at t: Double) -> Bool {
        guard phase == .ready, reachedEndOfStream, let end = playedEnd else { return false }
        return t >= end - 1e-9
    }

    /// The media time at which the item ends: the container's duration, else the last frame's end.
    var playedEnd: Double? {
        if let endTime { return endTime }
        guard let last = frames.last else { return nil }
        return last.presentationTime + (last.duration ?? 0)
    }
}
