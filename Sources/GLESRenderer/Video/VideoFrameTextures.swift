import CGLES3
import CompositorCore

/// The GPU side of video frames: each frame's planes are uploaded as they are (R8, or R8 and
/// RG8 for NV12; one `glTexSubImage2D` per plane, reading the decoder's memory in place: the
/// one copy of a frame) into textures kept per stream size, which the quad shader's video
/// variant samples directly (`VideoPlanes`): no conversion pass, no RGB copy of the frame. A
/// frame object is uploaded once however many quads draw it; a paused video uploads nothing.
final class VideoFrameTextures {
    private struct SlotKey: Equatable {
        var layout: VideoFrameImage.Layout
        var width: Int, height: Int
    }

    private struct Slot {
        let key: SlotKey
        let planes: [GLuint]
        var frame: VideoFrameImage?
        var lastUse: Int
    }

    /// Frames after which a stream's textures not drawn are deleted.
    static let evictionAge = 60

    private let ledger: GLObjectLedger
    private var slots: [Slot] = []
    private var frameNumber = 0
    /// Frames uploaded during the current frame, and the bytes of their planes.
    private(set) var uploadsThisFrame = 0, bytesThisFrame = 0

    init(ledger: GLObjectLedger) {
        self.ledger = ledger
    }

    func beginFrame() {
        frameNumber += 1
        uploadsThisFrame = 0; bytesThisFrame = 0
    }

    /// Deletes the textures of streams not drawn for `evictionAge` frames, and lets go of the
    /// frames not drawn in this frame (their decoder buffers return to the decoder).
    func endFrame() {
        for slot in slots where frameNumber - slot.lastUse > Self.evictionAge { delete(slot) }
        slots.removeAll { frameNumber - $0.lastUse > Self.evictionAge }
        for i in slots.indices where slots[i].lastUse < frameNumber { slots[i].frame = nil }
    }

    func releaseAll() {
        for slot in slots { delete(slot) }
        slots.removeAll()
    }

    /// The planes holding `frame`, uploading them when this frame object is new.
    func planes(for frame: VideoFrameImage) throws -> VideoPlanes {
        let index: Int
        if let found = slots.firstIndex(where: { $0.frame === frame }) {
            index = found
        } else {
            let key = SlotKey(layout: frame.layout, width: frame.width, height: frame.height)
            if let free = slots.indices.filter({ slots[$0].key == key && slots[$0].lastUse < frameNumber })
                .min(by: { slots[$0].lastUse < slots[$1].lastUse }) {
                index = free
            } else {
                slots.append(try makeSlot(key))
                index = slots.count - 1
            }
            try upload(frame, into: slots[index])
            slots[index].frame = frame
        }
        slots[index].lastUse = frameNumber
        let planes = slots[index].planes, w = Float(frame.width), h = Float(frame.height)
        return VideoPlanes(placement: TexturePlacement(texture: planes[0], originX: 0, originY: 0, width: w, height: h,
                                                       textureWidth: w, textureHeight: h),
                           chroma: planes[1], redChroma: planes[planes.count - 1], isInterleaved: frame.layout == .nv12,
                           chromaWidth: (frame.width + 1) / 2, chromaHeight: (frame.height + 1) / 2,
                           siting: frame.chromaSiting, conversion: frame.conversion)
    }

    /// Textures for one stream size, allocated once (immutable storage, one level): every frame
    /// of the stream is uploaded into them in place.
    private func makeSlot(_ key: SlotKey) throws -> Slot {
        let cw = (key.width + 1) / 2, ch = (key.height + 1) / 2
        let formats: [(GLenum, Int, Int)] = key.layout == .i420
            ? [(GLenum(GL_R8), key.width, key.height), (GLenum(GL_R8), cw, ch), (GLenum(GL_R8), cw, ch)]
            : [(GLenum(GL_R8), key.width, key.height), (GLenum(GL_RG8), cw, ch)]
        var planes: [GLuint] = []
        for (internalFormat, w, h) in formats {
            let texture = ledger.makeTexture()
            planes.append(texture)
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, internalFormat, GLsizei(w), GLsizei(h))
        }
        let slot = Slot(key: key, planes: planes, frame: nil, lastUse: frameNumber)
        do { try GLError.check("video frame textures \(key.width)x\(key.height)") } catch { delete(slot); throw error }
        return slot
    }

    /// Uploads the frame's planes into the slot's textures: one `glTexSubImage2D` per plane,
    /// rows read in place at the decoder's stride (`GL_UNPACK_ROW_LENGTH`), byte-aligned.
    private func upload(_ frame: VideoFrameImage, into slot: Slot) throws {
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        for (i, plane) in frame.planes.enumerated() {
            let bytesPerSample = frame.layout == .nv12 && i == 1 ? 2 : 1
            glBindTexture(GLenum(GL_TEXTURE_2D), slot.planes[i])
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(plane.bytesPerRow / bytesPerSample))
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(plane.width), GLsizei(plane.height),
                            bytesPerSample == 2 ? GLenum(GL_RG) : GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), plane.baseAddress)
        }
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        uploadsThisFrame += 1
        bytesThisFrame += frame.byteCount
        try GLError.check("video frame upload")
    }

    private func delete(_ slot: Slot) {
        for texture in slot.planes { ledger.deleteTexture(texture) }
    }
}
