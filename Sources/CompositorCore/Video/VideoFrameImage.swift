import CoreGraphics
import Foundation

/// A decoded video frame as a layer's content: Y'CbCr planes in the decoder's memory, read in
/// place by the renderers (the GLES renderer uploads them as they are and converts in a shader;
/// the CPU renderer converts them once per frame). Its identity decides when a renderer uploads:
/// a paused video draws the same object frame after frame, and uploads nothing.
public final class VideoFrameImage: Sendable {
    /// The planar layouts the renderers take.
    public enum Layout: Sendable, Equatable {
        /// Y', then Cb and Cr, each at half width and height.
        case i420
        /// Y', then interleaved CbCr at half width and height.
        case nv12
    }

    /// One plane: its first byte, the bytes from row to row, and its size in samples.
    public struct Plane: @unchecked Sendable {
        /// The first byte of the first row (valid while the frame lives).
        public let baseAddress: UnsafeRawPointer
        /// The bytes from one row to the next.
        public let bytesPerRow: Int
        /// The width in samples (an NV12 chroma sample is two bytes).
        public let width: Int
        /// The height in rows.
        public let height: Int
        /// Creates a plane description.
        public init(baseAddress: UnsafeRawPointer, bytesPerRow: Int, width: Int, height: Int) {
            self.baseAddress = baseAddress; self.bytesPerRow = bytesPerRow; self.width = width; self.height = height
        }
    }

    /// The plane layout.
    public let layout: Layout
    /// The frame's size in pixels.
    public let width: Int, height: Int
    /// Three planes for I420, two for NV12.
    public let planes: [Plane]
    /// How the samples become R'G'B'.
    public let conversion: YCbCrConversion
    /// Where the chroma samples lie against the luma samples, which the renderers upsample from.
    public let chromaSiting: ChromaSiting
    /// What keeps the planes' memory alive (the decoder's buffer).
    private let storage: any Sendable

    /// Describes a frame whose planes `storage` keeps alive; its chroma lies as `chromaSiting`
    /// says (by default MPEG-2's, the siting of H.264 and HEVC streams that do not say).
    public init(layout: Layout, width: Int, height: Int, planes: [Plane], conversion: YCbCrConversion,
                chromaSiting: ChromaSiting = .mpeg2, storage: any Sendable) {
        precondition(planes.count == (layout == .i420 ? 3 : 2), "I420 has three planes, NV12 two")
        self.layout = layout; self.width = width; self.height = height; self.planes = planes
        self.conversion = conversion; self.chromaSiting = chromaSiting; self.storage = storage
    }

    /// The bytes of the planes (what one upload of the frame moves).
    public var byteCount: Int {
        planes.enumerated().reduce(0) { sum, plane in
            sum + plane.element.width * plane.element.height * (layout == .nv12 && plane.offset == 1 ? 2 : 1)
        }
    }

    /// The sample of plane `plane` at (x, y); for NV12's chroma plane, `component` 0 is Cb, 1 Cr.
    @inline(__always)
    func sample(plane: Int, x: Int, y: Int, component: Int = 0) -> UInt8 {
        let p = planes[plane]
        let stride = layout == .nv12 && plane == 1 ? 2 : 1
        return p.baseAddress.load(fromByteOffset: y * p.bytesPerRow + x * stride + component, as: UInt8.self)
    }

    /// The image a `TextureSource` of a video frame carries for code that reads only an image's
    /// identity: one transparent pixel, shared. Renderers read the frame instead.
    static let placeholder = CGImage(width: 1, height: 1, bytesPerRow: 4, data: Data(count: 4))!
}
