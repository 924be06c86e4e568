import CGLES3
import CompositorCore
import CoreGraphics
import Foundation

/// Keeps every image drawn recently on the GPU, uploaded once per image object.
///
/// Images up to `atlasImageLimit` pixels on a side share atlas pages (so that quads showing
/// different images still batch); larger images, and images drawn with trilinear filtering
/// (which needs mipmaps of the image alone), get a texture of their own. Entries not drawn for
/// `evictionAge` frames are released. Entries hold their image strongly, so an image's
/// `ObjectIdentifier` cannot be reused by another image while it keys the cache.
final class TextureCache {
    private struct Entry {
        let image: CGImage
        var placement: TexturePlacement
        var atlasPage: Int?
        var mipmapped: Bool
        var lastUsedFrame: Int
    }

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
    var evictionAge: Int
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var pages: [AtlasPage] = []
    private var frame = 0
    private(set) var uploadsThisFrame = 0
    /// Uploads this frame that replaced only the changed part of an image's texture.
    private(set) var partialUploadsThisFrame = 0
    private var lastIdentifier: ObjectIdentifier?
    private var lastPlacement: TexturePlacement?
    private var lastMipmapped = false

    init(ledger: GLObjectLedger, evictionAge: Int) {
        self.ledger = ledger
        self.evictionAge = evictionAge
        var size: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &size)
        maximumTextureSize = max(Int(size), 64)
        pageSize = min(2048, maximumTextureSize)
    }

    /// The number of images on the GPU.
    var count: Int { entries.count }

    /// Starts a frame: counts uploads from zero.
    func beginFrame() {
        frame += 1
        uploadsThisFrame = 0
        partialUploadsThisFrame = 0
        lastIdentifier = nil
    }

    /// Ends a frame: releases images not drawn for `evictionAge` frames (checked every 16 frames).
    func endFrame() {
        if frame % 16 == 0 { evictStale() }
    }

    /// The placement of `source`'s image, uploading it when this image object is new.
    func placement(for source: TextureSource) throws -> TexturePlacement {
        let identifier = ObjectIdentifier(source.image)
        let needsMipmaps = source.minificationFilter == .trilinear
        if identifier == lastIdentifier, let lastPlacement, lastMipmapped || !needsMipmaps { return lastPlacement }
        if let index = entries.index(forKey: identifier), entries.values[index].mipmapped || !needsMipmaps {
            entries.values[index].lastUsedFrame = frame
            let entry = entries.values[index]
            remember(identifier, entry.placement, entry.mipmapped)
            return entry.placement
        }
        if let stale = entries.removeValue(forKey: identifier) { release(stale) }
        if let entry = try updateInPlace(source.image, mipmapped: needsMipmaps) {
            entries[identifier] = entry
            remember(identifier, entry.placement, entry.mipmapped)
            return entry.placement
        }
        let entry = try upload(source.image, mipmapped: needsMipmaps)
        entries[identifier] = entry
        remember(identifier, entry.placement, entry.mipmapped)
        return entry.placement
    }

    /// Deletes every texture.
    func releaseAll() {
        for entry in entries.values where entry.atlasPage == nil { ledger.deleteTexture(entry.placement.texture) }
        entries.removeAll()
        for page in pages { ledger.deleteTexture(page.texture) }
        pages.removeAll()
        lastIdentifier = nil
    }

    private func remember(_ identifier: ObjectIdentifier, _ placement: TexturePlacement, _ mipmapped: Bool) {
        lastIdentifier = identifier; lastPlacement = placement; lastMipmapped = mipmapped
    }

    private func evictStale() {
        let stale = entries.filter { frame - $0.value.lastUsedFrame > evictionAge }
        for (identifier, entry) in stale {
            entries.removeValue(forKey: identifier)
            release(entry)
        }
    }

    private func release(_ entry: Entry) {
        if let page = entry.atlasPage {
            pages[page].liveEntries -= 1
            if pages[page].liveEntries == 0 { pages[page].packer.reset() }
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
        guard let entry = entries[baseIdentifier], entry.atlasPage == nil, entry.lastUsedFrame < frame,
              entry.mipmapped || !mipmapped, base.width == image.width, base.height == image.height,
              Int(entry.placement.textureWidth) == image.width, Int(entry.placement.textureHeight) == image.height,
              image.bytesPerRow % 4 == 0 else { return nil }
        let changed = PixelRect(enclosing: update.changedRect).intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
        entries.removeValue(forKey: baseIdentifier)
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
        return Entry(image: image, placement: entry.placement, atlasPage: nil, mipmapped: entry.mipmapped, lastUsedFrame: frame)
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
        return Entry(image: image, placement: placement, atlasPage: page, mipmapped: false, lastUsedFrame: frame)
    }

    /// Finds room on a page: an existing one, one emptied by evicting stale images, or a new one.
    private func allocate(width: Int, height: Int) throws -> (page: Int, x: Int, y: Int)? {
        for pass in 0..<2 {
            for index in pages.indices {
                if let origin = pages[index].packer.allocate(width: width, height: height) {
                    return (index, origin.x, origin.y)
                }
            }
            if pages.count < Self.maximumAtlasPages {
                try addPage()
                if let origin = pages[pages.count - 1].packer.allocate(width: width, height: height) {
                    return (pages.count - 1, origin.x, origin.y)
                }
            }
            if pass == 0 { evictStale() }
        }
        return nil
    }

    private func addPage() throws {
        let texture = ledger.makeTexture()
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(pageSize), GLsizei(pageSize))
        do { try GLError.check("glTexStorage2D") } catch { ledger.deleteTexture(texture); throw error }
        pages.append(AtlasPage(texture: texture, packer: ShelfPacker(size: pageSize)))
    }

    private func uploadStandalone(_ image: CGImage, mipmapped: Bool) throws -> Entry {
        var pixels = ImagePixels(image)
        if pixels.width > maximumTextureSize || pixels.height > maximumTextureSize {
            pixels = pixels.scaledToFit(maximumTextureSize)
            FileHandle.standardError.write(Data(("GLESRenderer: warning: image \(image.width)x\(image.height) exceeds "
                + "GL_MAX_TEXTURE_SIZE \(maximumTextureSize); drawn scaled to \(pixels.width)x\(pixels.height)\n").utf8))
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
        return Entry(image: image, placement: placement, atlasPage: nil, mipmapped: mipmapped, lastUsedFrame: frame)
    }
}
