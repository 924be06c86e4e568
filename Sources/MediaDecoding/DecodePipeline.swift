import CGStreamer
import Foundation

/// What a pipeline reported since it was last polled.
public enum PipelineEvent: Sendable, Equatable {
    /// The pipeline reached its target state (prerolled after opening or after a seek).
    case asyncDone
    /// The decoder has delivered its last frame.
    case endOfStream
    /// The pipeline failed; it delivers nothing more.
    case failed(DecodeFailure)
}

/// A GStreamer `playbin` whose video ends in an `appsink` that takes I420 or NV12 as decoded
/// (no conversion), and whose audio plays through `autoaudiosink` (or a `fakesink` when no
/// audio output is wanted or none exists).
///
/// The app needs no GLib main loop: the owner polls the bus (`poll()`) and pulls frames
/// (`pullFrame(timeout:)`) from a thread of its own. The appsink does not sync to the clock: the
/// owner chooses which decoded frame to show at each moment and pulls ahead as far as the
/// sink's queue (`queueDepth` frames) lets the decoder run. Every method may be called from any
/// thread, one at a time.
public final class DecodePipeline: @unchecked Sendable {
    /// The caps the video sink accepts: the planar layouts both renderers upload as they are.
    public static let acceptedCaps = "video/x-raw,format=(string){NV12,I420}"

    private let playbin: UnsafeMutablePointer<GstElement>
    private let sink: UnsafeMutablePointer<GstElement>
    private let bus: UnsafeMutablePointer<GstBus>
    /// The URI being played.
    public let uri: String
    /// Whether the pipeline has prerolled once since it opened (the stall watch then ends).
    private var hasPrerolled = false
    /// When the stall watch last found a demuxer stopped without streams (nil: it has not).
    private var stallSeenAt: Double?
    private var stallReported = false
    private var lastStallCheck = 0.0
    private let openedAt = ProcessInfo.processInfo.systemUptime

    /// Builds the pipeline for `uri` and starts prerolling it (PAUSED). Checks first what can be
    /// told without GStreamer: a file URI whose file is missing, or a URI no source takes.
    public init(uri: String, playsAudio: Bool, queueDepth: Int = 4) throws(DecodeFailure) {
        try GStreamerRuntime.initialize()
        self.uri = uri
        if let url = URL(string: uri), url.isFileURL {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw .fileNotFound(url.path)
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
            if size == 0 { throw .unrecognizedFormat("\(url.path) is empty (0 bytes)") }
        }
        guard qc_gst_uri_is_playable(uri) != 0 else { throw .invalidURI(uri) }
        var sinkOut: UnsafeMutablePointer<GstElement>?
        guard let playbin = qc_gst_playbin_new(uri, Self.acceptedCaps, playsAudio && AudioOutputProbe.isAvailable ? 1 : 0, guint(max(1, queueDepth)), &sinkOut),
              let sink = sinkOut else {
            throw .unavailable("the playbin and appsink elements (gstreamer1.0-plugins-base) are missing")
        }
        self.playbin = playbin
        self.sink = sink
        bus = gst_element_get_bus(playbin)
        if gst_element_set_state(playbin, GST_STATE_PAUSED) == GST_STATE_CHANGE_FAILURE {
            // The error itself arrives on the bus; poll() reports it.
            MediaDecodingLog.logger.debug("\(uri): the change to PAUSED failed at once")
        }
    }

    deinit {
        gst_element_set_state(playbin, GST_STATE_NULL)
        gst_object_unref(UnsafeMutableRawPointer(bus))
        gst_object_unref(UnsafeMutableRawPointer(sink))
        gst_object_unref(UnsafeMutableRawPointer(playbin))
    }

    /// The events on the bus since the last poll, oldest first; returns at once.
    public func poll() -> [PipelineEvent] {
        var events: [PipelineEvent] = []
        let wanted = GstMessageType(GST_MESSAGE_ERROR.rawValue | GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ASYNC_DONE.rawValue)
        while let message = gst_bus_pop_filtered(bus, wanted) {
            defer { gst_mini_object_unref(UnsafeMutableRawPointer(message).assumingMemoryBound(to: GstMiniObject.self)) }
            let type = qc_gst_message_type(message)
            if type == GST_MESSAGE_EOS {
                events.append(.endOfStream)
            } else if type == GST_MESSAGE_ASYNC_DONE {
                hasPrerolled = true
                events.append(.asyncDone)
            } else if type == GST_MESSAGE_ERROR {
                let parsed = qc_gst_parse_error(message)
                let text = parsed.message.map { String(cString: $0) } ?? "unknown error"
                let debug = parsed.debug.map { String(cString: $0) } ?? ""
                g_free(parsed.message); g_free(parsed.debug)
                let failure = DecodeFailure.from(domain: parsed.domain, code: parsed.code, message: text, debug: debug)
                MediaDecodingLog.logger.error("\(uri): \(failure)")
                events.append(.failed(failure))
            }
        }
        if events.isEmpty, let stall = stalledDemuxerFailure() { events.append(.failed(stall)) }
        return events
    }

    /// The failure of a demuxer that stopped before exposing a stream while the pipeline opened,
    /// once it has been seen stopped on two checks 50 ms apart (so that an error GStreamer does
    /// post arrives first and names the cause in its own words); nil otherwise. decodebin2 drops
    /// the error of a demuxer that fails while decodebin is still starting it (a race: a
    /// truncated MP4 lost its error in one run of four on a loaded machine), after which no
    /// preroll, no error and no end of stream ever come.
    private func stalledDemuxerFailure() -> DecodeFailure? {
        let now = ProcessInfo.processInfo.systemUptime
        guard !hasPrerolled, !stallReported, now - lastStallCheck >= 0.05 else { return nil }
        lastStallCheck = now
        guard let name = qc_gst_stalled_demuxer(playbin) else {
            stallSeenAt = nil
            return nil
        }
        defer { g_free(name) }
        guard let seen = stallSeenAt else {
            stallSeenAt = now
            return nil
        }
        guard now - seen >= 0.05 else { return nil }
        stallReported = true
        let seconds = String(format: "%.1f", now - openedAt)
        let failure = DecodeFailure.damagedFile(
            "\(uri): the demuxer (\(String(cString: name))) stopped without finding a playable stream after \(seconds) s")
        MediaDecodingLog.logger.error("\(failure)")
        return failure
    }

    /// The number of video streams found (valid after the first `asyncDone`).
    public var videoStreamCount: Int { Int(qc_gst_video_stream_count(playbin)) }

    /// The duration in seconds, or nil when the pipeline does not know it (a live stream).
    public var duration: Double? {
        var nanoseconds: gint64 = -1
        guard gst_element_query_duration(playbin, GST_FORMAT_TIME, &nanoseconds) != 0, nanoseconds >= 0 else { return nil }
        return Double(nanoseconds) / 1e9
    }

    /// Starts (true) or pauses (false) the pipeline. Paused, it holds one prerolled frame.
    public func setPlaying(_ playing: Bool) {
        gst_element_set_state(playbin, playing ? GST_STATE_PLAYING : GST_STATE_PAUSED)
    }

    /// Seeks to `seconds` of stream time, flushing the frames queued so far. `exact` decodes
    /// from the previous key frame up to the frame at the time (GStreamer's accurate seek); else
    /// it lands on the key frame at or before it. The pipeline prerolls again: an `asyncDone`
    /// follows.
    @discardableResult
    public func seek(to seconds: Double, exact: Bool) -> Bool {
        let position = gint64(max(0, seconds) * 1e9)
        let flags = exact
            ? GstSeekFlags(GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
            : GstSeekFlags(GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_KEY_UNIT.rawValue | GST_SEEK_FLAG_SNAP_BEFORE.rawValue)
        return gst_element_seek_simple(playbin, GST_FORMAT_TIME, flags, position) != 0
    }

    /// The next decoded frame, waiting at most `timeout` seconds; nil when none came (paused,
    /// at the end, or the decoder is not that fast). Paused, this returns the prerolled frame.
    public func pullFrame(timeout: Double, preroll: Bool) -> DecodedVideoFrame? {
        let appsink = UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GstAppSink.self)
        let ns = GstClockTime(max(0, timeout) * 1e9)
        guard let sample = preroll ? gst_app_sink_try_pull_preroll(appsink, ns) : gst_app_sink_try_pull_sample(appsink, ns) else {
            return nil
        }
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(sample).assumingMemoryBound(to: GstMiniObject.self)) }
        return DecodedVideoFrame(sample: sample)
    }

    /// Whether the video sink has reached the end of the stream (no frames will come).
    public var isAtEnd: Bool {
        gst_app_sink_is_eos(UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GstAppSink.self)) != 0
    }

    /// Sets the linear audio volume (1 is unchanged).
    public func setVolume(_ volume: Double) { qc_gst_set_volume(playbin, volume) }

    /// Mutes or unmutes the audio.
    public func setMuted(_ muted: Bool) { qc_gst_set_mute(playbin, muted ? 1 : 0) }
}
