import CompositorCore
import CoreGraphics

/// The textures of the images drawn recently, converted once per image object and kept by the
/// shared cache policy (`BudgetedCache`). Entries hold their image, so an identifier cannot be
/// reused by another image while it keys the store.
final class TextureStore: CacheBudgetFollowing {
    private struct Entry {
        let image: CGImage
        let texture: Texture
    }

    private let cache: BudgetedCache<ObjectIdentifier, Entry>
    /// The last image asked for and its texture (a frame's sprites often share one image).
    /// Unchecked for exclusivity: used only while quads are prepared, never during an access.
    @exclusivity(unchecked) private var lastImage: ObjectIdentifier?
    @exclusivity(unchecked) private var lastTexture: Texture?
    /// Images converted during the current frame.
    private(set) var uploadsThisFrame = 0
    /// The converted video frames of this frame and the one before.
    let videoFrames = VideoTextureStore()

    init(budget: CacheBudget) { cache = BudgetedCache(budget: budget) }

    /// The eviction age and byte limit; applied at the end of the next frame.
    var budget: CacheBudget {
        get { cache.budget }
        set { cache.budget = newValue }
    }

    /// The number of images held.
    var count: Int { cache.count }

    /// The images held and the bytes of their textures (mipmaps included).
    var usage: CacheUsage { cache.usage }

    /// The bytes released since the last call.
    func takeFreedBytes() -> Int { cache.takeFreedBytes() }

    func beginFrame() {
        cache.beginFrame()
        uploadsThisFrame = 0
        lastImage = nil; lastTexture = nil
        videoFrames.beginFrame()
    }

    /// Ends a frame: evicts by age after one drawn whole (`isWhole`), then beyond the byte limit.
    func endFrame(isWhole: Bool = true) {
        cache.endFrame(countForAge: isWhole)
        videoFrames.endFrame()
    }

    /// The texture of `source`'s image, with mipmaps when its minification filter is trilinear.
    func texture(for source: TextureSource) -> Texture {
        if let video = source.video { return videoFrames.texture(for: video) }
        let identifier = ObjectIdentifier(source.image)
        let texture: Texture
        if identifier == lastImage, let lastTexture {
            texture = lastTexture
        } else if let entry = cache.value(for: identifier) {
            texture = entry.texture
        } else {
            texture = Texture(PixelBuffer(image: source.image))
            cache.insert(Entry(image: source.image, texture: texture), bytes: texture.byteCount, for: identifier)
            uploadsThisFrame += 1
        }
        lastImage = identifier; lastTexture = texture
        if source.minificationFilter == .trilinear, !texture.hasMipmaps {
            texture.makeMipmaps()
            cache.update(Entry(image: source.image, texture: texture), bytes: texture.byteCount, for: identifier)
        }
        return texture
    }
}
