import Foundation
import CompositorCore
import CoreGraphics

/// The textures of the images drawn recently, converted once per image object and released
/// after `evictionAge` frames without use. Entries hold their image, so an identifier cannot be
/// reused by another image while it keys the store.
final class TextureStore {
    private struct Entry {
        let image: CGImage
        let texture: Texture
        var lastUsedFrame: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var frame = 0
    private var lastImage: ObjectIdentifier?
    private var lastTexture: Texture?
    let evictionAge: Int
    /// Images converted during the current frame.
    private(set) var uploadsThisFrame = 0

    init(evictionAge: Int) { self.evictionAge = max(1, evictionAge) }

    /// The number of images held.
    var count: Int { entries.count }

    func beginFrame() {
        frame += 1
        uploadsThisFrame = 0
        lastImage = nil; lastTexture = nil
    }

    func endFrame() {
        guard frame % 16 == 0 else { return }
        entries = entries.filter { frame - $0.value.lastUsedFrame <= evictionAge }
    }

    /// The texture of `source`'s image, with mipmaps when its minification filter is trilinear.
    func texture(for source: TextureSource) -> Texture {
        let identifier = ObjectIdentifier(source.image)
        let texture: Texture
        if identifier == lastImage, let lastTexture {
            texture = lastTexture
        } else if entries[identifier] != nil {
            entries[identifier]!.lastUsedFrame = frame
            texture = entries[identifier]!.texture
        } else {
            texture = Texture(PixelBuffer(image: source.image))
            entries[identifier] = Entry(image: source.image, texture: texture, lastUsedFrame: frame)
            uploadsThisFrame += 1
        }
        lastImage = identifier; lastTexture = texture
        if source.minificationFilter == .trilinear { texture.makeMipmaps() }
        return texture
    }
}
