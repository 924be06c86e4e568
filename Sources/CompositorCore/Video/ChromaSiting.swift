/// Where the chroma samples of a 4:2:0 frame lie against its luma samples: each chroma sample
/// stands for a 2×2 block of luma samples and sits, on each axis, either on the first of the
/// two (co-sited) or halfway between them (interstitial).
///
/// Both renderers upsample chroma bilinearly from these positions to every luma sample (a
/// pixel between two chroma samples takes both, weighted by distance), as GStreamer's
/// `videoconvert` does, instead of giving each pixel of a block the block's sample.
public struct ChromaSiting: Sendable, Hashable {
    /// Whether a chroma sample sits on the left luma sample of its pair; else halfway between.
    public var isHorizontallyCosited: Bool
    /// Whether a chroma sample sits on the upper luma row of its pair; else halfway between.
    public var isVerticallyCosited: Bool

    /// Creates a siting.
    public init(isHorizontallyCosited: Bool, isVerticallyCosited: Bool) {
        self.isHorizontallyCosited = isHorizontallyCosited
        self.isVerticallyCosited = isVerticallyCosited
    }

    /// MPEG-2's siting ("left"): co-sited horizontally, halfway vertically. The default of
    /// H.264 and HEVC streams that do not say (their `chroma_sample_loc_type` 0).
    public static let mpeg2 = ChromaSiting(isHorizontallyCosited: true, isVerticallyCosited: false)
    /// JPEG's and MPEG-1's siting ("center"): halfway on both axes.
    public static let centered = ChromaSiting(isHorizontallyCosited: false, isVerticallyCosited: false)
    /// Co-sited on both axes ("top-left"), as BT.2020 and DV place chroma.
    public static let cosited = ChromaSiting(isHorizontallyCosited: true, isVerticallyCosited: true)

    /// The chroma samples a luma sample at `index` takes on one axis and the weight of the
    /// second: sample `first` weighted 1 − `weight`, `first` + 1 weighted `weight` (both
    /// clamped to the plane's `count` samples by the caller). The weights are 0, 1/4, 1/2 or 3/4.
    @inline(__always)
    static func neighbours(of index: Int, cosited: Bool) -> (first: Int, weight: Float) {
        if cosited { return (index >> 1, index & 1 == 0 ? 0 : 0.5) }
        return index & 1 == 0 ? ((index >> 1) - 1, 0.75) : (index >> 1, 0.25)
    }

    /// The chroma rows a luma row `row` takes and the weight of the second, clamped to `count`
    /// rows: the vertical step of the upsampling.
    public func rows(for row: Int, count: Int) -> (upper: Int, lower: Int, weight: Float) {
        let (first, weight) = Self.neighbours(of: row, cosited: isVerticallyCosited)
        return (min(max(first, 0), count - 1), min(max(first + 1, 0), count - 1), weight)
    }
}
