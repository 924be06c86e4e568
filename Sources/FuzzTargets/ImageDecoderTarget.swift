import CoreGraphics
import Foundation

/// Decodes fuzzed bytes as an image. The format's signature is put in front when the bytes
/// lack it, so that mutations explore the decoder rather than the format sniffing.
enum ImageDecoderTarget {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

    static func decode(_ bytes: some Collection<UInt8>, signature: [UInt8]) {
        var data = Data(bytes)
        if !data.starts(with: signature) { data = Data(signature) + data }
        guard let image = try? CGImage.decode(data) else { return }
        // A decoded image must be whole: its buffer holds every row it claims.
        precondition(image.width > 0 && image.height > 0 && image.data.count >= image.bytesPerRow * image.height,
                     "decoded \(image.width)x\(image.height) with \(image.data.count) bytes")
    }
}
