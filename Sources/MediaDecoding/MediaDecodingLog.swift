import Logging

/// Where the GStreamer layer reports pipelines it could not build and errors it mapped.
enum MediaDecodingLog {
    static let logger = Logger(label: "MediaDecoding")
}
