import CompositorCore
import Foundation

/// Memory the caller owns that a `CPURenderer` writes its frames into, such as a KMS dumb
/// buffer mapped into the process.
///
/// The renderer writes through `baseAddress` from several threads, one band of rows each; the
/// caller guarantees that the memory stays valid and is not written by anyone else while a
/// frame renders, which is why the type is `@unchecked Sendable`.
public struct CPUFramebuffer: @unchecked Sendable {
    /// How the four bytes of a pixel are laid out in memory.
    public enum PixelFormat: Sendable, Equatable {
        /// Bytes R, G, B, A, premultiplied (the layout of `CGImage` here).
        case rgba8888Premultiplied
        /// DRM_FORMAT_XRGB8888: a little-endian 32-bit word 0xXXRRGGBB (bytes B, G, R, X); X is written as 0xFF.
        case xrgb8888
        /// DRM_FORMAT_ARGB8888: a little-endian 32-bit word 0xAARRGGBB, premultiplied.
        case argb8888
    }

    /// The first byte of the first row.
    public var baseAddress: UnsafeMutableRawPointer
    /// The number of bytes from the start of one row to the start of the next.
    public var bytesPerRow: Int
    /// The width in pixels.
    public var pixelWidth: Int
    /// The height in pixels.
    public var pixelHeight: Int
    /// The pixel layout.
    public var format: PixelFormat

    /// Describes caller-owned memory of `pixelHeight` rows of `bytesPerRow` bytes.
    public init(baseAddress: UnsafeMutableRawPointer, bytesPerRow: Int, pixelWidth: Int, pixelHeight: Int,
                format: PixelFormat) {
        self.baseAddress = baseAddress; self.bytesPerRow = bytesPerRow
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight; self.format = format
    }

    /// Whether the memory can hold `width` x `height` pixels.
    func fits(width: Int, height: Int) -> Bool {
        pixelWidth >= width && pixelHeight >= height && bytesPerRow >= pixelWidth * 4
    }

    /// Writes columns `x0..<x1` of row `y` of `source` into the same place here, converting the layout.
    func write(row y: Int, from x0: Int, to x1: Int, of source: PixelBuffer) {
        guard y < pixelHeight, x0 < min(x1, pixelWidth) else { return }
        let end = min(x1, pixelWidth)
        let input = source.row(y) + x0
        let output = (baseAddress + y * bytesPerRow).assumingMemoryBound(to: UInt32.self) + x0
        let count = end - x0
        switch format {
        case .rgba8888Premultiplied:
            UnsafeMutableRawPointer(output).copyMemory(from: input, byteCount: count * 4)
        case .xrgb8888, .argb8888:
            let alpha: UInt32 = format == .xrgb8888 ? 0xFF00_0000 : 0
            var i = 0
            while i + 8 <= count {
                let p = loadEight(input + i)
                let swapped = (p & 0xFF00_FF00) | ((p & 0xFF) &<< 16) | ((p &>> 16) & 0xFF) | alpha
                storeEight(swapped, to: output + i)
                i += 8
            }
            while i < count {
                let p = input[i]
                output[i] = (p & 0xFF00_FF00) | ((p & 0xFF) << 16) | ((p >> 16) & 0xFF) | alpha
                i += 1
            }
        }
    }
}
