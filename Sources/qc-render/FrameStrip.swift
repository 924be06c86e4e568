import Foundation
import QuartzCore

/// Frames of one size laid side by side, left to right, in one image.
enum FrameStrip {
    enum Error: Swift.Error, CustomStringConvertible {
        case mismatchedSizes
        case invalidStrip(width: Int, height: Int)
        var description: String {
            switch self {
            case .mismatchedSizes: "the frames of a strip must all have the same size"
            case .invalidStrip(let width, let height): "a strip of \(width)x\(height) pixels cannot be made"
            }
        }
    }

    /// One image `images.count` frames wide holding `images` in order.
    static func joining(_ images: [CGImage]) throws -> CGImage {
        guard let first = images.first, images.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
            throw Error.mismatchedSizes
        }
        let frameRowBytes = first.width * 4
        let bytesPerRow = frameRowBytes * images.count
        var data = Data(count: bytesPerRow * first.height)
        data.withUnsafeMutableBytes { strip in
            for (index, image) in images.enumerated() {
                image.data.withUnsafeBytes { frame in
                    for row in 0..<first.height {
                        let source = frame.baseAddress! + row * image.bytesPerRow
                        let destination = strip.baseAddress! + row * bytesPerRow + index * frameRowBytes
                        destination.copyMemory(from: source, byteCount: frameRowBytes)
                    }
                }
            }
        }
        guard let strip = CGImage(width: first.width * images.count, height: first.height, bytesPerRow: bytesPerRow, data: data) else {
            throw Error.invalidStrip(width: first.width * images.count, height: first.height)
        }
        return strip
    }
}
