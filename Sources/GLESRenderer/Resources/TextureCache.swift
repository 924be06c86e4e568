import CGLES3
import CompositorCore
import CoreGraphics
import Foundation

/// Keeps every image drawn recently on the GPU, uploaded once per image object.
///
/// Images up to `atlasImageLimit` pixels on a side share atlas pages (so that quads showing
/// different images still batch); larger images, and images drawn with trilinear filtering
/// (which needs mipmaps of the image alone), get a texture of their own. Entries are kept by the
/// shared cache policy (`BudgetedCache`), atlas pages counted whole as the entries' shared
/// bytes; a page emptied by evictions is deleted (the last one is kept).
///
/// The cache holds each entry's image (`HeldImages`); an entry whose image only the cache still
/// holds at the end of a frame goes then.
final class TextureCache: CacheBudgetFollowing {
    private struct Entry {
        var placement: TexturePlacement
        var atlasPage: Int?
        var mipmapped: Bool

        /// The GPU memory of a standalone texture (its mipmaps add a third); 0 in an atlas.
        var standaloneBytes: Int {
            guard atlasPage == nil else { return 0 }
            let level0 = Int(placement.textureWidth) * Int(placement.textureHeight) * 4
            return mipmapped ? level0 + level0 / 3 : level0
        }
    }

    /// A page of the atlas; texture 0 marks a slot whose page was deleted.
    private struct AtlasPage {
        var texture: GLuint
        var packer: ShelfPacker
        var liveEntries = 0
    }

    static let atlasImageLimit = 256
    static let gutter = 1
    static let maximumAtlasPages = 4

    private let ledger: GLObjectLedger
    let maximumTextureSize: Int
    let pageSize: Int
    private let entries: BudgetedCache<ObjectIdentifier, Entry>
    private var pages: [AtlasPage] = [] {
        didSet { entries.sharedBytes = atlasPageCount * pageSize * pageSize * 4 }
    }
    private(set) var uploadsThisFrame = 0
    /// Uploads this frame that replaced only the changed part of an image's texture.
    private(set) var partialUploadsThisFrame = 0
    private var lastIdentifier: ObjectIdentifier?
    private var lastPlacement: TexturePlacement?
    private var lastMipmapped = false
    /// The textures of video frames (made on the first frame drawn).
    private var videoFrames: VideoFrameTextures?
    /// Video frames uploaded this frame, and the bytes of their planes (one copy each).
    var videoUploadsThisFrame: (count: Int, bytes: Int) { (videoFrames?.uploadsThisFrame ?? 0, videoFrames?.bytesThisFrame ?? 0) }

    /// Creates a cache following `budget`, with atlas pages sized for a display of
    /// `displayWidth` x `displayHeight` pixels (`pageSize(displayWidth:displayHeight:maximumTextureSize:)`).
    /// The image of each entry, by its identifier.
    private var images = HeldImages()

    init(ledger: GLObjectLedger, budget: CacheBudget, displayWidth: Int, displayHeight: Int) {
        self.ledger = ledger
        entries = BudgetedCache(budget: budget)
        var size: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &size)
        maximumTextureSize = max(Int(size), 64)
        pageSize = Self.pageSize(displayWidth: displayWidth, displayHeight: displayHeight, maximumTextureSize: maximumTextureSize)
        entries.onRelease = { [unowned self] identifier, entry in
            self.release(entry)
            self.images[identifier] = nil
            if self.lastIdentifier == identifier { self.lastIdentifier = nil }
        }
    }

    /// The eviction age and byte limit; a smaller one evicts at the end of the next frame.
    var budget: CacheBudget {
        get { entries.budget }
        set { entries.budget = newValue }
    }

    /// The side of an atlas page for a display: the smallest power of two that holds half the
    /// display's longer side, from 512 to 2048, and at most the largest texture. A page then
    /// holds about a screenful of small images and stays within the display's cache budget
    /// (`CacheBudget.default(pixelWidth:pixelHeight:)` counts pages whole): 512 (1 MiB) for
    /// 640x480, 1024 (4 MiB) for 1920x1080.
    static func pageSize(displayWidth: Int, displayHeight: Int, maximumTextureSize: Int) -> Int {
        var side = 512
        while side < (max(displayWidth, displayHeight) + 1) / 2 && side < 2048 { side *= 2 }
        return min(side, maximumTextureSize)
    }

    /// The number of images on the GPU.
    var count: Int { entries.count }

    /// The images held and the GPU memory of their textures, atlas pages counted whole.
    var usage: CacheUsage { entries.usage }

    /// The GPU memory held: standalone textures and atlas pages.
    var byteCount: Int { entries.bytes }

    /// The number of atlas pages allocated.
    var atlasPageCount: Int { pages.filter { $0.texture != 0 }.count }

    /// The bytes released since the last call.
    func takeFreedBytes() -> Int { entries.takeFreedBytes() }

    /// Starts a frame: counts uploads from zero.
    func beginFrame() {
        entries.beginFrame()
        uploadsThisFrame = 0
        partialUploadsThisFrame = 0
        lastIdentifier = nil
        videoFrames?.beginFrame()
    }

    /// Ends a frame: lets go of the images only the cache holds, evicts by age after a frame
    /// drawn whole (`isWhole`), then beyond the byte limit.
    func endFrame(isWhole: Bool = true) {
        releaseImagesHeldOnlyHere()
        entries.endFrame(countForAge: isWhole)
        videoFrames?.endFrame()
    }

    /// The placement of `source`'s image, uploading it when this image object is new (a video
    /// frame's source draws from its planes: `planes(for:)`).
    func placement(for source: TextureSource) throws -> TexturePlacement {
        let identifier = ObjectIdentifier(source.image)
        let needsMipmaps = source.minificationFilter == .trilinear
        if identifier == lastIdentifier, let lastPlacement, lastMipmapped || !needsMipmaps { return lastPlacement }
        if let entry = entries.value(for: identifier), entry.mipmapped || !needsMipmaps {
            remember(identifier, entry.placement, entry.mipmapped)
            return entry.placement
        }
        if let stale = entries.removeValue(forKey: identifier) { release(stale) }
        let entry = try updateInPlace(source.image, mipmapped: needsMipmaps) ?? upload(source.image, mipmapped: needsMipmaps)
        entries.insert(entry, bytes: entry.standaloneBytes, for: identifier)
        images[identifier] = source.image
        remember(identifier, entry.placement, entry.mipmapped)
        return entry.placement
    }

    /// Deletes every texture.
    func releaseAll() {
        videoFrames?.releaseAll()
        videoFrames = nil
        entries.removeAll()
        images.removeAll()
        for page in pages where page.texture != 0 { ledger.deleteTexture(page.texture) }
        pages.removeAll()
        lastIdentifier = nil
    }

    /// The planes of a video frame, uploading them when this frame object is new.
    func planes(for frame: VideoFrameImage) throws -> VideoPlanes {
        let textures = videoFrames ?? VideoFrameTextures(ledger: ledger)
        videoFrames = textures
        let before = textures.uploadsThisFrame
        let planes = try textures.planes(for: frame)
        uploadsThisFrame += textures.uploadsThisFrame - before
        return planes
    }

    /// Evicts the entries whose image no one but the cache holds any more.
    private func releaseImagesHeldOnlyHere() {
        let unreachable = images.identifiersHeldOnlyHere()
        guard !unreachable.isEmpty else { return }
        entries.removeAll { identifier, _ in unreachable.contains(identifier) }
    }

    private func remember(_ identifier: ObjectIdentifier, _ placement: TexturePlacement, _ mipmapped: Bool) {
        lastIdentifier = identifier; lastPlacement = placement; lastMipmapped = mipmapped
    }

    /// Deletes an entry's texture, or frees its place in its atlas page; a page left empty is
    /// deleted unless it is the only one.
    private func release(_ entry: Entry) {
        if let page = entry.atlasPage {
            pages[page].liveEntries -= 1
            guard pages[page].liveEntries == 0 else { return }
            pages[page].packer.reset()
            if atlasPageCount > 1 {
                ledger.deleteTexture(pages[page].texture)
                pages[page].texture = 0
            }
        } else {
            ledger.deleteTexture(entry.placement.texture)
        }
    }

    // MARK: - Uploads

    /// Takes over the texture of the image `image` was redrawn from (`CGImage.incrementalUpdate`)
    /// and uploads only the changed rectangle into it; nil when that is not possible: the base is
    /// gone, in an atlas, of another size, scaled down, lacking mipmaps `image` needs, or drawn
    /// this frame (its texture must keep the base's pixels until the frame is drawn).
    private func updateInPlace(_ image: CGImage, mipmapped: Bool) throws -> Entry? {
        guard let update = image.incrementalUpdate, let base = update.baseImage, base !== image else { return nil }
        let baseIdentifier = ObjectIdentifier(base)
        guard let entry = entries.peek(baseIdentifier), entry.atlasPage == nil, !entries.isUsedInCurrentFrame(baseIdentifier),
              entry.mipmapped || !mipmapped, base.width == image.width, base.height == image.height,
              Int(entry.placement.textureWidth) == image.width, Int(entry.placement.textureHeight) == image.height,
              image.bytesPerRow % 4 == 0 else { return nil }
        let changed = PixelRect(enclosing: update.changedRect).intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
        entries.removeValue(forKey: baseIdentifier)
        images[baseIdentifier] = nil
        if lastIdentifier == baseIdentifier { lastIdentifier = nil }
        uploadsThisFrame += 1
        partialUploadsThisFrame += 1
        if !changed.isEmpty {
            glBindTexture(GLenum(GL_TEXTURE_2D), entry.placement.texture)
            glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(image.bytesPerRow / 4))
            image.data.withUnsafeBytes { bytes in
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(changed.x), GLint(changed.y),
                                GLsizei(changed.width), GLsizei(changed.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                                bytes.baseAddress! + changed.y * image.bytesPerRow + changed.x * 4)
            }
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
            if entry.mipmapped { glGenerateMipmap(GLenum(GL_TEXTURE_2D)) }
            do { try GLError.check("glTexSubImage2D") } catch { ledger.deleteTexture(entry.placement.texture); throw error }
        }
        return Entry(placement: entry.placement, atlasPage: nil, mipmapped: entry.mipmapped)
    }

    private func upload(_ image: CGImage, mipmapped: Bool) throws -> Entry {
        uploadsThisFrame += 1
        if !mipmapped, image.width <= Self.atlasImageLimit, image.height <= Self.atlasImageLimit,
           let entry = try uploadToAtlas(image) {
            return entry
        }
        return try uploadStandalone(image, mipmapped: mipmapped)
    }

    private func uploadToAtlas(_ image: CGImage) throws -> Entry? {
        let padded = ImagePixels(image).padded(gutter: Self.gutter)
        guard let (page, x, y) = try allocate(width: padded.width, height: padded.height) else { return nil }
        glBindTexture(GLenum(GL_TEXTURE_2D), pages[page].texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLsizei(padded.width), GLsizei(padded.height),
                        GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), padded.bytes)
        try GLError.check("glTexSubImage2D")
        pages[page].liveEntries += 1
        let size = Float(pageSize)
        let placement = TexturePlacement(texture: pages[page].texture,
                                         originX: Float(x + Self.gutter), originY: Float(y + Self.gutter),
                                         width: Float(image.width), height: Float(image.height),
                                         textureWidth: size, textureHeight: size)
        return Entry(placement: placement, atlasPage: page, mipmapped: false)
    }

    /// Finds room on a page: an existing one, one emptied by evicting stale images, or a new one.
    private func allocate(width: Int, height: Int) throws -> (page: Int, x: Int, y: Int)? {
        for pass in 0..<2 {
            for index in pages.indices where pages[index].texture != 0 {
                if let origin = pages[index].packer.allocate(width: width, height: height) {
                    return (index, origin.x, origin.y)
                }
            }
            if atlasPageCount < Self.maximumAtlasPages {
                let index = try addPage()
                if let origin = pages[index].packer.allocate(width: width, height: height) {
                    return (index, origin.x, origin.y)
                }
            }
            if pass == 0 { entries.trim() }
        }
        return nil
    }

    /// Allocates a page in the first free slot (or a new one) and returns its index.
    private func addPage() throws -> Int {
        let texture = ledger.makeTexture()
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(pageSize), GLsizei(pageSize))
        do { try GLError.check("glTexStorage2D") } catch { ledger.deleteTexture(texture); throw error }
        let page = AtlasPage(texture: texture, packer: ShelfPacker(size: pageSize))
        if let free = pages.firstIndex(where: { $0.texture == 0 }) {
            pages[free] = page
            return free
        }
        pages.append(page)
        return pages.count - 1
    }

    private func uploadStandalone(_ image: CGImage, mipmapped: Bool) throws -> Entry {
        var pixels = ImagePixels(image)
        if pixels.width > maximumTextureSize || pixels.height > maximumTextureSize {
            pixels = pixels.scaledToFit(maximumTextureSize)
            let sizes = "image \(image.width)x\(image.height) exceeds GL_MAX_TEXTURE_SIZE \(maximumTextureSize)"
            GLESRendererLog.logger.warning("\(sizes); drawn scaled to \(pixels.width)x\(pixels.height)")
        }
        let levels = mipmapped ? Int(log2(Double(max(pixels.width, pixels.height)))) + 1 : 1
        let texture = ledger.makeTexture()
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), GLsizei(levels), GLenum(GL_RGBA8), GLsizei(pixels.width), GLsizei(pixels.height))
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(pixels.width), GLsizei(pixels.height),
                        GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels.bytes)
        if mipmapped { glGenerateMipmap(GLenum(GL_TEXTURE_2D)) }
        do { try GLError.check("glTexSubImage2D") } catch { ledger.deleteTexture(texture); throw error }
        let placement = TexturePlacement(texture: texture, originX: 0, originY: 0,
                                         width: Float(pixels.width), height: Float(pixels.height),
                                         textureWidth: Float(pixels.width), textureHeight: Float(pixels.height))
        return Entry(placement: placement, atlasPage: nil, mipmapped: mipmapped)
    }
}
