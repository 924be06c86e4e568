import CGStreamer
import Foundation

/// Runs a GStreamer pipeline description to its end: how tests and demos make their clips
/// (`videotestsrc`, or raw frames through `filesrc ! rawvideoparse`, into `x264enc ! mp4mux`).
public enum ClipWriter {
    /// Runs `description` (gst-launch syntax) until end of stream, or throws the first error.
    public static func run(_ description: String, timeout: Double = 120) throws(DecodeFailure) {
        try GStreamerRuntime.initialize()
        var error: UnsafeMutablePointer<GError>?
        guard let pipeline = gst_parse_launch(description, &error) else {
            let text = error.map { String(cString: $0.pointee.message) } ?? "cannot parse"
            if let error { g_error_free(error) }
            throw .unavailable("\(text): \(description)")
        }
        if let error { g_error_free(error) }  // a recoverable parse warning
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(UnsafeMutableRawPointer(pipeline))
        }
        let bus = gst_element_get_bus(pipeline)!
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        gst_element_set_state(pipeline, GST_STATE_PLAYING)
        let wanted = GstMessageType(GST_MESSAGE_ERROR.rawValue | GST_MESSAGE_EOS.rawValue)
        guard let message = gst_bus_timed_pop_filtered(bus, GstClockTime(timeout * 1e9), wanted) else {
            throw .sourceFailed("the pipeline did not finish in \(timeout) s: \(description)")
        }
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(message).assumingMemoryBound(to: GstMiniObject.self)) }
        if qc_gst_message_type(message) == GST_MESSAGE_ERROR {
            let parsed = qc_gst_parse_error(message)
            let text = parsed.message.map { String(cString: $0) } ?? "unknown error"
            let debug = parsed.debug.map { String(cString: $0) } ?? ""
            g_free(parsed.message); g_free(parsed.debug)
            throw DecodeFailure.from(domain: parsed.domain, code: parsed.code, message: text, debug: debug)
        }
    }
}
