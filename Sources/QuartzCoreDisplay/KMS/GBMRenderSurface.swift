import CDRM
import CEGL
import CGBM
import CGLES3
import Foundation
import GLESRenderer
import QuartzCore

/// A GBM surface of the mode's size with an OpenGL ES 3 context on it (EGL's GBM platform), a
/// `CARenderer` drawing into it, and a KMS framebuffer for each of its buffers.
/// Confined to the output's thread.
final class GBMRenderSurface: KMSRenderSurface {
    let kind = "gles"
    /// DRM_FORMAT_XRGB8888 ('XR24'): the format every KMS primary plane scans out.
    static let format: UInt32 = ScanoutFormat.xrgb8888.fourcc
    let width: Int
    let height: Int
    let renderer: CARenderer
    /// Whether EGL reports the age of the back buffer (EGL_EXT_buffer_age).
    let hasBufferAge: Bool

    private let fd: Int32
    private let gbm: OpaquePointer
    private let surface: OpaquePointer
    private let display: EGLDisplay
    private let context: EGLContext
    private let eglSurface: EGLSurface
    private var framebuffers: [OpaquePointer: UInt32] = [:]
    private var lockedBuffers: [UInt32: OpaquePointer] = [:]

    init(fd: Int32, width: Int, height: Int) throws {
        self.fd = fd
        self.width = width
        self.height = height
        guard let gbm = gbm_create_device(fd) else { throw CADisplayError.errno("gbm_create_device") }
        self.gbm = gbm
        let usage = UInt32(GBM_BO_USE_SCANOUT.rawValue | GBM_BO_USE_RENDERING.rawValue)
        guard let surface = gbm_surface_create(gbm, UInt32(width), UInt32(height), Self.format, usage) else {
            gbm_device_destroy(gbm)
            throw CADisplayError.errno("gbm_surface_create")
        }
        self.surface = surface
        var egl: (display: EGLDisplay, context: EGLContext, surface: EGLSurface, hasBufferAge: Bool)?
        do {
            let made = try Self.makeEGL(gbm: gbm, surface: surface)
            egl = made
            (display, context, eglSurface, hasBufferAge) = made
            let adopted = try GLESContext(adoptingCurrentContext: ())
            let target = try OffscreenTarget(context: adopted, adoptingFramebuffer: 0, pixelWidth: width,
                                             pixelHeight: height, isYFlipped: true)
            renderer = try CARenderer(target: target)
        } catch {
            if let egl { Self.destroyEGL(egl.display, context: egl.context, surface: egl.surface) }
            gbm_surface_destroy(surface)
            gbm_device_destroy(gbm)
            throw error
        }
    }

    deinit {
        for fb in framebuffers.values { drmModeRmFB(fd, fb) }
        Self.destroyEGL(display, context: context, surface: eglSurface)
        gbm_surface_destroy(surface)
        gbm_device_destroy(gbm)
    }

    /// Releases the context and window surface, then terminates the display, which is this
    /// surface's own (one per GBM device). Terminating it closes the duplicate of the card's
    /// descriptor the driver took at `eglInitialize` and frees its screen: without it every
    /// replug or lost context leaked a descriptor, and a new GBM device allocated at the freed
    /// one's address would find the old display still initialized. `nil` parts were not made.
    private static func destroyEGL(_ display: EGLDisplay, context: EGLContext?, surface: EGLSurface?) {
        eglMakeCurrent(display, nil, nil, nil)
        if let surface { eglDestroySurface(display, surface) }
        if let context { eglDestroyContext(display, context) }
        eglTerminate(display)
    }

    private static func makeEGL(gbm: OpaquePointer, surface: OpaquePointer) throws
        -> (EGLDisplay, EGLContext, EGLSurface, Bool) {
        guard let address = eglGetProcAddress("eglGetPlatformDisplayEXT") else {
            throw CADisplayError.call("eglGetProcAddress", detail: "no eglGetPlatformDisplayEXT")
        }
        let getPlatformDisplay = unsafeBitCast(address, to: PFNEGLGETPLATFORMDISPLAYEXTPROC.self)
        guard let display = getPlatformDisplay(EGLenum(EGL_PLATFORM_GBM_KHR), UnsafeMutableRawPointer(gbm), nil) else {
            throw CADisplayError.call("eglGetPlatformDisplayEXT(GBM)", detail: eglErrorName())
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            throw CADisplayError.call("eglInitialize", detail: eglErrorName())
        }
        do {
            let (context, eglSurface, bufferAge) = try makeContextAndSurface(display: display, surface: surface)
            return (display, context, eglSurface, bufferAge)
        } catch {
            destroyEGL(display, context: nil, surface: nil)
            throw error
        }
    }

    /// A GLES 3 context (robust where offered) and a window surface on `surface`, made current.
    private static func makeContextAndSurface(display: EGLDisplay, surface: OpaquePointer) throws
        -> (EGLContext, EGLSurface, Bool) {
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            throw CADisplayError.call("eglBindAPI", detail: eglErrorName())
        }
        let config = try chooseConfig(display)
        let extensions = eglQueryString(display, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        let names = extensions.split(separator: " ")
        let contextAttributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE]
        // A robust context reports a GPU reset (glGetGraphicsResetStatus) instead of drawing
        // nothing for ever: the output loop then makes a new surface, context and renderer.
        let robustAttributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0,
                                          EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT, EGL_TRUE,
                                          EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT, EGL_LOSE_CONTEXT_ON_RESET_EXT,
                                          EGL_NONE]
        let robust = names.contains("EGL_EXT_create_context_robustness")
            ? eglCreateContext(display, config, nil, robustAttributes) : nil
        guard let context = robust ?? eglCreateContext(display, config, nil, contextAttributes) else {
            throw CADisplayError.call("eglCreateContext", detail: eglErrorName())
        }
        guard let eglSurface = eglCreateWindowSurface(display, config, unsafeBitCast(surface, to: EGLNativeWindowType.self), nil) else {
            eglDestroyContext(display, context)
            throw CADisplayError.call("eglCreateWindowSurface", detail: eglErrorName())
        }
        guard eglMakeCurrent(display, eglSurface, eglSurface, context) == EGLBoolean(EGL_TRUE) else {
            eglDestroySurface(display, eglSurface)
            eglDestroyContext(display, context)
            throw CADisplayError.call("eglMakeCurrent", detail: eglErrorName())
        }
        return (context, eglSurface, names.contains("EGL_EXT_buffer_age"))
    }

    /// An RGB888 config whose native visual is XRGB8888 (so the buffers can be scanned out).
    private static func chooseConfig(_ display: EGLDisplay) throws -> EGLConfig {
        let attributes: [EGLint] = [EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8,
                                    EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 0, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE]
        var count: EGLint = 0
        guard eglChooseConfig(display, attributes, nil, 0, &count) == EGLBoolean(EGL_TRUE), count > 0 else {
            throw CADisplayError.call("eglChooseConfig", detail: "no GLES 3 window config")
        }
        var configs = [EGLConfig?](repeating: nil, count: Int(count))
        eglChooseConfig(display, attributes, &configs, count, &count)
        for config in configs.prefix(Int(count)) {
            var visual: EGLint = 0
            if let config, eglGetConfigAttrib(display, config, EGL_NATIVE_VISUAL_ID, &visual) == EGLBoolean(EGL_TRUE),
               UInt32(bitPattern: visual) == format {
                return config
            }
        }
        throw CADisplayError.call("eglChooseConfig", detail: "no config with native visual XRGB8888")
    }

    /// Makes the context current on this thread.
    func makeCurrent() {
        eglMakeCurrent(display, eglSurface, eglSurface, context)
    }

    /// The age of the back buffer the next frame draws into (0: unknown contents).
    var bufferAge: Int {
        guard hasBufferAge else { return 0 }
        var age: EGLint = 0
        let EGL_BUFFER_AGE_EXT: EGLint = 0x313D
        return eglQuerySurface(display, eglSurface, EGL_BUFFER_AGE_EXT, &age) == EGLBoolean(EGL_TRUE) ? Int(age) : 0
    }

    /// Whether a buffer is free to render into.
    var hasFreeBuffers: Bool { gbm_surface_has_free_buffers(surface) != 0 }

    /// Swaps the rendered frame into a buffer object and returns its KMS framebuffer.
    func present() throws -> UInt32 {
        let (bo, framebuffer) = try lockFrontBuffer()
        lockedBuffers[framebuffer] = bo
        return framebuffer
    }

    /// Gives a buffer back to the surface once the display no longer scans it out.
    func release(framebuffer: UInt32) {
        guard let bo = lockedBuffers.removeValue(forKey: framebuffer) else { return }
        gbm_surface_release_buffer(surface, bo)
    }

    private func lockFrontBuffer() throws -> (bo: OpaquePointer, framebuffer: UInt32) {
        guard eglSwapBuffers(display, eglSurface) == EGLBoolean(EGL_TRUE) else {
            throw CADisplayError.call("eglSwapBuffers", detail: eglErrorName())
        }
        guard let bo = gbm_surface_lock_front_buffer(surface) else { throw CADisplayError.errno("gbm_surface_lock_front_buffer") }
        if let fb = framebuffers[bo] { return (bo, fb) }
        var handles: [UInt32] = [gbm_bo_get_handle(bo).u32, 0, 0, 0]
        var pitches: [UInt32] = [gbm_bo_get_stride(bo), 0, 0, 0]
        var offsets: [UInt32] = [0, 0, 0, 0]
        var fb: UInt32 = 0
        let result = drmModeAddFB2(fd, UInt32(width), UInt32(height), Self.format, &handles, &pitches, &offsets, &fb, 0)
        guard result == 0 else {
            gbm_surface_release_buffer(surface, bo)
            throw CADisplayError.errno("drmModeAddFB2", result)
        }
        framebuffers[bo] = fb
        return (bo, fb)
    }

}

/// The name of the last EGL error.
func eglErrorName() -> String {
    String(format: "EGL error 0x%04X", eglGetError())
}
