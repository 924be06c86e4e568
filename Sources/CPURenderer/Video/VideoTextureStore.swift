import CompositorCore

/// The textures of the video frames drawn in the last two frames, converted once per frame
/// object. Video frames are not kept by the budgeted texture cache: they change every frame, and
/// holding one would hold the decoder's buffer with it.
final class VideoTextureStore {
    private struct Entry {
        let frame: VideoFrameImage
        let texture: Texture
        var lastUse: Int
    }

    private var entries: [Entry] = []
    private var frameNumber = 0
    /// Frames converted during the current frame, and their bytes.
    private(set) var uploadsThisFrame = 0, bytesThisFrame = 0

    func beginFrame() {
        frameNumber += 1
        uploadsThisFrame = 0; bytesThisFrame = 0
    }

    /// Forgets the frames not drawn in this frame or the one before.
    func endFrame() { entries.removeAll { frameNumber - $0.lastUse > 1 } }

    /// The texture of `frame`, converting it when this frame object is new.
    func texture(for frame: VideoFrameImage) -> Texture {
        if let index = entries.firstIndex(where: { $0.frame === frame }) {
            entries[index].lastUse = frameNumber
            return entries[index].texture
        }
        let texture = Texture(PixelBuffer(videoFrame: frame))
        entries.append(Entry(frame: frame, texture: texture, lastUse: frameNumber))
        uploadsThisFrame += 1
        bytesThisFrame += frame.byteCount
        return texture
    }

    /// The images held and their bytes.
    var usage: (count: Int, bytes: Int) { (entries.count, entries.reduce(0) { $0 + $1.texture.byteCount }) }
}
