/// Why a video could not be opened or played, with the words GStreamer or the file system gave.
public enum DecodeFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// GStreamer could not be initialised or lacks the elements a pipeline needs.
    case unavailable(String)
    /// The URL is not a URI GStreamer can read (malformed, or no source for its scheme).
    case invalidURI(String)
    /// The file the URL names does not exist.
    case fileNotFound(String)
    /// The data is not a container or stream any installed demuxer recognises (an empty file included).
    case unrecognizedFormat(String)
    /// The container was recognised but could not be parsed (a truncated or damaged file).
    case damagedFile(String)
    /// No installed decoder takes the video's codec.
    case decoderNotFound(String)
    /// The media has no video track.
    case noVideoTrack
    /// The decoder failed on the data.
    case decodeFailed(String)
    /// Reading the source failed (network, permissions).
    case sourceFailed(String)

    /// The cause, in a sentence.
    public var description: String {
        switch self {
        case .unavailable(let s): return "GStreamer is unavailable: \(s)"
        case .invalidURI(let s): return "The URL cannot be played: \(s)"
        case .fileNotFound(let s): return "The file does not exist: \(s)"
        case .unrecognizedFormat(let s): return "The file format is not recognized: \(s)"
        case .damagedFile(let s): return "The file is damaged or truncated: \(s)"
        case .decoderNotFound(let s): return "No decoder for the video's codec: \(s)"
        case .noVideoTrack: return "The media has no video track"
        case .decodeFailed(let s): return "Decoding failed: \(s)"
        case .sourceFailed(let s): return "Reading the media failed: \(s)"
        }
    }

    /// Maps a GStreamer error (domain 0 core, 1 library, 2 resource, 3 stream) to its cause.
    static func from(domain: Int32, code: Int32, message: String, debug: String) -> DecodeFailure {
        let detail = debug.isEmpty ? message : "\(message) (\(debug.split(separator: "\n").last.map(String.init) ?? debug))"
        switch (domain, code) {
        case (0, 12): return .decoderNotFound(detail)  // GST_CORE_ERROR_MISSING_PLUGIN
        case (3, 6): return .decoderNotFound(detail)  // GST_STREAM_ERROR_CODEC_NOT_FOUND
        case (3, 4), (3, 5): return .unrecognizedFormat(detail)  // TYPE_NOT_FOUND, WRONG_TYPE
        case (3, 9), (3, 11): return .damagedFile(detail)  // DEMUX (qtdemux: "incomplete"), FORMAT
        case (3, 7): return .decodeFailed(detail)  // DECODE
        case (2, 3): return .fileNotFound(detail)  // RESOURCE NOT_FOUND
        case (2, _): return .sourceFailed(detail)
        default: return .decodeFailed(detail)
        }
    }
}
