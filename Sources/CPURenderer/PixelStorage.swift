import CompositorCore

/// Memory for the pixels of an offscreen image, allocated at an `OffscreenBucket` and reused by
/// `OffscreenPool` for images of any size it holds (a `PixelBuffer` lies at its start).
final class PixelStorage: @unchecked Sendable {
    /// The bucket it was allocated at (what the pool takes it back as: `OffscreenPool.recycle`).
    let bucket: OffscreenBucket
    /// The number of pixels it holds.
    let capacity: Int
    let pixels: UnsafeMutablePointer<UInt32>

    /// Storage for `bucket`'s pixels, not initialized: whoever draws into it clears what it reads.
    init(_ bucket: OffscreenBucket) {
        self.bucket = bucket
        capacity = max(bucket.width * bucket.height, 1)
        pixels = .allocate(capacity: capacity)
    }

    deinit { pixels.deallocate() }
}

/// The CPU renderer's offscreen images, kept and dropped by the rule the GLES renderer's render
/// targets follow.
typealias PixelBufferPool = OffscreenPool<PixelStorage>

extension OffscreenPool where Buffer == PixelStorage {
    /// An image of `width` x `height` pixels in a pooled allocation, in use until the end of the
    /// frame; its pixels are whatever the allocation's last user left.
    func pixelBuffer(width: Int, height: Int) -> PixelBuffer {
        let storage = acquire(width: width, height: height) { PixelStorage($0) }
        return PixelBuffer(width: width, height: height, storage: storage)
    }
}
