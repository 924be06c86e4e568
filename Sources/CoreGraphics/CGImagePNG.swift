import CPNG
import Foundation

// PNG through libpng's simplified API (png_image): it reports errors through return codes and
// `png_image.message`, so libpng's setjmp/longjmp error handling never unwinds through Swift frames.

extension CGImage {
    /// The largest width or height a decoded image may declare.
    public static let maximumDimension = 16_384
    /// The largest number of pixel bytes (4 per pixel) a decoded image may declare: 256 MiB.
    public static let maximumByteCount = 256 * 1024 * 1024

    /// Decodes PNG data of any colour type and bit depth into a premultiplied RGBA8 image (a Linux addition).
    ///
    /// Throws `CGImageError.tooLarge` before allocating when the declared size exceeds the limits, and
    /// `CGImageError.invalidData` for data that is not a complete, valid PNG.
    public static func decodePNG(_ data: Data) throws -> CGImage {
        CGImage(checkedPixels: try PNGCodec.decode(data))
    }

    /// Creates an image by reading and decoding a PNG file (a Linux addition).
    public convenience init(contentsOfPNGFile url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CGImageError.ioFailure("cannot read \(url.path): \(error.localizedDescription)")
        }
        self.init(checkedPixels: try PNGCodec.decode(data))
    }

    /// Encodes the image as an 8-bit RGBA PNG with straight (not premultiplied) alpha (a Linux addition).
    public func pngData() throws -> Data {
        try PNGCodec.encode(self)
    }

    /// Encodes the image as PNG and writes it to a file, replacing any file there (a Linux addition).
    public func writePNG(to url: URL) throws {
        let encoded = try pngData()
        do {
            try encoded.write(to: url, options: .atomic)
        } catch {
            throw CGImageError.ioFailure("cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}

/// PNG encoding and decoding with libpng's simplified API.
enum PNGCodec {
    /// RGBA, 8 bits per channel, straight alpha, sRGB (PNG_FORMAT_RGBA).
    private static let rgbaFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Decodes PNG data to premultiplied RGBA8 pixels.
    static func decode(_ data: Data) throws -> DecodedPixels {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count >= signature.count, data.prefix(signature.count).elementsEqual(signature) else {
            throw CGImageError.invalidData("missing PNG signature")
        }
        var image = newImage()
        defer { png_image_free(&image) }
        // libpng reads from the buffer until png_image_finish_read returns, so both calls stay inside.
        var pixels = try data.withUnsafeBytes { (source: UnsafeRawBufferPointer) -> [UInt8] in
            guard png_image_begin_read_from_memory(&image, source.baseAddress, source.count) != 0 else {
                throw CGImageError.invalidData(message(of: image))
            }
            let width = Int(image.width), height = Int(image.height)
            guard width <= CGImage.maximumDimension, height <= CGImage.maximumDimension,
                  width * height * 4 <= CGImage.maximumByteCount else {
                throw CGImageError.tooLarge(width: width, height: height)
            }
            image.format = rgbaFormat
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBytes { buffer in
                png_image_finish_read(&image, nil, buffer.baseAddress, png_int_32(width * 4), nil)
            }
            guard finished != 0 else { throw CGImageError.invalidData(message(of: image)) }
            return pixels
        }
        premultiply(&pixels)
        return DecodedPixels(width: Int(image.width), height: Int(image.height), data: Data(pixels))
    }

    /// Encodes an image as an 8-bit RGBA PNG.
    static func encode(_ cgImage: CGImage) throws -> Data {
        let pixels = straightPixels(of: cgImage)
        var image = newImage()
        defer { png_image_free(&image) }
        image.width = png_uint_32(cgImage.width)
        image.height = png_uint_32(cgImage.height)
        image.format = rgbaFormat
        let stride = png_int_32(cgImage.width * 4)
        var size: png_alloc_size_t = 0
        // The first call measures the encoded size; the second writes into a buffer of that size.
        guard png_image_write_to_memory(&image, nil, &size, 0, pixels, stride, nil) != 0 else {
            throw CGImageError.invalidData(message(of: image))
        }
        var encoded = [UInt8](repeating: 0, count: Int(size))
        let written = encoded.withUnsafeMutableBytes { buffer in
            png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, pixels, stride, nil)
        }
        guard written != 0 else { throw CGImageError.invalidData(message(of: image)) }
        return Data(encoded.prefix(Int(size)))
    }

    /// A zeroed control structure for this libpng version.
    private static func newImage() -> png_image {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        return image
    }

    /// libpng's error or warning message for an image.
    private static func message(of image: png_image) -> String {
        var buffer = image.message
        let text = withUnsafeBytes(of: &buffer) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng failed without a message" : text
    }

    /// Premultiplies straight RGBA8 pixels in place, rounding to nearest.
    private static func premultiply(_ pixels: inout [UInt8]) {
        for offset in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = UInt32(pixels[offset + 3])
            guard alpha < 255 else { continue }
            for channel in offset..<(offset + 3) {
                pixels[channel] = UInt8((UInt32(pixels[channel]) * alpha + 127) / 255)
            }
        }
    }

    /// The image's pixels, tightly packed, with alpha un-premultiplied (rounded to nearest, clamped to 255).
    private static func straightPixels(of image: CGImage) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: image.width * image.height * 4)
        image.data.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let from = y * image.bytesPerRow + x * 4, to = (y * image.width + x) * 4
                    let alpha = UInt32(source[from + 3])
                    pixels[to + 3] = UInt8(alpha)
                    guard alpha > 0 else { continue }
                    for channel in 0..<3 {
                        let straight = (UInt32(source[from + channel]) * 255 + alpha / 2) / alpha
                        pixels[to + channel] = UInt8(min(straight, 255))
                    }
                }
            }
        }
        return pixels
    }
}
