import Foundation
import GLESRenderer

/// The ways an EGL context reaches a display. (Linux addition.)
public enum CAEGLPlatform: String, Sendable, CaseIterable {
    /// `EGL_EXT_platform_device`, on a device from `EGL_EXT_device_enumeration` (headless GPUs).
    case device
    /// `EGL_MESA_platform_surfaceless` (Mesa without a window system).
    case surfaceless
    /// The default display, current on a 1x1 pbuffer.
    case pbuffer
    /// A context the caller created and made current (for example on a GBM surface).
    case adopted

    /// The renderer's spelling of the platform.
    var glesPlatform: GLESContext.Platform {
        switch self {
        case .device: .device
        case .surfaceless: .surfaceless
        case .pbuffer: .pbuffer
        case .adopted: .adopted
        }
    }

    init(_ platform: GLESContext.Platform) {
        switch platform {
        case .device: self = .device
        case .surfaceless: self = .surfaceless
        case .pbuffer: self = .pbuffer
        case .adopted: self = .adopted
        }
    }
}

/// An OpenGL ES 3 context on an EGL display: what a `CAOpenGLLayer` draws with, the role of the
/// CGL context of Apple's `CAOpenGLLayer`. (Linux addition.)
public final class CAEGLContext {
    /// The context as the GLES renderer holds it.
    let context: GLESContext

    /// Creates an OpenGL ES 3.0 context and makes it current on this thread.
    ///
    /// - Parameter platform: the platform to use, or nil for the one `QC_EGL_PLATFORM` names or the
    ///   first that works (surfaceless, device, pbuffer).
    /// - Throws: the EGL error of the failed creation, naming every platform tried.
    public convenience init(platform: CAEGLPlatform? = nil) throws {
        self.init(try GLESContext(platform: platform?.glesPlatform))
    }

    /// Adopts the EGL context current on this thread (the caller keeps owning it).
    ///
    /// - Throws: an EGL error when no context is current.
    public convenience init(adoptingCurrentContext: ()) throws {
        self.init(try GLESContext(adoptingCurrentContext: ()))
    }

    init(_ context: GLESContext) {
        self.context = context
    }

    /// The `EGLDisplay`.
    public var display: UnsafeMutableRawPointer { context.display }
    /// The `EGLContext`.
    public var eglContext: UnsafeMutableRawPointer { context.context }
    /// The platform the display came from.
    public var platform: CAEGLPlatform { CAEGLPlatform(context.platform) }
    /// The GL renderer string (for example "llvmpipe (LLVM 15.0.7, 256 bits)").
    public var rendererName: String { context.rendererName }

    /// Makes the context current on this thread.
    ///
    /// - Throws: the EGL error of `eglMakeCurrent`.
    public func makeCurrent() throws {
        try context.makeCurrent()
    }
}
