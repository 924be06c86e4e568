import CGLES3
import Foundation
import GLESRenderer
import QuartzCoreModel

/// The GL work of one `CAOpenGLLayer` on its render thread: the private context (made by the
/// layer's `copyGLESContext()` on first use), the framebuffer, the layer's drawing methods and
/// the read-back of the frame.
///
/// Every failure (no EGL, a lost context, a GL error left by the layer's drawing) is logged
/// and keeps the previous image; a lost context is dropped and made again on the next draw.
/// Not Sendable: it is created on the render thread and never leaves it.
final class OpenGLLayerDrawer {
    /// What one request came to.
    struct Outcome {
        /// Whether the layer's `draw(in:forLayerTime:displayTime:)` was called.
        var drew = false
        /// The frame read back, when the draw succeeded.
        var image: CGImage?
        /// Whether the draw failed and was logged.
        var failed = false
    }

    private let layer: WeakOpenGLLayer
    private let layerID: UInt64
    private var context: CAEGLContext?
    private var target: OffscreenTarget?
    /// The last failure logged, so that one failing again every frame is logged once.
    private var lastLogged: String?

    init(layer: WeakOpenGLLayer, layerID: UInt64) {
        self.layer = layer
        self.layerID = layerID
    }

    /// Draws the layer for `request`; nothing happens when the layer is gone or its
    /// `canDraw(in:forLayerTime:displayTime:)` declines.
    func draw(_ request: OpenGLDrawRequest) -> Outcome {
        guard let layer = layer.layer else { return Outcome() }
        var outcome = Outcome()
        do {
            let (context, target) = try prepare(layer, request)
            let drawing = CAOpenGLLayerContext(glesContext: context, framebuffer: target.framebuffer,
                                               pixelWidth: target.pixelWidth, pixelHeight: target.pixelHeight,
                                               contentsScale: request.contentsScale)
            var stamp = request.displayTime ?? CVTimeStamp()
            let proceed = withUnsafePointer(to: &stamp) { pointer in
                let displayTime = request.displayTime == nil ? nil : pointer
                guard layer.canDraw(in: drawing, forLayerTime: request.layerTime, displayTime: displayTime) else {
                    return false
                }
                clear(drawing)
                outcome.drew = true
                layer.draw(in: drawing, forLayerTime: request.layerTime, displayTime: displayTime)
                return true
            }
            guard proceed else { return outcome }
            try Self.checkDrawing()
            try context.context.checkReset()
            outcome.image = try target.readPixels()
            lastLogged = nil
        } catch {
            outcome.failed = true
            if case GLError.contextLost = error { discardContext() }
            log(error)
        }
        return outcome
    }

    /// The context, made current, and the framebuffer at the request's size.
    private func prepare(_ layer: CAOpenGLLayer, _ request: OpenGLDrawRequest) throws -> (CAEGLContext, OffscreenTarget) {
        let context = try self.context ?? layer.copyGLESContext()
        self.context = context
        try context.makeCurrent()
        let target = try self.target ?? OffscreenTarget(context: context.context, pixelWidth: request.pixelWidth,
                                                        pixelHeight: request.pixelHeight)
        self.target = target
        try target.resize(pixelWidth: request.pixelWidth, pixelHeight: request.pixelHeight)
        return (context, target)
    }

    /// Binds the framebuffer over its whole size and clears it to transparent black (with the
    /// scissor test off and every channel writable), leaving no error behind for the layer.
    private func clear(_ drawing: CAOpenGLLayerContext) {
        drawing.bindFramebuffer()
        glDisable(GLenum(GL_SCISSOR_TEST))
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        while glGetError() != GLenum(GL_NO_ERROR) {}
    }

    /// Throws the first GL error the layer's drawing left, after draining the error queue.
    private static func checkDrawing() throws {
        let code = glGetError()
        guard code != GLenum(GL_NO_ERROR) else { return }
        while glGetError() != GLenum(GL_NO_ERROR) {}
        throw GLError.call("draw(in:forLayerTime:displayTime:)", code: code, log: "the layer's drawing left a GL error")
    }

    /// Forgets a lost context and its framebuffer (their objects are gone with the GPU reset).
    private func discardContext() {
        target = nil
        context = nil
    }

    private func log(_ error: Error) {
        let message = "CAOpenGLLayer \(layerID): \(error); keeping the previous contents"
        guard message != lastLogged else { return }
        lastLogged = message
        QuartzCoreLog.logger.error("\(message)")
    }
}
