import CJPEG
import Foundation

// JPEG through libjpeg(-turbo). Every libjpeg call happens inside the C functions of the CJPEG
// module, which catch libjpeg's longjmp-based errors in C, so no longjmp crosses a Swift frame.

extension CGImage {
    /// Decodes baseline or progressive JPEG data into an opaque premultiplied RGBA8 image (a Linux addition).
    ///
    /// Throws `CGImageError.tooLarge` before allocating when the declared size exceeds the limits, and
    /// `CGImageError.invalidData` for data that is not a complete, valid JPEG (truncated or corrupt
    /// data included: libjpeg's warnings count as errors).
    public static func decodeJPEG(_ data: Data) throws -> CGImage {
        CGImage(checkedPixels: try JPEGCodec.decode(data))
    }

    /// Encodes the image as a baseline JPEG (a Linux addition). JPEG has no alpha: translucent
    /// pixels are written as composited over black (their premultiplied colour).
    ///
    /// - Parameter quality: The compression quality, 0 (smallest) to 1 (best), as
    ///   `kCGImageDestinationLossyCompressionQuality` takes it; values outside are clamped.
    public func jpegData(quality: CGFloat) throws -> Data {
        try JPEGCodec.encode(self, quality: quality)
    }
}

/// JPEG decoding through the C shim in CJPEG.
enum JPEGCodec {
    /// libjpeg's working memory limit (progressive images keep every coefficient in memory).
    private static let workingMemoryLimit = 512 * 1024 * 1024

    /// The NUL-terminated message libjpeg wrote.
    private static func text(of message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `data` starts with a JPEG start-of-image marker.
    static func hasSignature(_ data: Data) -> Bool {
        data.count >= 3 && data.prefix(3).elementsEqual([0xFF, 0xD8, 0xFF])
    }

    /// Encodes an image's premultiplied colour (alpha dropped) as a JPEG of `quality` (0...1).
    static func encode(_ image: CGImage, quality: CGFloat) throws -> Data {
        var message = [CChar](repeating: 0, count: Int(QC_JPEG_MESSAGE_LENGTH))
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        // libjpeg's quality scale is 0...100; Image I/O's is 0...1.
        let libjpegQuality = Int32((min(max(quality, 0), 1) * 100).rounded())
        let encoded = image.data.withUnsafeBytes { (pixels: UnsafeRawBufferPointer) in
            qc_jpeg_encode_rgbx(pixels.bindMemory(to: UInt8.self).baseAddress, image.bytesPerRow,
                                Int32(image.width), Int32(image.height), libjpegQuality, &output, &size, &message)
        }
        defer { free(output) }
        guard encoded != 0, let output else { throw CGImageError.invalidData(text(of: message)) }
        return Data(bytes: output, count: Int(size))
    }

    /// Decodes JPEG data to RGBA8 pixels (opaque, so already premultiplied).
    static func decode(_ data: Data) throws -> DecodedPixels {
        guard hasSignature(data) else { throw CGImageError.invalidData("missing JPEG start-of-image marker") }
        var message = [CChar](repeating: 0, count: Int(QC_JPEG_MESSAGE_LENGTH))
        return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> DecodedPixels in
            let source = raw.bindMemory(to: UInt8.self)
            var width: Int32 = 0, height: Int32 = 0
            guard qc_jpeg_read_size(source.baseAddress, source.count, &width, &height, &message) != 0 else {
                throw CGImageError.invalidData(text(of: message))
            }
            let w = Int(width), h = Int(height)
            guard w > 0, h > 0 else { throw CGImageError.invalidData("JPEG declares an empty image") }
            guard w <= CGImage.maximumDimension, h <= CGImage.maximumDimension,
                  w * h * 4 <= CGImage.maximumByteCount else {
                throw CGImageError.tooLarge(width: w, height: h)
            }
            var pixels = [UInt8](repeating: 0, count: w * h * 4)
            let decoded = pixels.withUnsafeMutableBufferPointer { buffer in
                qc_jpeg_decode_rgba(source.baseAddress, source.count, buffer.baseAddress, w * 4,
                                    width, height, workingMemoryLimit, &message)
            }
            guard decoded != 0 else { throw CGImageError.invalidData(text(of: message)) }
            return DecodedPixels(width: w, height: h, data: Data(pixels))
        }
    }
}
