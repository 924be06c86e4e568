import CGStreamer
import CompositorCore

extension ChromaSiting {
    /// The siting GStreamer's `GstVideoChromaSite` flags describe; MPEG-2's for `0` (the caps
    /// do not say), the default of H.264 and HEVC streams (`chroma_sample_loc_type` 0).
    init(gstreamerFlags flags: Int32) {
        guard flags != 0 else { self = .mpeg2; return }
        self.init(isHorizontallyCosited: flags & Int32(qc_gst_chroma_site_h_cosited) != 0,
                  isVerticallyCosited: flags & Int32(qc_gst_chroma_site_v_cosited) != 0)
    }
}
