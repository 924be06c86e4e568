import CEGL
import CGLES3

/// Entry points of EGL and GL extensions, loaded with `eglGetProcAddress` because the system
/// headers declare them only as function-pointer types.
enum EGLExtensions {
    /// Whether a space-separated extension string names `name` exactly.
    static func list(_ extensions: UnsafePointer<CChar>?, contains name: String) -> Bool {
        guard let extensions else { return false }
        return String(cString: extensions).split(separator: " ").contains { $0 == name }
    }

    /// The client extensions (those that exist before a display does), or nil without EGL_EXT_client_extensions.
    static var clientExtensions: UnsafePointer<CChar>? { eglQueryString(nil, EGL_EXTENSIONS) }

    /// Loads `name` and casts it to the C function type `T`; nil when the driver lacks it.
    static func load<T>(_ name: String, as type: T.Type) -> T? {
        guard let pointer = eglGetProcAddress(name) else { return nil }
        return unsafeBitCast(pointer, to: type)
    }

    /// `eglGetPlatformDisplayEXT` (EGL_EXT_platform_base).
    static var getPlatformDisplay: PFNEGLGETPLATFORMDISPLAYEXTPROC? {
        load("eglGetPlatformDisplayEXT", as: PFNEGLGETPLATFORMDISPLAYEXTPROC.self)
    }

    /// `eglQueryDevicesEXT` (EGL_EXT_device_enumeration).
    static var queryDevices: PFNEGLQUERYDEVICESEXTPROC? {
        load("eglQueryDevicesEXT", as: PFNEGLQUERYDEVICESEXTPROC.self)
    }

    /// `eglQueryDeviceStringEXT` (EGL_EXT_device_query).
    static var queryDeviceString: PFNEGLQUERYDEVICESTRINGEXTPROC? {
        load("eglQueryDeviceStringEXT", as: PFNEGLQUERYDEVICESTRINGEXTPROC.self)
    }

    /// `glGetGraphicsResetStatus` under the name the current context's robustness extension gives it
    /// (GL_KHR_robustness or GL_EXT_robustness); nil when the context has neither.
    static func graphicsResetStatus() -> PFNGLGETGRAPHICSRESETSTATUSKHRPROC? {
        let extensions = glGetString(GLenum(GL_EXTENSIONS)).map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
        if list(extensions, contains: "GL_KHR_robustness") {
            return load("glGetGraphicsResetStatusKHR", as: PFNGLGETGRAPHICSRESETSTATUSKHRPROC.self)
        }
        if list(extensions, contains: "GL_EXT_robustness") {
            return load("glGetGraphicsResetStatusEXT", as: PFNGLGETGRAPHICSRESETSTATUSEXTPROC.self)
        }
        return nil
    }
}
