import Foundation
import QuartzCoreModel

/// A layer whose content the app draws with its own OpenGL ES 3 calls: the role of Apple's
/// `CAOpenGLLayer` (macOS) and `CAEAGLLayer` (iOS) on Linux.
///
/// Subclass it and override `draw(in:forLayerTime:displayTime:)`. The layer owns a private EGL
/// context (made by `copyGLESContext()`) and a dedicated serial render thread: `copyGLESContext()`,
/// `canDraw(in:forLayerTime:displayTime:)` and `draw(in:forLayerTime:displayTime:)` are called on
/// that thread, with the context current, never on the main thread; whatever they read must be
/// safe to read there. The app draws into a framebuffer of the layer's bounds times its
/// `contentsScale` pixels, cleared to transparent black, whose row 0 is the layer's top edge
/// (y down, as the layer's geometry; see `CAOpenGLLayerContext`).
///
/// After each draw the frame is read back into a premultiplied RGBA8 image, top row first, that
/// both the GLES and the CPU renderers draw as the layer's content (stretched over its bounds,
/// above `contents` and below sublayers). The read-back costs one copy of the frame per draw;
/// sharing the framebuffer's texture with the compositor (an EGL image or a shared context) would
/// remove it. When EGL is missing, the context is lost (a robust context's reset; the context is
/// made again for the next draw) or the drawing leaves a GL error, the failure is logged and the
/// previous frame stays.
///
/// With `isAsynchronous` false the layer draws when it displays: once when first committed,
/// then after each `setNeedsDisplay()` (at the next commit) or `display()`; `display()` waits up
/// to one second for the draw, after which the frame lands in a later one. With `isAsynchronous`
/// true it also draws for every frame a renderer draws it in, as Apple's asynchronous layers draw
/// at every display refresh.
open class CAOpenGLLayer: CALayer, OpenGLLayerProperties {
    /// Creates a GL layer with Apple's defaults (`isAsynchronous` false), marked as needing display.
    public override init() {
        super.init()
        installOpenGLLayerState()
        let thread = OpenGLLayerRenderThread(layer: self)
        OpenGLLayerRegistry.shared.register(thread, forLayerID: renderTreeID)
        setNeedsDisplay()
    }

    /// Creates a GL layer from an archive (see `CALayer.init?(coder:)`), with a render thread of
    /// its own and marked as needing display, as a new GL layer is.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        installOpenGLLayerState()
        decodeArchivedSpecializedProperties(from: coder)
        let thread = OpenGLLayerRenderThread(layer: self)
        OpenGLLayerRegistry.shared.register(thread, forLayerID: renderTreeID)
        setNeedsDisplay()
    }

    /// Creates a copy of `layer`, as Core Animation does for presentation layers; the copy has no
    /// render thread of its own.
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    deinit {
        OpenGLLayerRegistry.shared.remove(renderTreeID)
    }

    /// Returns the default value of `key` for GL layers.
    open override class func defaultValue(forKey key: String) -> Any? {
        openGLLayerDefault(forKey: key) ?? super.defaultValue(forKey: key)
    }

    /// When true, the layer is asked to draw for every frame the renderer draws it in, instead of
    /// only when it displays; false by default.
    open var isAsynchronous: Bool {
        get { openGLLayerIsAsynchronous }
        set { openGLLayerIsAsynchronous = newValue }
    }

    /// Draws a new frame on the layer's render thread and waits for it (up to one second).
    open override func display() {
        consumeDisplayRequest()
        guard let thread = OpenGLLayerRegistry.shared.renderThread(ofLayerID: renderTreeID) as? OpenGLLayerRenderThread,
              let request = openGLDrawRequest(layerTime: convertTime(CACurrentMediaTime(), from: nil),
                                              displayTime: nil) else { return }
        let ticket = thread.submit(request)
        if !thread.wait(for: ticket, timeout: 1) {
            QuartzCoreLog.logger.warning("CAOpenGLLayer \(renderTreeID): display() gave up waiting for the draw after 1 s")
        }
    }

    /// Returns the EGL context the layer draws with; called once, on the render thread, before the
    /// first draw (and again after a lost context). The default makes an OpenGL ES 3.0 context on
    /// the platform that `QC_EGL_PLATFORM` names or the first that works (see `CAEGLContext`).
    /// Override it to choose a platform; the context must be current on return.
    ///
    /// - Throws: the EGL error of the failed creation; the layer logs it and keeps its frame.
    open func copyGLESContext() throws -> CAEGLContext {
        try CAEGLContext()
    }

    /// Returns whether the layer should draw now; called on the render thread with the context
    /// current before each draw. The default returns true.
    ///
    /// - Parameters:
    ///   - context: the layer's context and framebuffer.
    ///   - t: the layer's local time of the frame.
    ///   - ts: the display refresh the frame is for, or nil for a draw that `display()` asked for.
    open func canDraw(in context: CAOpenGLLayerContext, forLayerTime t: CFTimeInterval,
                      displayTime ts: UnsafePointer<CVTimeStamp>?) -> Bool {
        true
    }

    /// Draws the layer's frame with OpenGL ES calls into `context.framebuffer`, which is bound and
    /// cleared to transparent black; called on the render thread with the context current. The
    /// default draws nothing (the frame stays transparent). Leave no GL error behind: a draw that
    /// does is logged and its frame discarded.
    ///
    /// - Parameters:
    ///   - context: the layer's context and framebuffer.
    ///   - t: the layer's local time of the frame.
    ///   - ts: the display refresh the frame is for, or nil for a draw that `display()` asked for.
    open func draw(in context: CAOpenGLLayerContext, forLayerTime t: CFTimeInterval,
                   displayTime ts: UnsafePointer<CVTimeStamp>?) {}
}
