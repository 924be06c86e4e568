import CGLES3
import Foundation

/// What a `CAOpenGLLayer` hands to its drawing methods: its private OpenGL ES 3 context, current
/// on the layer's render thread for the duration of the call, and the framebuffer to draw into.
///
/// The framebuffer is `pixelWidth` × `pixelHeight` pixels (the layer's bounds times its
/// `contentsScale`, rounded up), bound with the viewport covering it and cleared to transparent
/// black before `draw(in:forLayerTime:displayTime:)` is called. Its row 0 (`gl_FragCoord.y` below 1,
/// normalized device y = -1) is the top edge of the layer, as in the layer's own y-down geometry:
/// negate y in a vertex shader written for GL's usual y-up convention. Colours are read as
/// premultiplied RGBA. The object is only valid during the call and on the thread it was given on.
public final class CAOpenGLLayerContext {
    /// The layer's EGL context, current on this thread.
    public let glesContext: CAEGLContext
    /// The name of the framebuffer object the layer shows (a `GLuint`); bound when the drawing
    /// method is called.
    public let framebuffer: UInt32
    /// The width of the framebuffer, in pixels.
    public let pixelWidth: Int
    /// The height of the framebuffer, in pixels.
    public let pixelHeight: Int
    /// The layer's `contentsScale`: pixels per point of the framebuffer.
    public let contentsScale: CGFloat

    init(glesContext: CAEGLContext, framebuffer: UInt32, pixelWidth: Int, pixelHeight: Int, contentsScale: CGFloat) {
        self.glesContext = glesContext
        self.framebuffer = framebuffer
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.contentsScale = contentsScale
    }

    /// Binds the layer's framebuffer again and sets the viewport to cover it, for drawing that
    /// used framebuffers of its own first.
    public func bindFramebuffer() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(pixelWidth), GLsizei(pixelHeight))
    }
}
