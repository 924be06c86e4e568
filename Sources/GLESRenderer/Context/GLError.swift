import CGLES3

/// An OpenGL ES failure, named by the call that reported it.
public enum GLError: Error, Equatable, CustomStringConvertible {
    /// `call` failed with the GL error `code` (for example `GL_INVALID_OPERATION`); `log` holds a
    /// compiler or linker log where there is one.
    case call(String, code: UInt32, log: String)
    /// The GPU reset and the context's objects are gone; recreate the context and the renderer.
    /// `status` is the value of `glGetGraphicsResetStatus`.
    case contextLost(status: UInt32)
    /// The context lacks something the renderer needs.
    case unsupported(String)

    /// A readable account of the failure.
    public var description: String {
        switch self {
        case let .call(name, code, log):
            let text = "\(name) failed with \(GLError.name(of: code)) (0x\(String(code, radix: 16)))"
            return log.isEmpty ? text : "\(text): \(log)"
        case let .contextLost(status):
            return "GL context lost (reset status 0x\(String(status, radix: 16)))"
        case let .unsupported(what):
            return "unsupported: \(what)"
        }
    }

    /// The symbolic name of a GL error code.
    static func name(of code: UInt32) -> String {
        switch Int32(bitPattern: code) {
        case GL_INVALID_ENUM: return "GL_INVALID_ENUM"
        case GL_INVALID_VALUE: return "GL_INVALID_VALUE"
        case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION"
        case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY"
        case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION"
        case Int32(bitPattern: contextLostCode): return "GL_CONTEXT_LOST"
        default: return "GL error"
        }
    }

    /// `GL_CONTEXT_LOST` (OpenGL ES 3.2, KHR_robustness): the error every call of a robust
    /// context reports once the context is lost.
    static let contextLostCode: UInt32 = 0x0507
    /// `GL_UNKNOWN_CONTEXT_RESET`: the reset status given to a loss that `glGetError` reported
    /// (whose cause the error does not say).
    static let unknownContextReset: UInt32 = 0x8255

    /// Throws `.call(name, ...)` when `glGetError` reports an error, after draining the error
    /// queue; `.contextLost` when the error is `GL_CONTEXT_LOST`, which leaves the context
    /// unusable (the caller recreates it, as after a reset status).
    static func check(_ name: String) throws {
        #if DEBUG
        if let injected = GLFaultInjection.shared.takeFailure(for: name) {
            while glGetError() != GLenum(GL_NO_ERROR) {}
            throw failure(name, code: injected)
        }
        #endif
        let code = glGetError()
        guard code != GLenum(GL_NO_ERROR) else { return }
        // Bounded: a driver whose lost context keeps raising errors must not hang the frame.
        var drained = 0
        while glGetError() != GLenum(GL_NO_ERROR) && drained < 16 { drained += 1 }
        throw failure(name, code: code)
    }

    /// The error that the GL error `code` reported by the check `name` stands for.
    private static func failure(_ name: String, code: UInt32) -> GLError {
        code == contextLostCode ? .contextLost(status: unknownContextReset) : .call(name, code: code, log: "")
    }
}

/// An EGL failure, named by the call that reported it.
public enum EGLError: Error, Equatable, CustomStringConvertible {
    /// `call` failed with the EGL error `code` (for example `EGL_BAD_MATCH`).
    case call(String, code: Int32)
    /// The requested platform cannot be used here; `reason` says why.
    case platformUnavailable(String, reason: String)
    /// No offscreen display could be opened; `attempts` lists each platform's failure.
    case noDisplay(attempts: [String])

    /// A readable account of the failure.
    public var description: String {
        switch self {
        case let .call(name, code): return "\(name) failed with EGL error 0x\(String(code, radix: 16))"
        case let .platformUnavailable(platform, reason): return "EGL platform \(platform) unavailable: \(reason)"
        case let .noDisplay(attempts): return "no EGL display: " + attempts.joined(separator: "; ")
        }
    }
}
