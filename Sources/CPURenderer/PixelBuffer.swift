import CompositorCore
import CoreGraphics
import Foundation

/// A premultiplied RGBA8 image in memory (R in the lowest byte of each 32-bit pixel), rows
/// top first and tightly packed: the canvas, a group's intermediate image, or a texture level.
///
/// Bands of rows are written from several threads at once; each thread writes only its own rows,
/// which is why the class can be `@unchecked Sendable`.
final class PixelBuffer: @unchecked Sendable {
    let width: Int
    let height: Int
    let pixels: UnsafeMutablePointer<UInt32>
    /// The offscreen allocation the pixels lie in, or nil when the buffer owns them.
    let storage: PixelStorage?

    /// A buffer of `width` x `height` transparent pixels.
    init(width: Int, height: Int) {
        self.width = max(width, 1); self.height = max(height, 1)
        pixels = .allocate(capacity: self.width * self.height)
        pixels.initialize(repeating: 0, count: self.width * self.height)
        storage = nil
    }

    /// A buffer of `width` x `height` pixels at the start of `storage` (which holds at least as
    /// many), as the last user of the storage left them.
    init(width: Int, height: Int, storage: PixelStorage) {
        self.width = max(width, 1); self.height = max(height, 1)
        precondition(self.width * self.height <= storage.capacity, "an offscreen allocation too small for its image")
        pixels = storage.pixels
        self.storage = storage
    }

    /// The pixels of an image, repacked tightly.
    convenience init(image: CGImage) {
        self.init(width: image.width, height: image.height)
        image.data.withUnsafeBytes { source in
            for row in 0..<height {
                UnsafeMutableRawPointer(pixels + row * width)
                    .copyMemory(from: source.baseAddress! + row * image.bytesPerRow, byteCount: width * 4)
            }
        }
    }

    deinit { if storage == nil { pixels.deallocate() } }

    /// The number of bytes the pixels take.
    var byteCount: Int { width * height * 4 }

    /// The first pixel of `row`.
    @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { pixels + y * width }

    /// Fills columns `x0..<x1` of `row` with one packed pixel.
    @inline(__always) func fill(row y: Int, from x0: Int, to x1: Int, with pixel: UInt32) {
        guard x1 > x0 else { return }
        (pixels + y * width + x0).update(repeating: pixel, count: x1 - x0)
    }

    /// The whole buffer as an image.
    func makeImage() -> CGImage {
        let data = Data(bytes: pixels, count: byteCount)
        // Width and height are positive and the data holds every row, so the image always exists.
        return CGImage(width: width, height: height, bytesPerRow: width * 4, data: data)!
    }
}

extension PremultipliedColor {
    /// The colour as a vector, clamped to 0...1.
    var vector: SIMD4<Float> {
        SIMD4(red, green, blue, alpha).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
    }
}

/// Packs a premultiplied colour (0...1) into an RGBA8 pixel, rounding to nearest.
@inline(__always) func packPixel(_ c: SIMD4<Float>) -> UInt32 {
    let v = (c.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)) * 255).rounded(.toNearestOrEven)
    return UInt32(v.x) | UInt32(v.y) << 8 | UInt32(v.z) << 16 | UInt32(v.w) << 24
}
