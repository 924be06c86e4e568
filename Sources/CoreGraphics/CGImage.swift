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
    /// The number of bytes from the start of one row to the start of the next, in `data` and in
    /// the provider's bytes. (An image made from 24-bit RGB or 8-bit gray provider bytes differs
    /// from Apple's here: this is the row length of its RGBA `data`, not of the provider's bytes.)
    public let bytesPerRow: Int
    /// The number of bits in each colour component: 8.
    public var bitsPerComponent: Int { layout?.bitsPerComponent ?? 8 }
    /// The number of bits in each pixel: 32 (R, G, B, A) unless the image was made from a
    /// provider's bytes in another layout (24 for RGB, 8 for gray).
    public var bitsPerPixel: Int { layout?.bitsPerPixel ?? 32 }
    /// The pixels: premultiplied RGBA8 in the sRGB colour space, `bytesPerRow * height` bytes
    /// (a Linux addition; an image made from a provider keeps the provider's bytes as well).
    public let data: Data
    /// How this image differs from the image it was redrawn from, when it was made by a partial
    /// redraw; nil for images made from scratch (a Linux addition, see `CGImageIncrementalUpdate`).
    public let incrementalUpdate: CGImageIncrementalUpdate?
    /// The layout an image made from a data provider declared, with the provider; nil for images
    /// the library made (decoded, rendered, drawn), whose layout is `data`'s. (Declared last so
    /// the other stored properties keep their offsets.)
    let layout: CGImageLayout?

    /// Creates an image from premultiplied RGBA8 pixels.
    ///
    /// Returns `nil` when the dimensions are not positive, when `bytesPerRow` is smaller than
    /// `width * 4`, or when `data` holds fewer than `bytesPerRow * height` bytes.
    public init?(width: Int, height: Int, bytesPerRow: Int, data: Data) {
        guard width > 0, height > 0, width <= Int.max / 4, bytesPerRow >= width * 4,
              height <= Int.max / bytesPerRow, data.count >= bytesPerRow * height else { return nil }
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.data = data
        incrementalUpdate = nil
        layout = nil
    }

    /// Creates an image of pixels whose size the caller has checked, recording the part that
    /// differs from the image it was redrawn from.
    init(checkedWidth width: Int, height: Int, bytesPerRow: Int, data: Data, update: CGImageIncrementalUpdate?,
         layout: CGImageLayout? = nil) {
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.data = data
        incrementalUpdate = update
        self.layout = layout
    }

    /// Creates an image from tightly packed pixels whose size the caller has already checked.
    init(checkedPixels pixels: DecodedPixels) {
        width = pixels.width
        height = pixels.height
        bytesPerRow = pixels.width * 4
        data = pixels.data
        incrementalUpdate = nil
        layout = nil
    }

    /// Returns the premultiplied red, green, blue and alpha of the pixel at column `x` and row `y`
    /// (row 0 is the top), or `nil` outside the image. This method is a Linux addition for tests and read-back.
    public func premultipliedPixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        let offset = data.startIndex + y * bytesPerRow + x * 4
        return (data[offset], data[offset + 1], data[offset + 2], data[offset + 3])
    }
}

/// Tightly packed premultiplied RGBA8 pixels with positive dimensions that match the byte count.
struct DecodedPixels {
    var width: Int
    var height: Int
    var data: Data
}
