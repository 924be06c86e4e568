import CGLES3
import CompositorCore

/// An offscreen colour target: an RGBA8 texture and the framebuffer that draws into it.
///
/// The content occupies `width` x `height` texels starting one texel in from the texture's
/// corner; the texels around it are cleared to transparent with the rest of the texture, so that
/// filtering and blur taps beyond the content read zero instead of stale pixels.
final class RenderTarget {
    /// Transparent texels left around the content on every side.
    static let border = 1

    let texture: GLuint
    let framebuffer: GLuint
    /// The texture's size.
    let allocatedWidth: Int, allocatedHeight: Int
    /// The content's size (at most the allocated size less the borders).
    var width: Int, height: Int

    init(texture: GLuint, framebuffer: GLuint, allocatedWidth: Int, allocatedHeight: Int) {
        self.texture = texture; self.framebuffer = framebuffer
        self.allocatedWidth = allocatedWidth; self.allocatedHeight = allocatedHeight
        width = allocatedWidth - 2 * Self.border; height = allocatedHeight - 2 * Self.border
    }

    /// GPU memory held, in bytes.
    var byteCount: Int { allocatedWidth * allocatedHeight * 4 }

    /// Where the content lies in the texture, for drawing it as a quad's texture.
    var placement: TexturePlacement {
        TexturePlacement(texture: texture, originX: Float(Self.border), originY: Float(Self.border),
                         width: Float(width), height: Float(height),
                         textureWidth: Float(allocatedWidth), textureHeight: Float(allocatedHeight))
    }

    /// Binds the framebuffer, clears the whole texture to transparent, and limits drawing to a
    /// content of `width` x `height` (the size the pass drawing it was encoded for: a target the
    /// pool hands out again later in the frame may hold another size by the time the pass runs).
    func bindAndClear(width: Int, height: Int) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        bindKeepingPixels(width: width, height: height)
    }

    /// Binds the framebuffer and limits drawing to a content of `width` x `height`, keeping what
    /// it holds (drawing goes on after a backdrop's passes).
    func bindKeepingPixels(width: Int, height: Int) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        let b = GLint(Self.border)
        glViewport(b, b, GLsizei(width), GLsizei(height))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(b, b, GLsizei(width), GLsizei(height))
    }
}
