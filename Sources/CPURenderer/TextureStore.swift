import Foundation
import CompositorCore
import CoreGraphics

/// The textures of the images drawn recently, converted once per image object. Entries follow
/// `budget`: one not drawn in the last `budget.evictionAge` frames drawn whole is released at
/// the end of a frame, and beyond `budget.byteLimit` bytes the least recently drawn go first,
/// sparing those drawn in the current frame. Entries hold their image, so an identifier cannot
/// be reused by another image while it keys the store.
final class TextureStore {
    private struct Entry {
        let image: CGImage
        let texture: Texture
        var lastUsedFrame: Int
        var lastWholeFrame: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var frame = 0
    /// Frames drawn whole so far (a damage-limited frame does not draw the images outside the damage).
    private var wholeFrames = 0
    private var lastImage: ObjectIdentifier?
    private var lastTexture: Texture?
    /// The eviction age and byte limit; applied at the end of the next frame.
    var budget: CacheBudget
    /// Images converted during the current frame.
    private(set) var uploadsThisFrame = 0
    /// Bytes released since `takeFreedBytes()` last asked.
    private var freedBytes = 0

    init(budget: CacheBudget) { self.budget = budget }

    /// The number of images held.
    var count: Int { entries.count }

    /// The images held and the bytes of their textures (mipmaps included).
    var usage: CacheUsage {
        CacheUsage(entries: entries.count, bytes: entries.values.reduce(0) { $0 + $1.texture.byteCount })
    }

    /// The bytes released since the last call.
    func takeFreedBytes() -> Int {
        defer { freedBytes = 0 }
        return freedBytes
    }

    func beginFrame() {
        frame += 1
        uploadsThisFrame = 0
        lastImage = nil; lastTexture = nil
    }

    /// Ends a frame: after one drawn whole (`isWhole`), releases the images not drawn in the
    /// last `budget.evictionAge` whole frames; then the least recently drawn ones not drawn in
    /// this frame while over the byte limit.
    func endFrame(isWhole: Bool = true) {
        if isWhole {
            let oldestKept = wholeFrames - budget.evictionAge + 1
            if entries.values.contains(where: { $0.lastWholeFrame < oldestKept }) {
                entries = entries.filter { _, entry in
                    guard entry.lastWholeFrame < oldestKept else { return true }
                    freedBytes += entry.texture.byteCount
                    return false
                }
            }
            wholeFrames += 1
        }
        var bytes = usage.bytes
        guard bytes > budget.byteLimit else { return }
        let candidates = entries.filter { $0.value.lastUsedFrame != frame }.sorted { $0.value.lastUsedFrame < $1.value.lastUsedFrame }
        for (identifier, entry) in candidates {
            guard bytes > budget.byteLimit else { break }
            entries.removeValue(forKey: identifier)
            bytes -= entry.texture.byteCount
            freedBytes += entry.texture.byteCount
        }
    }

    /// The texture of `source`'s image, with mipmaps when its minification filter is trilinear.
    func texture(for source: TextureSource) -> Texture {
        let identifier = ObjectIdentifier(source.image)
        let texture: Texture
        if identifier == lastImage, let lastTexture {
            texture = lastTexture
        } else if entries[identifier] != nil {
            entries[identifier]!.lastUsedFrame = frame
            entries[identifier]!.lastWholeFrame = wholeFrames
            texture = entries[identifier]!.texture
        } else {
            texture = Texture(PixelBuffer(image: source.image))
            entries[identifier] = Entry(image: source.image, texture: texture, lastUsedFrame: frame, lastWholeFrame: wholeFrames)
            uploadsThisFrame += 1
        }
        lastImage = identifier; lastTexture = texture
        if source.minificationFilter == .trilinear { texture.makeMipmaps() }
        return texture
    }
}
