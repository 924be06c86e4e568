import CGStreamer
import CompositorCore

/// The Y'CbCr layouts the decoder hands out: the formats the renderers take as they are.
public enum VideoPixelFormat: Sendable, Equatable {
    /// Three planes: Y' at full size, Cb and Cr at half width and half height.
    case i420
    /// Two planes: Y' at full size, interleaved CbCr at half width and half height.
    case nv12
}

/// The matrix that turns Y'CbCr into R'G'B'.
public enum YCbCrMatrix: Sendable, Equatable {
    /// ITU-R BT.601 (standard definition).
    case bt601
    /// ITU-R BT.709 (high definition).
    case bt709
    /// ITU-R BT.2020 (ultra high definition, non-constant luminance).
    case bt2020
}

/// One plane of a frame, read-only, valid while its frame lives.
public struct VideoPlane: @unchecked Sendable {
    /// The first byte of the plane's first row.
    public let baseAddress: UnsafeRawPointer
    /// The bytes from one row to the next.
    public let bytesPerRow: Int
    /// The plane's width in samples (an NV12 chroma sample is two bytes).
    public let width: Int
    /// The plane's height in rows.
    public let height: Int
}

/// A decoded frame as GStreamer produced it: its planes mapped in place (no copy), its
/// timestamp in the media's stream time and its colorimetry. The frame holds its GStreamer
/// buffer until it is released; planes must not be read after that.
public final class DecodedVideoFrame: @unchecked Sendable {
    // The mapping is written once, in init, and only read afterwards (GStreamer buffers mapped
    // for reading may be read from any thread).
    private let mapped: UnsafeMutablePointer<qc_gst_mapped_frame>
    private let sample: OpaquePointer

    /// The pixel layout.
    public let format: VideoPixelFormat
    /// The frame's size in pixels.
    public let width: Int, height: Int
    /// The planes: three for I420, two for NV12.
    public let planes: [VideoPlane]
    /// The presentation time, in seconds of stream time.
    public let presentationTime: Double
    /// How long the frame shows, in seconds, or nil when the stream does not say.
    public let duration: Double?
    /// The Y'CbCr matrix of the caps' colorimetry (BT.601 when the caps do not say and the frame
    /// is smaller than 720 rows, BT.709 otherwise).
    public let matrix: YCbCrMatrix
    /// Whether the samples use the full 0...255 range instead of 16...235 (luma) / 16...240 (chroma).
    public let isFullRange: Bool
    /// The pixel aspect ratio (width over height of one pixel).
    public let pixelAspectRatio: Double
    /// Where the chroma samples lie against the luma samples: the caps' `chroma-site`, or
    /// MPEG-2's (co-sited horizontally, halfway vertically) when the caps do not say, the
    /// default of H.264 and HEVC streams (`chroma_sample_loc_type` 0).
    public let chromaSiting: ChromaSiting

    /// Maps the video frame of a sample (taking its own reference), or nil when it is not I420
    /// or NV12 raw video.
    init?(sample: OpaquePointer) {
        let mapped = UnsafeMutablePointer<qc_gst_mapped_frame>.allocate(capacity: 1)
        guard qc_gst_map_frame(sample, mapped) != 0 else { mapped.deallocate(); return nil }
        let format: VideoPixelFormat
        switch mapped.pointee.format {
        case GST_VIDEO_FORMAT_I420: format = .i420
        case GST_VIDEO_FORMAT_NV12: format = .nv12
        default:
            qc_gst_unmap_frame(mapped); mapped.deallocate()
            return nil
        }
        self.mapped = mapped
        self.sample = sample
        gst_mini_object_ref(UnsafeMutableRawPointer(sample).assumingMemoryBound(to: GstMiniObject.self))
        self.format = format
        let w = Int(mapped.pointee.width), h = Int(mapped.pointee.height)
        width = w; height = h
        let cw = (w + 1) / 2, ch = (h + 1) / 2
        let data = [mapped.pointee.data.0, mapped.pointee.data.1, mapped.pointee.data.2]
        let strides = [mapped.pointee.stride.0, mapped.pointee.stride.1, mapped.pointee.stride.2]
        let sizes = format == .i420 ? [(w, h), (cw, ch), (cw, ch)] : [(w, h), (cw, ch)]
        planes = sizes.enumerated().map { i, size in
            VideoPlane(baseAddress: UnsafeRawPointer(data[i]!), bytesPerRow: Int(strides[i]), width: size.0, height: size.1)
        }
        presentationTime = mapped.pointee.pts >= 0 ? Double(mapped.pointee.pts) / 1e9 : 0
        duration = mapped.pointee.duration >= 0 ? Double(mapped.pointee.duration) / 1e9 : nil
        switch mapped.pointee.matrix {
        case 1: matrix = .bt601
        case 2: matrix = .bt709
        case 3: matrix = .bt2020
        default: matrix = h >= 720 ? .bt709 : .bt601
        }
        isFullRange = mapped.pointee.full_range != 0
        chromaSiting = ChromaSiting(gstreamerFlags: mapped.pointee.chroma_site)
        pixelAspectRatio = mapped.pointee.par_d > 0 && mapped.pointee.par_n > 0
            ? Double(mapped.pointee.par_n) / Double(mapped.pointee.par_d) : 1
    }

    deinit {
        qc_gst_unmap_frame(mapped)
        mapped.deallocate()
        gst_mini_object_unref(UnsafeMutableRawPointer(sample).assumingMemoryBound(to: GstMiniObject.self))
    }

    /// The luma sample at (x, y) (for tests and probes).
    public func luma(x: Int, y: Int) -> UInt8 {
        planes[0].baseAddress.load(fromByteOffset: y * planes[0].bytesPerRow + x, as: UInt8.self)
    }
}
