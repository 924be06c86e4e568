import CGStreamer

/// Where the chroma samples of a decoded 4:2:0 frame lie against its luma samples, on each
/// axis: on the first luma sample of their pair (co-sited) or halfway between the two.
public struct ChromaSite: Sendable, Equatable {
    /// Whether chroma sits on the left luma sample of its pair.
    public var isHorizontallyCosited: Bool
    /// Whether chroma sits on the upper luma row of its pair.
    public var isVerticallyCosited: Bool

    /// Creates a chroma site.
    public init(isHorizontallyCosited: Bool, isVerticallyCosited: Bool) {
        self.isHorizontallyCosited = isHorizontallyCosited
        self.isVerticallyCosited = isVerticallyCosited
    }

    /// MPEG-2's site, the default of H.264 and HEVC: co-sited horizontally, halfway vertically.
    public static let mpeg2 = ChromaSite(isHorizontallyCosited: true, isVerticallyCosited: false)

    /// The site GStreamer's `GstVideoChromaSite` flags describe; MPEG-2's for `0` (unknown).
    init(gstreamerFlags flags: Int32) {
        guard flags != 0 else { self = .mpeg2; return }
        self.init(isHorizontallyCosited: flags & Int32(qc_gst_chroma_site_h_cosited) != 0,
                  isVerticallyCosited: flags & Int32(qc_gst_chroma_site_v_cosited) != 0)
    }
}
