import Foundation

/// The fuzz targets of `qc-fuzz`: each takes any bytes and must neither crash nor hang; bad
/// input is refused with an error or logged and ignored, as the library promises.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// PNG decoding (`CGImage.decode`) of any bytes behind a PNG signature.
    case png
    /// JPEG decoding of any bytes behind a JPEG start-of-image marker.
    case jpeg
    /// `setValue(_:forKeyPath:)` and `value(forKeyPath:)` of a layer with any key path and
    /// value, then a commit and a rendered frame.
    case keyValueCoding = "kvc"
    /// A `CAKeyframeAnimation` with values, key times, timing functions and a path of any
    /// length and content, added to a layer and rendered at several times.
    case keyframeAnimation = "keyframes"
    /// A `CGPath` built from any elements, measured, hit-tested, copied, and stroked and
    /// filled by a shape layer.
    case path
    /// Any sequence of draw-list commands and clips, rendered by both renderers.
    case drawList = "drawlist"
    /// Core Image filters made and given any parameters, set on a layer, then its
    /// `filters.NAME.KEY` key paths set and animated with any names and values, and rendered.
    case filters
    /// Any bytes as a media file played by `AVPlayerItem` and `AVPlayer` (GStreamer's demuxers
    /// and decoders) and drawn by an `AVPlayerLayer`: it fails or shows frames, and never hangs.
    case media

    /// Runs the target once on `data`.
    public func run(_ data: some Collection<UInt8>) {
        var input = FuzzInput(data)
        switch self {
        case .png: ImageDecoderTarget.decode(data, signature: ImageDecoderTarget.pngSignature)
        case .jpeg: ImageDecoderTarget.decode(data, signature: ImageDecoderTarget.jpegSignature)
        case .keyValueCoding: KeyValueCodingTarget.run(&input)
        case .keyframeAnimation: KeyframeAnimationTarget.run(&input)
        case .path: PathTarget.run(&input)
        case .drawList: DrawListTarget.run(&input)
        case .filters: FilterTarget.run(&input)
        case .media: MediaTarget.run(data)
        }
    }
}
