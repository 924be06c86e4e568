import CEGL
import CGLES3
import Foundation

/// An OpenGL ES 3.0 context on EGL, created for offscreen rendering or adopted from a caller.
///
/// Created without a platform, it tries, in order: the platform named by the `QC_EGL_PLATFORM`
/// environment variable alone (`device`, `surfaceless` or `pbuffer`), otherwise Mesa's surfaceless
/// platform, then the EGL device platform (headless NVIDIA), then the default display with a pbuffer.
public final class GLESContext {
    /// The ways a context reaches a display.
    public enum Platform: String, Sendable, CaseIterable {
        /// EGL_EXT_platform_device on a device from EGL_EXT_device_enumeration (headless GPUs).
        case device
        /// EGL_MESA_platform_surfaceless (Mesa without a window system).
        case surfaceless
        /// The default display, current on a 1x1 pbuffer.
        case pbuffer
        /// A context the caller created and made current (for example on a GBM surface).
        case adopted
    }

    /// The EGL display.
    public let display: EGLDisplay
    /// The EGL context.
    public let context: EGLContext
    /// The surface made current with the context, or nil when current without one.
    public let surface: EGLSurface?
    /// The platform the display came from.
    public let platform: Platform
    /// Whether the context was created with EGL_EXT_create_context_robustness (reset notification).
    public let isRobust: Bool
    /// The GL renderer string (for example "llvmpipe (LLVM 15.0.7, 256 bits)").
    public private(set) var rendererName = ""
    private let ownsContext: Bool
    private var resetStatus: PFNGLGETGRAPHICSRESETSTATUSKHRPROC?
    #if DEBUG
    /// A reset status that tests set to make this context behave as lost (it stays lost, as a
    /// real one does): `checkReset()` throws `GLError.contextLost` with it.
    var injectedResetStatus: UInt32?
    #endif

    /// Creates an offscreen GLES 3.0 context and makes it current on this thread.
    ///
    /// - Parameter platform: the platform to use, or nil for `QC_EGL_PLATFORM` or the default order.
    /// - Throws: `EGLError` naming the failing call, or `.noDisplay` listing every attempt.
    public convenience init(platform: Platform? = nil) throws {
        let requested = platform ?? ProcessInfo.processInfo.environment["QC_EGL_PLATFORM"].flatMap(Platform.init(rawValue:))
        let order: [Platform] = requested.map { [$0] } ?? [.surfaceless, .device, .pbuffer]
        var attempts: [String] = []
        for candidate in order where candidate != .adopted {
            do {
                let parts = try GLESContext.create(on: candidate)
                self.init(display: parts.display, context: parts.context, surface: parts.surface,
                          platform: candidate, isRobust: parts.robust, ownsContext: true)
                try makeCurrent()
                return
            } catch {
                attempts.append("\(candidate.rawValue): \(error)")
            }
        }
        throw EGLError.noDisplay(attempts: attempts)
    }

    /// Adopts the EGL context current on this thread; the caller keeps ownership and destroys it.
    ///
    /// - Throws: `EGLError.call("eglGetCurrentContext", ...)` when no context is current.
    public convenience init(adoptingCurrentContext: ()) throws {
        guard let context = eglGetCurrentContext(), let display = eglGetCurrentDisplay() else {
            throw EGLError.call("eglGetCurrentContext", code: eglGetError())
        }
        self.init(display: display, context: context, surface: eglGetCurrentSurface(EGL_DRAW),
                  platform: .adopted, isRobust: false, ownsContext: false)
        try makeCurrent()
    }

    private init(display: EGLDisplay, context: EGLContext, surface: EGLSurface?, platform: Platform,
                 isRobust: Bool, ownsContext: Bool) {
        self.display = display; self.context = context; self.surface = surface
        self.platform = platform; self.isRobust = isRobust; self.ownsContext = ownsContext
    }

    deinit {
        guard ownsContext else { return }
        if eglGetCurrentContext() == context {
            eglMakeCurrent(display, nil, nil, nil)
        }
        if let surface { eglDestroySurface(display, surface) }
        eglDestroyContext(display, context)
        // The display is shared by every context on it in this process; EGL reference-counts
        // nothing, so it is left initialised rather than terminated under another context.
    }

    /// Makes the context current on this thread (a no-op when it already is).
    public func makeCurrent() throws {
        if eglGetCurrentContext() != context || eglGetCurrentSurface(EGL_DRAW) != surface {
            guard eglMakeCurrent(display, surface, surface, context) == EGLBoolean(EGL_TRUE) else {
                throw EGLError.call("eglMakeCurrent", code: eglGetError())
            }
        }
        if rendererName.isEmpty {
            rendererName = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown"
            resetStatus = EGLExtensions.graphicsResetStatus()
        }
    }

    /// Throws `GLError.contextLost` when the GPU has reset this context (robust contexts only).
    public func checkReset() throws {
        #if DEBUG
        if let injectedResetStatus { throw GLError.contextLost(status: injectedResetStatus) }
        #endif
        guard let resetStatus else { return }
        let status = resetStatus()
        if status != GLenum(GL_NO_ERROR) { throw GLError.contextLost(status: status) }
    }

    // MARK: - Creation

    private struct Parts { var display: EGLDisplay; var context: EGLContext; var surface: EGLSurface?; var robust: Bool }

    private static func create(on platform: Platform) throws -> Parts {
        let display = try openDisplay(platform)
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            throw EGLError.call("eglInitialize", code: eglGetError())
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            throw EGLError.call("eglBindAPI", code: eglGetError())
        }
        let extensions = eglQueryString(display, EGL_EXTENSIONS)
        let surfaceless = EGLExtensions.list(extensions, contains: "EGL_KHR_surfaceless_context")
        let config = try chooseConfig(display, needsPbuffer: !surfaceless || platform == .pbuffer)
        let robustAvailable = EGLExtensions.list(extensions, contains: "EGL_EXT_create_context_robustness")
        var context: EGLContext?
        var robust = false
        if robustAvailable {
            context = createContext(display, config, robust: true)
            robust = context != nil
        }
        if context == nil { context = createContext(display, config, robust: false) }
        guard let context else { throw EGLError.call("eglCreateContext", code: eglGetError()) }
        var surface: EGLSurface?
        if !surfaceless || platform == .pbuffer {
            let attributes: [EGLint] = [EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE]
            surface = eglCreatePbufferSurface(display, config, attributes)
            if surface == nil {
                let code = eglGetError()
                eglDestroyContext(display, context)
                throw EGLError.call("eglCreatePbufferSurface", code: code)
            }
        }
        return Parts(display: display, context: context, surface: surface, robust: robust)
    }

    private static func openDisplay(_ platform: Platform) throws -> EGLDisplay {
        let client = EGLExtensions.clientExtensions
        switch platform {
        case .surfaceless:
            guard EGLExtensions.list(client, contains: "EGL_MESA_platform_surfaceless") else {
                throw EGLError.platformUnavailable("surfaceless", reason: "no EGL_MESA_platform_surfaceless")
            }
            guard let getDisplay = EGLExtensions.getPlatformDisplay else {
                throw EGLError.platformUnavailable("surfaceless", reason: "no eglGetPlatformDisplayEXT")
            }
            guard let display = getDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
                throw EGLError.call("eglGetPlatformDisplayEXT", code: eglGetError())
            }
            return display
        case .device:
            return try openDeviceDisplay(client)
        case .pbuffer, .adopted:
            guard let display = eglGetDisplay(nil) else { throw EGLError.call("eglGetDisplay", code: eglGetError()) }
            return display
        }
    }

    /// Opens and initialises the first device that initialises, preferring devices backed by a DRM node (real GPUs)
    /// over software ones.
    private static func openDeviceDisplay(_ client: UnsafePointer<CChar>?) throws -> EGLDisplay {
        for name in ["EGL_EXT_device_enumeration", "EGL_EXT_platform_device"]
        where !EGLExtensions.list(client, contains: name) && !EGLExtensions.list(client, contains: "EGL_EXT_device_base") {
            throw EGLError.platformUnavailable("device", reason: "no \(name)")
        }
        guard let queryDevices = EGLExtensions.queryDevices, let getDisplay = EGLExtensions.getPlatformDisplay else {
            throw EGLError.platformUnavailable("device", reason: "no eglQueryDevicesEXT or eglGetPlatformDisplayEXT")
        }
        var count: EGLint = 0
        guard queryDevices(0, nil, &count) == EGLBoolean(EGL_TRUE) else {
            throw EGLError.call("eglQueryDevicesEXT", code: eglGetError())
        }
        guard count > 0 else { throw EGLError.platformUnavailable("device", reason: "no EGL devices") }
        var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
        guard queryDevices(count, &devices, &count) == EGLBoolean(EGL_TRUE) else {
            throw EGLError.call("eglQueryDevicesEXT", code: eglGetError())
        }
        let queryString = EGLExtensions.queryDeviceString
        func isHardware(_ device: EGLDeviceEXT?) -> Bool {
            guard let device, let queryString else { return false }
            return EGLExtensions.list(queryString(device, EGL_EXTENSIONS), contains: "EGL_EXT_device_drm")
        }
        let ordered = devices.prefix(Int(count)).filter(isHardware) + devices.prefix(Int(count)).filter { !isHardware($0) }
        var lastError: EGLint = EGL_SUCCESS
        var lastCall = "eglGetPlatformDisplayEXT"
        for device in ordered {
            guard let display = getDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), device, nil) else {
                lastError = eglGetError(); lastCall = "eglGetPlatformDisplayEXT"; continue
            }
            var major: EGLint = 0, minor: EGLint = 0
            guard eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
                lastError = eglGetError(); lastCall = "eglInitialize"; continue
            }
            return display
        }
        throw EGLError.call(lastCall, code: lastError)
    }

    private static func chooseConfig(_ display: EGLDisplay, needsPbuffer: Bool) throws -> EGLConfig {
        let attributes: [EGLint] = [
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
            EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
            EGL_SURFACE_TYPE, needsPbuffer ? EGL_PBUFFER_BIT : 0,
            EGL_NONE,
        ]
        var config: EGLConfig?
        var count: EGLint = 0
        guard eglChooseConfig(display, attributes, &config, 1, &count) == EGLBoolean(EGL_TRUE) else {
            throw EGLError.call("eglChooseConfig", code: eglGetError())
        }
        guard count > 0, let config else { throw EGLError.call("eglChooseConfig", code: EGL_BAD_CONFIG) }
        return config
    }

    private static func createContext(_ display: EGLDisplay, _ config: EGLConfig, robust: Bool) -> EGLContext? {
        var attributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0]
        if robust {
            attributes += [EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT, EGL_TRUE,
                           EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT, EGL_LOSE_CONTEXT_ON_RESET_EXT]
        }
        attributes.append(EGL_NONE)
        return eglCreateContext(display, config, nil, attributes)
    }
}
