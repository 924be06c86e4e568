import CGLES3
import CoreGraphics
import Foundation

/// A framebuffer a renderer draws into: an RGBA8 renderbuffer of a given pixel size that this
/// object owns, or a framebuffer the caller owns and adopts (for example one bound to a GBM buffer).
public final class OffscreenTarget {
    /// The context the framebuffer belongs to.
    public let context: GLESContext
    /// The framebuffer object's name.
    public private(set) var framebuffer: GLuint
    /// The width in pixels.
    public private(set) var pixelWidth: Int
    /// The height in pixels.
    public private(set) var pixelHeight: Int
    /// Whether canvas row 0 is drawn at the bottom of the framebuffer (window surfaces that a
    /// display scans out top row last); false for offscreen targets, whose row 0 is read back first.
    public let isYFlipped: Bool
    private var renderbuffer: GLuint = 0
    private let ownsFramebuffer: Bool

    /// Creates a framebuffer with an RGBA8 colour renderbuffer of `pixelWidth` x `pixelHeight`.
    ///
    /// - Throws: `GLError.call` when the size exceeds `GL_MAX_RENDERBUFFER_SIZE` or the framebuffer is incomplete.
    public init(context: GLESContext, pixelWidth: Int, pixelHeight: Int) throws {
        try context.makeCurrent()
        self.context = context
        self.pixelWidth = 0; self.pixelHeight = 0
        self.isYFlipped = false
        self.ownsFramebuffer = true
        var name: GLuint = 0
        glGenFramebuffers(1, &name)
        framebuffer = name
        glGenRenderbuffers(1, &name)
        renderbuffer = name
        try resize(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    }

    /// Adopts a framebuffer of the current context that the caller created and keeps (0 is the
    /// window surface's default framebuffer, for which `isYFlipped` is usually true).
    public init(context: GLESContext, adoptingFramebuffer framebuffer: GLuint, pixelWidth: Int, pixelHeight: Int,
                isYFlipped: Bool) throws {
        try context.makeCurrent()
        self.context = context
        self.framebuffer = framebuffer
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight
        self.isYFlipped = isYFlipped
        self.ownsFramebuffer = false
    }

    deinit {
        guard ownsFramebuffer, (try? context.makeCurrent()) != nil else { return }
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteRenderbuffers(1, &renderbuffer)
    }

    /// Changes the pixel size of an owned target (its contents become undefined).
    ///
    /// - Throws: `GLError.unsupported` for an adopted framebuffer, `GLError.call` when GL refuses the size.
    public func resize(pixelWidth width: Int, pixelHeight height: Int) throws {
        guard ownsFramebuffer else { throw GLError.unsupported("resizing an adopted framebuffer") }
        guard width > 0, height > 0 else { throw GLError.call("glRenderbufferStorage", code: GLenum(GL_INVALID_VALUE), log: "size \(width)x\(height)") }
        if width == pixelWidth && height == pixelHeight { return }
        try context.makeCurrent()
        var maximum: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &maximum)
        guard width <= Int(maximum), height <= Int(maximum) else {
            throw GLError.call("glRenderbufferStorage", code: GLenum(GL_INVALID_VALUE),
                               log: "\(width)x\(height) exceeds GL_MAX_RENDERBUFFER_SIZE \(maximum)")
        }
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        try GLError.check("glRenderbufferStorage")
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffer)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GLError.call("glCheckFramebufferStatus", code: status, log: "framebuffer incomplete")
        }
        pixelWidth = width; pixelHeight = height
    }

    /// Binds the framebuffer and sets the viewport to its size.
    public func bind() throws {
        try context.makeCurrent()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(pixelWidth), GLsizei(pixelHeight))
    }

    /// Reads the framebuffer back as a premultiplied RGBA8 image, top row first.
    ///
    /// - Throws: `GLError.call("glReadPixels", ...)` when GL reports an error.
    public func readPixels() throws -> CGImage {
        try bind()
        let rowBytes = pixelWidth * 4
        var pixels = Data(count: rowBytes * pixelHeight)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        pixels.withUnsafeMutableBytes { buffer in
            glReadPixels(0, 0, GLsizei(pixelWidth), GLsizei(pixelHeight), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buffer.baseAddress)
        }
        try GLError.check("glReadPixels")
        if isYFlipped { pixels = Self.reversingRows(pixels, rowBytes: rowBytes, rows: pixelHeight) }
        guard let image = CGImage(width: pixelWidth, height: pixelHeight, bytesPerRow: rowBytes, data: pixels) else {
            throw GLError.call("glReadPixels", code: GLenum(GL_INVALID_VALUE), log: "empty framebuffer")
        }
        return image
    }

    private static func reversingRows(_ data: Data, rowBytes: Int, rows: Int) -> Data {
        var out = Data(count: data.count)
        out.withUnsafeMutableBytes { destination in
            data.withUnsafeBytes { source in
                for row in 0..<rows {
                    let from = source.baseAddress! + row * rowBytes
                    let to = destination.baseAddress! + (rows - 1 - row) * rowBytes
                    to.copyMemory(from: from, byteCount: rowBytes)
                }
            }
        }
        return out
    }
}
