import CoreGraphics
import Foundation

/// A shadow kept with a rasterized group's content: the content's alpha blurred by a
/// `BlurPlan`, and what it was made with, so that a frame asking for another blur or colour
/// blurs again.
public struct RasterizedShadow<Image> {
    /// The blurred image.
    public var image: Image
    /// The blur, in content pixels.
    public var sigma: Double
    /// The colour the image was tinted with, or nil where it holds only alpha (tinted when drawn).
    public var color: SIMD4<Float>?
    /// The part of the content's pixel space the image covers.
    public var covered: CGRect

    /// Creates a shadow of `image`, blurred with `sigma`, tinted with `color`, covering `covered`.
    public init(image: Image, sigma: Double, color: SIMD4<Float>?, covered: CGRect) {
        self.image = image
        self.sigma = sigma
        self.color = color
        self.covered = covered
    }
}

/// The content images of rasterized groups (`shouldRasterize`), kept under their
/// `RasterizationKey` and reused while key and pixel size stay the same, each with the shadow
/// blurred from it (a rasterized layer's shadow is part of what rasterizing saves). The policy of
/// both renderers, over their own image type: entries follow a `BudgetedCache`; a new version of
/// a layer's content replaces the older ones (those the current frame still draws are left to
/// age out), and content larger than the whole byte limit is not kept.
public final class RasterizationStore<Image> {
    private struct Entry {
        var content: Image
        var width: Int, height: Int
        var shadow: RasterizedShadow<Image>?
    }

    private let cache: BudgetedCache<RasterizationKey, Entry>
    private let imageBytes: (Image) -> Int

    /// Called with each image the store lets go of (content or shadow), for the renderer to
    /// reuse or free what it holds outside memory.
    public var onRelease: ((Image) -> Void)?

    /// Creates an empty store following `budget`, counting each image's bytes with `byteCount`.
    public init(budget: CacheBudget, byteCount: @escaping (Image) -> Int) {
        cache = BudgetedCache(budget: budget)
        imageBytes = byteCount
        cache.onRelease = { [unowned self] _, entry in
            self.onRelease?(entry.content)
            if let shadow = entry.shadow { self.onRelease?(shadow.image) }
        }
    }

    /// The eviction age and byte limit; a smaller one evicts at once (sparing the current frame's).
    public var budget: CacheBudget {
        get { cache.budget }
        set { cache.budget = newValue; cache.trim() }
    }

    /// The most bytes kept.
    public var byteLimit: Int {
        get { cache.budget.byteLimit }
        set { budget.byteLimit = max(0, newValue) }
    }

    /// The number of contents held.
    public var count: Int { cache.count }
    /// The bytes held, shadows included.
    public var bytes: Int { cache.bytes }
    /// The contents held and their bytes (shadows included).
    public var usage: CacheUsage { cache.usage }

    /// The bytes released since the last call.
    public func takeFreedBytes() -> Int { cache.takeFreedBytes() }

    /// Starts a frame.
    public func beginFrame() { cache.beginFrame() }

    /// Ends a frame: evicts by age (unless the frame does not `countForAge`: one drawn only
    /// where damaged skipped the groups elsewhere) and beyond the byte limit.
    public func endFrame(countForAge: Bool) { cache.endFrame(countForAge: countForAge) }

    /// Whether an image of `bytes` may be kept at all.
    public func accepts(bytes: Int) -> Bool { bytes <= cache.budget.byteLimit }

    /// The content kept for `key` at this pixel size, marked as drawn in this frame.
    public func content(for key: RasterizationKey, width: Int, height: Int) -> Image? {
        guard let entry = cache.peek(key), entry.width == width, entry.height == height else { return nil }
        return cache.value(for: key)?.content
    }

    /// Keeps `content` for `key` at this pixel size, dropping the older versions of the same layer
    /// that the current frame does not draw. Returns false (nothing kept) when the content is
    /// larger than the byte limit, or when the current frame draws the content kept for `key` at
    /// another size (a layer drawn twice at two scales keeps the first).
    @discardableResult
    public func store(_ content: Image, for key: RasterizationKey, width: Int, height: Int) -> Bool {
        cache.removeAll { other, _ in other.layerID == key.layerID && other != key && !cache.isUsedInCurrentFrame(other) }
        let bytes = imageBytes(content)
        guard accepts(bytes: bytes), !cache.isUsedInCurrentFrame(key) else { return false }
        cache.insert(Entry(content: content, width: width, height: height), bytes: bytes, for: key)
        cache.trim()
        return true
    }

    /// The shadow kept with the content for `key` at this pixel size, when it was blurred with
    /// `sigma` in `color` (nil: alpha only).
    public func shadow(for key: RasterizationKey, width: Int, height: Int, sigma: Double,
                       color: SIMD4<Float>?) -> RasterizedShadow<Image>? {
        guard let entry = cache.peek(key), entry.width == width, entry.height == height,
              let shadow = entry.shadow, shadow.sigma == sigma, shadow.color == color else { return nil }
        return shadow
    }

    /// Keeps `shadow` with the content for `key` at this pixel size, replacing (and releasing)
    /// one of another blur or colour. Returns false (nothing kept) when no such content is kept.
    @discardableResult
    public func keepShadow(_ shadow: RasterizedShadow<Image>, for key: RasterizationKey, width: Int, height: Int) -> Bool {
        guard var entry = cache.peek(key), entry.width == width, entry.height == height else { return false }
        let old = entry.shadow
        entry.shadow = shadow
        cache.update(entry, bytes: imageBytes(entry.content) + imageBytes(shadow.image), for: key)
        if let old { onRelease?(old.image) }
        cache.trim()
        return true
    }

    /// Removes every entry; their images go to `onRelease`.
    public func removeAll() { cache.removeAll() }
}
