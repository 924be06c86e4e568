import CGStreamer
import Foundation
import MediaDecoding
import MediaTestSupport
import XCTest

/// The watch for a demuxer that gave up without a stream, which `DecodePipeline` reports as a
/// damaged file where decodebin2 lost the demuxer's own error (see `stalledDemuxerFailure`).
final class StalledDemuxerTests: XCTestCase {
    /// A `filesrc ! qtdemux ! fakesink` pipeline over `url`, set to PAUSED.
    private func demux(_ url: URL) throws -> UnsafeMutablePointer<GstElement> {
        var error: UnsafeMutablePointer<GError>?
        let description = "filesrc location=\"\(url.path)\" ! qtdemux ! fakesink"
        let pipeline = try XCTUnwrap(gst_parse_launch(description, &error))
        if let error { g_error_free(error) }
        gst_element_set_state(pipeline, GST_STATE_PAUSED)
        return pipeline
    }

    private func close(_ pipeline: UnsafeMutablePointer<GstElement>) {
        gst_element_set_state(pipeline, GST_STATE_NULL)
        gst_object_unref(UnsafeMutableRawPointer(pipeline))
    }

    /// The demuxer of the truncated clip (its index, the moov atom, cut off) stops reading
    /// with no stream, and the watch names it.
    func testTruncatedClipsDemuxerIsFoundStalled() throws {
        let pipeline = try demux(ClipFixtures.truncated)
        defer { close(pipeline) }
        var name: String?
        let end = Date().addingTimeInterval(10)
        while name == nil, Date() < end {
            if let found = qc_gst_stalled_demuxer(pipeline) {
                name = String(cString: found)
                g_free(found)
            }
            usleep(5000)
        }
        XCTAssertEqual(name, "qtdemux")
    }

    /// A whole clip's demuxer exposes its stream and prerolls: nothing is stalled.
    func testWholeClipsDemuxerIsNotStalled() throws {
        let pipeline = try demux(ClipFixtures.barcodeSecond)
        defer { close(pipeline) }
        XCTAssertEqual(gst_element_get_state(pipeline, nil, nil, GstClockTime(10_000_000_000)), GST_STATE_CHANGE_SUCCESS)
        XCTAssertNil(qc_gst_stalled_demuxer(pipeline))
    }
}
