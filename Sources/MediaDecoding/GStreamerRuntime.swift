import CGStreamer

/// GStreamer, initialised once per process on first use.
public enum GStreamerRuntime {
    private static let initialization: Result<Void, DecodeFailure> = {
        var message: UnsafeMutablePointer<CChar>?
        guard qc_gst_init(&message) != 0 else {
            let text = message.map { String(cString: $0) } ?? "unknown"
            g_free(message)
            MediaDecodingLog.logger.error("GStreamer failed to initialise: \(text)")
            return .failure(.unavailable(text))
        }
        return .success(())
    }()

    /// Initialises GStreamer if it is not yet, or throws why it cannot be.
    public static func initialize() throws(DecodeFailure) {
        try initialization.get()
    }
}
