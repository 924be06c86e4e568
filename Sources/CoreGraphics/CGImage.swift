import Foundation

/// A bitmap image: premultiplied RGBA, 8 bits per component, rows stored top row first.
///
/// Images are immutable and are compared by identity, as Core Graphics images are: a layer's
/// texture is uploaded again only when its `contents` refers to a different image object.
public final class CGImage: Sendable {
    /// The width of the image, in pixels.
    public let width: Int
    /// The height of the image, in pixels.
    public let height: Int
    /// The number of bytes from the start of one row to the start of the next.
    public let bytesPerRow: Int
    /// The number of bits in each colour component: always 8.
    public var bitsPerComponent: Int { 8 }
    /// The number of bits in each pixel: always 32 (R, G, B, A).
    public var bitsPerPixel: Int { 32 }
    /// The pixels: premultiplied RGBA8 in the sRGB colour space, `bytesPerRow * height` bytes.
    public let data: Data

    /// Creates an image from premultiplied RGBA8 pixels.
    ///
    /// Returns `nil` when the dimensions are not positive, when `bytesPerRow` is smaller than
    /// `width * 4`, or when `data` holds fewer than `bytesPerRow * height` bytes.
    public init?(width: Int, height: Int, bytesPerRow: Int, data: Data) {
        guard width > 0, height > 0, bytesPerRow >= width * 4,
              height <= Int.max / bytesPerRow, data.count >= bytesPerRow * height else { return nil }
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.data = data
    }
}
