import CGLES3
import CompositorCore

/// The GPU side of video frames: each frame's planes are uploaded as they are (R8, or R8 and
/// RG8 for NV12; one `glTexSubImage2D` per plane, reading the decoder's memory in place: the
/// one copy of a frame) into textures kept per stream size, and converted to an RGBA8 texture by
/// `VideoConversionProgram`, which the quad shader then samples as any image. A frame object
/// is converted once however many quads draw it; a paused video uploads nothing.
final class VideoFrameTextures {
    private struct SlotKey: Equatable {
        var layout: VideoFrameImage.Layout
        var width: Int, height: Int
    }

    private struct Slot {
        let key: SlotKey
        let planes: [GLuint]
        let output: GLuint
        let framebuffer: GLuint
        var frame: VideoFrameImage?
        var lastUse: Int
    }

    /// Frames after which a stream's textures not drawn are deleted.
    static let evictionAge = 60

    private let ledger: GLObjectLedger
    private let program: VideoConversionProgram
    private let vertexArray: GLuint
    private var slots: [Slot] = []
    private var frameNumber = 0
    /// Frames uploaded during the current frame, and the bytes of their planes.
    private(set) var uploadsThisFrame = 0, bytesThisFrame = 0

    init(ledger: GLObjectLedger) throws {
        self.ledger = ledger
        program = try VideoConversionProgram()
        ledger.adoptProgram()
        vertexArray = ledger.makeVertexArray()
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
        ledger.deleteVertexArray(vertexArray)
        ledger.deleteProgram(program.program)
    }

    /// The RGBA texture holding `frame`, converting it when this frame object is new.
    func placement(for frame: VideoFrameImage) throws -> TexturePlacement {
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
            try convert(frame, into: slots[index])
            slots[index].frame = frame
        }
        slots[index].lastUse = frameNumber
        let w = Float(frame.width), h = Float(frame.height)
        return TexturePlacement(texture: slots[index].output, originX: 0, originY: 0, width: w, height: h, textureWidth: w, textureHeight: h)
    }

    private func makeSlot(_ key: SlotKey) throws -> Slot {
        let cw = (key.width + 1) / 2, ch = (key.height + 1) / 2
        let formats: [(GLenum, GLenum, Int, Int)] = key.layout == .i420
            ? [(GLenum(GL_R8), GLenum(GL_RED), key.width, key.height), (GLenum(GL_R8), GLenum(GL_RED), cw, ch),
               (GLenum(GL_R8), GLenum(GL_RED), cw, ch)]
            : [(GLenum(GL_R8), GLenum(GL_RED), key.width, key.height), (GLenum(GL_RG8), GLenum(GL_RG), cw, ch)]
        var planes: [GLuint] = []
        for (index, (internalFormat, format, w, h)) in formats.enumerated() {
            let texture = ledger.makeTexture()
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(internalFormat), GLsizei(w), GLsizei(h), 0, format, GLenum(GL_UNSIGNED_BYTE), nil)
            // Chroma is read filtered, between its samples (`VideoConversionProgram`); luma by texel.
            Self.setFilter(index == 0 ? GL_NEAREST : GL_LINEAR)
            planes.append(texture)
        }
        let output = ledger.makeTexture()
        glBindTexture(GLenum(GL_TEXTURE_2D), output)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(key.width), GLsizei(key.height), 0, GLenum(GL_RGBA),
                     GLenum(GL_UNSIGNED_BYTE), nil)
        Self.setFilter(GL_NEAREST)
        let framebuffer = ledger.makeFramebuffer()
        let saved = GLStateSnapshot()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), output, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        saved.restore()
        let slot = Slot(key: key, planes: planes, output: output, framebuffer: framebuffer, frame: nil, lastUse: frameNumber)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            delete(slot)
            throw GLError.call("glCheckFramebufferStatus", code: status, log: "video frame target \(key.width)x\(key.height)")
        }
        try GLError.check("video frame textures")
        return slot
    }

    private static func setFilter(_ filter: GLint) {
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    }

    /// Uploads the planes and draws the conversion into the slot's RGBA texture, leaving the GL
    /// state the renderer set as it was.
    private func convert(_ frame: VideoFrameImage, into slot: Slot) throws {
        let saved = GLStateSnapshot()
        defer { saved.restore() }
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        for (i, plane) in frame.planes.enumerated() {
            let bytesPerSample = frame.layout == .nv12 && i == 1 ? 2 : 1
            glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(i))
            glBindSampler(GLuint(i), 0)
            glBindTexture(GLenum(GL_TEXTURE_2D), slot.planes[i])
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(plane.bytesPerRow / bytesPerSample))
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(plane.width), GLsizei(plane.height),
                            bytesPerSample == 2 ? GLenum(GL_RG) : GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), plane.baseAddress)
        }
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), slot.framebuffer)
        glViewport(0, 0, GLsizei(frame.width), GLsizei(frame.height))
        glDisable(GLenum(GL_BLEND))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glUseProgram(program.program)
        program.setUniforms(layout: frame.layout, siting: frame.chromaSiting, conversion: frame.conversion)
        glBindVertexArray(vertexArray)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        uploadsThisFrame += 1
        bytesThisFrame += frame.byteCount
        try GLError.check("video frame conversion")
    }

    private func delete(_ slot: Slot) {
        for texture in slot.planes { ledger.deleteTexture(texture) }
        ledger.deleteTexture(slot.output)
        ledger.deleteFramebuffer(slot.framebuffer)
    }
}

/// The GL state the video conversion changes, read before and put back after it.
private struct GLStateSnapshot {
    private var drawFramebuffer: GLint = 0, readFramebuffer: GLint = 0
    private var viewport = [GLint](repeating: 0, count: 4)
    private var program: GLint = 0, vertexArray: GLint = 0, activeTexture: GLint = 0
    private var textures = [GLint](repeating: 0, count: 3), samplers = [GLint](repeating: 0, count: 3)
    private var blend = false, scissor = false

    init() {
        glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &drawFramebuffer)
        glGetIntegerv(GLenum(GL_READ_FRAMEBUFFER_BINDING), &readFramebuffer)
        glGetIntegerv(GLenum(GL_VIEWPORT), &viewport)
        glGetIntegerv(GLenum(GL_CURRENT_PROGRAM), &program)
        glGetIntegerv(GLenum(GL_VERTEX_ARRAY_BINDING), &vertexArray)
        glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &activeTexture)
        for unit in 0..<3 {
            glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(unit))
            glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &textures[unit])
            glGetIntegerv(GLenum(GL_SAMPLER_BINDING), &samplers[unit])
        }
        glActiveTexture(GLenum(activeTexture))
        blend = glIsEnabled(GLenum(GL_BLEND)) != 0
        scissor = glIsEnabled(GLenum(GL_SCISSOR_TEST)) != 0
    }

    func restore() {
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(drawFramebuffer))
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(readFramebuffer))
        glViewport(viewport[0], viewport[1], viewport[2], viewport[3])
        glUseProgram(GLuint(program))
        glBindVertexArray(GLuint(vertexArray))
        for unit in 0..<3 {
            glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(unit))
            glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(textures[unit]))
            glBindSampler(GLuint(unit), GLuint(samplers[unit]))
        }
        glActiveTexture(GLenum(activeTexture))
        if blend { glEnable(GLenum(GL_BLEND)) } else { glDisable(GLenum(GL_BLEND)) }
        if scissor { glEnable(GLenum(GL_SCISSOR_TEST)) } else { glDisable(GLenum(GL_SCISSOR_TEST)) }
    }
}
