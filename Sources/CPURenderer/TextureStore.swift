import CompositorCore
import CoreGraphics

/// The textures of the images drawn recently, converted once per image object and kept by the
/// shared cache policy (`BudgetedCache`). The store holds each entry's image (`HeldImages`); an
/// entry whose image only the store still holds at the end of a frame goes then.
final class TextureStore: CacheBudgetFollowing {
    private let cache: BudgetedCache<ObjectIdentifier, Texture>
    /// The image of each entry, by its identifier.
    private var images = HeldImages()
    /// The last image asked for and its texture (a frame's sprites often share one image).
    /// Unchecked for exclusivity: used only while quads are prepared, never during an access.
    @exclusivity(unchecked) private var lastImage: ObjectIdentifier?
    @exclusivity(unchecked) private var lastTexture: Texture?
    /// Images converted during the current frame.
    private(set) var uploadsThisFrame = 0
    /// The converted video frames of this frame and the one before.
    let videoFrames = VideoTextureStore()

    init(budget: CacheBudget) {
        cache = BudgetedCache(budget: budget)
        cache.onRelease = { [unowned self] identifier, _ in self.images[identifier] = nil }
    }

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

    /// Ends a frame: lets go of the images only the store holds, evicts by age after a frame
    /// drawn whole (`isWhole`), then beyond the byte limit.
    func endFrame(isWhole: Bool = true) {
        let unreachable = images.identifiersHeldOnlyHere()
        if !unreachable.isEmpty { cache.removeAll { identifier, _ in unreachable.contains(identifier) } }
        cache.endFrame(countForAge: isWhole)
        videoFrames.endFrame()
    }

    /// The texture of `quad`'s texture source (nil without one), found by the identity of its
    /// image read in place (`Quad.textureImage`): for a quad of the image asked for last, the
    /// texture `texture(for:)` would answer without a `TextureSource` copied or a reference
    /// counted (each would retain and release an object that the run's quads share).
    /// Unretained: the store holds the texture for the frame.
    @inline(__always)
    func texture(ofQuadAt quad: UnsafePointer<Quad>) -> Unmanaged<Texture>? {
        if let image = quad.pointee.textureImage, image.image == lastImage, let lastTexture,
           image.minification != .trilinear || lastTexture.hasMipmaps {
            return .passUnretained(lastTexture)
        }
        guard let source = quad.pointee.texture else { return nil }
        return .passUnretained(texture(for: source))
    }

    /// The texture of `source`'s image, with mipmaps when its minification filter is trilinear.
    func texture(for source: TextureSource) -> Texture {
        if let video = source.video { return videoFrames.texture(for: video) }
        let identifier = ObjectIdentifier(source.image)
        let texture: Texture
        if identifier == lastImage, let lastTexture {
            texture = lastTexture
        } else if let cached = cache.value(for: identifier) {
            texture = cached
        } else {
            texture = Texture(PixelBuffer(image: source.image))
            cache.insert(texture, bytes: texture.byteCount, for: identifier)
            images[identifier] = source.image
            uploadsThisFrame += 1
        }
        lastImage = identifier; lastTexture = texture
        if source.minificationFilter == .trilinear, !texture.hasMipmaps {
            texture.makeMipmaps()
            cache.update(texture, bytes: texture.byteCount, for: identifier)
        }
        return texture
    }
}
