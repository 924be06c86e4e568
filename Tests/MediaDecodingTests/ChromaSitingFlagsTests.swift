import CGStreamer
import CompositorCore
import XCTest
@testable import MediaDecoding

/// GStreamer's chroma-site flags as a frame reports them.
final class ChromaSitingFlagsTests: XCTestCase {
    func testTheFlagsOfTheNamedSites() {
        let none = ChromaSiting(gstreamerFlags: Int32(GST_VIDEO_CHROMA_SITE_NONE.rawValue))  // "jpeg": centred
        XCTAssertEqual(none, ChromaSiting(isHorizontallyCosited: false, isVerticallyCosited: false))
        XCTAssertEqual(ChromaSiting(gstreamerFlags: Int32(GST_VIDEO_CHROMA_SITE_MPEG2.rawValue)), .mpeg2)
        XCTAssertEqual(ChromaSiting(gstreamerFlags: Int32(GST_VIDEO_CHROMA_SITE_COSITED.rawValue)),
                       ChromaSiting(isHorizontallyCosited: true, isVerticallyCosited: true))
        XCTAssertEqual(ChromaSiting(gstreamerFlags: Int32(GST_VIDEO_CHROMA_SITE_V_COSITED.rawValue)),
                       ChromaSiting(isHorizontallyCosited: false, isVerticallyCosited: true))
    }

    /// Caps that do not say (GStreamer's `unknown`) mean MPEG-2's site, the default of H.264
    /// and HEVC.
    func testUnknownIsMPEG2() {
        XCTAssertEqual(ChromaSiting(gstreamerFlags: Int32(GST_VIDEO_CHROMA_SITE_UNKNOWN.rawValue)), .mpeg2)
    }
}
