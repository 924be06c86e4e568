import Foundation

/// An error from encoding, decoding, reading or writing an image (a Linux addition).
public enum CGImageError: Error, Equatable, CustomStringConvertible {
    /// The data is not a valid image of the expected format; the string says why.
    case invalidData(String)
    /// The image's declared dimensions exceed the limits (16384 pixels a side, 256 MiB of pixels).
    case tooLarge(width: Int, height: Int)
    /// Reading or writing a file failed; the string says why.
    case ioFailure(String)

    /// A sentence describing the error.
    public var description: String {
        switch self {
        case .invalidData(let reason): "Invalid image data: \(reason)"
        case .tooLarge(let width, let height):
            "Image of \(width)×\(height) pixels exceeds the limits of \(CGImage.maximumDimension) pixels a side "
                + "and \(CGImage.maximumByteCount) bytes"
        case .ioFailure(let reason): "Image file I/O failed: \(reason)"
        }
    }
}
